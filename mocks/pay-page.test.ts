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
