import { describe, expect, it } from "vitest";
import { planById } from "../../../../mocks/sales/catalogue";
import { REDEEM_CODES, redeemCodeOf } from "../../../../mocks/sales/codes";
import { SandboxOrders, orderHash } from "../../../../mocks/sales/orders";

const plan = (id: number) => {
  const found = planById(id);
  if (!found) throw new Error(`plan ${id} is gone`);
  return found;
};

function pending(orders: SandboxOrders) {
  return orders.create({ plan: plan(102), buyer: "b", email: "b***@x.example", method: "card" });
}

describe("sandbox orders", () => {
  it("a 'pay later' order turns paid at the N-th status check", () => {
    const orders = new SandboxOrders();
    const { order } = pending(orders);
    orders.payLater(order, 2);
    expect(orders.check(order)?.status).toBe("pending");
    expect(orders.check(order)?.status).toBe("paid");
    expect(orders.check(order)?.status).toBe("paid");
    expect(orders.get(order)?.checksUntilPaid).toBeUndefined();
  });

  it("a plain pending order stays pending however often it is checked", () => {
    const orders = new SandboxOrders();
    const { order } = pending(orders);
    for (let i = 0; i < 5; i += 1) expect(orders.check(order)?.status).toBe("pending");
  });

  it("'pay later' leaves settled and standing orders alone", () => {
    const orders = new SandboxOrders();
    const { order } = pending(orders);
    orders.settle(order, "failed");
    orders.payLater(order, 1);
    expect(orders.check(order)?.status).toBe("failed");
    orders.payLater("102-0a1b2c3d4e5f-00000002", 1);
    expect(orders.check("102-0a1b2c3d4e5f-00000002")?.status).toBe("pending");
  });

  it("a trial is paid at once, costs nothing and ends in the plan's trial days", () => {
    const orders = new SandboxOrders();
    const trial = orders.createTrial({ plan: plan(109), buyer: "t", email: "t***@x.example" });
    expect(trial).toMatchObject({ status: "paid", total: 0, discount: 499, method: "trial" });
    const days = (Date.parse(trial.trialEndsAt ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(5.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("finds an order by the hash of its e-mailed link", () => {
    const orders = new SandboxOrders();
    const { order } = pending(orders);
    expect(orderHash(order)).toMatch(/^[0-9a-f]{32}$/);
    expect(orders.byHash(orderHash(order))?.order).toBe(order);
    expect(orders.byHash(orderHash("102-0a1b2c3d4e5f-00000001"))?.status).toBe("paid");
    expect(orders.byHash("0".repeat(32))).toBeUndefined();
  });
});

describe("demo codes", () => {
  it("hold one of each: a valid gift, a valid redeem code, a used and an expired code", () => {
    const kinds = REDEEM_CODES.map((c) => `${c.kind}:${c.state}`);
    expect(kinds).toEqual(
      expect.arrayContaining(["gift:valid", "code:valid", "gift:used", "gift:expired"]),
    );
    for (const code of REDEEM_CODES) expect(planById(code.planId)).toBeDefined();
  });

  it("are found in any case", () => {
    expect(redeemCodeOf("gift-year-2026")?.code).toBe("GIFT-YEAR-2026");
    expect(redeemCodeOf("nope")).toBeUndefined();
  });
});
