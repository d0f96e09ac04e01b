import { describe, expect, it } from "vitest";
import { escapeHtml, outcomePath } from "./pay-page";
import type { SandboxOrder } from "./sales/orders";

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
    const { sandboxPayPage, PAY_LATER_CHECKS } = await import("./pay-page");
    const { SandboxOrders } = await import("./sales/orders");
    const { planById } = await import("./sales/catalogue");
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
