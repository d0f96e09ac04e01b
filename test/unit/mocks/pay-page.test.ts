import { describe, expect, it } from "vitest";
import { escapeHtml, outcomePath } from "../../../mocks/pay-page";
import type { SandboxOrder } from "../../../mocks/sales/orders";

const order: SandboxOrder = {
  order: "102-0a1b2c3d4e5f-00000009",
  planId: 102,
  status: "paid",
  method: "card",
  email: "d***@example.com",
  cost: 3588,
  discount: 0,
  total: 3588,
  currency: "USD",
};

describe("sandbox payment page", () => {
  it("returns the buyer to the outcome page in their language", () => {
    expect(outcomePath(order, "paid")).toBe("/payment-success?order=102-0a1b2c3d4e5f-00000009");
    expect(outcomePath({ ...order, lang: "de" }, "failed")).toBe(
      "/de/payment-error?order=102-0a1b2c3d4e5f-00000009",
    );
    expect(outcomePath({ ...order, lang: "en" }, "paid")).toMatch(/^\/payment-success/);
  });

  it("escapes what it shows", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("sandbox payment page: pay later", () => {
  it("leaves the order pending and returns to the success page", async () => {
    const { sandboxPayPage, PAY_LATER_CHECKS } = await import("../../../mocks/pay-page");
    const { SandboxOrders } = await import("../../../mocks/sales/orders");
    const { planById } = await import("../../../mocks/sales/catalogue");
    const orders = new SandboxOrders();
    const plan = planById(102);
    if (!plan) throw new Error("plan 102 is gone");
    const created = orders.create({ plan, buyer: "b", email: "b***@x.example", method: "card" });
    let redirected: [number, string] | null = null;
    const res = {
      locals: {},
      set: () => res,
      redirect: (status: number, to: string) => {
        redirected = [status, to];
      },
    };
    const req = { body: Buffer.from(`order=${created.order}&outcome=later`) };
    sandboxPayPage(orders).settle(req as never, res as never, () => {});
    expect(redirected).toEqual([303, `/payment-success?order=${created.order}`]);
    expect(orders.get(created.order)).toMatchObject({
      status: "pending",
      checksUntilPaid: PAY_LATER_CHECKS,
    });
  });
});

describe("sandbox payment page: its own policy", () => {
  it("allows its one stylesheet by a nonce of its own, whatever policy the site set", async () => {
    const { sandboxPayPage } = await import("../../../mocks/pay-page");
    const { SandboxOrders } = await import("../../../mocks/sales/orders");
    const { planById } = await import("../../../mocks/sales/catalogue");
    const orders = new SandboxOrders();
    const plan = planById(102);
    if (!plan) throw new Error("plan 102 is gone");
    const created = orders.create({ plan, buyer: "b", email: "b***@x.example", method: "card" });
    const headers = new Map<string, string>([
      ["Content-Security-Policy-Report-Only", "the site's policy"],
    ]);
    let sent = "";
    const res = {
      status: () => res,
      type: () => res,
      set: (name: string, value: string) => (headers.set(name, value), res),
      removeHeader: (name: string) => (headers.delete(name), res),
      send: (html: string) => (sent = html),
    };
    sandboxPayPage(orders).show(
      { query: { order: created.order } } as never,
      res as never,
      () => {},
    );
    const nonce = /<style nonce="([^"]+)">/.exec(sent)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(headers.get("Content-Security-Policy")).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(headers.has("Content-Security-Policy-Report-Only")).toBe(false);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });
});
