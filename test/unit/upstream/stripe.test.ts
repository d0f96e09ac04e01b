import { describe, expect, it } from "vitest";
import { SandboxOrders } from "../../../mocks/sales/orders";
import { planById } from "../../../mocks/sales/catalogue";
import { UpstreamError } from "~/upstream/errors";
import { confirmStripePurchase, createStripePurchase } from "~/upstream/purchase.server";
import { CLIENT_SECRET_PATTERN } from "~/upstream/payment.schemas";
import { setupSandboxUpstream, upstreamUrl } from "../support/remix";

const upstream = setupSandboxUpstream();

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const BUY = { planId: 102, method: "card" as const, email: "Dana@Example.com" };

describe("purchase/stripe/ (createStripePurchase)", () => {
  it("creates a pending order with a client secret, sending the lowercased e-mail", async () => {
    const answer = await createStripePurchase({ ...BUY, lang: "fr", code: " WELCOME20 " });
    expect(answer.order).toMatch(/^102-[0-9a-f]{12}-[0-9a-f]{8}$/);
    expect(answer.clientSecret).toMatch(CLIENT_SECRET_PATTERN);
    expect(upstream.recorder.all("purchase.stripe")[0]?.body).toEqual({
      id: 102,
      email: "dana@example.com",
      method: "card",
      // Nobody asked: no consent is sent for the buyer.
      receiveMarketingEmails: false,
      code: "WELCOME20",
      lang: "fr",
    });
    expect(upstream.orders.get(answer.order)).toMatchObject({ status: "pending", total: 2870 });
  });

  it.each([
    ["a hosted method", { method: "paypal" as never }],
    ["an unknown method", { method: "cash" as never }],
    ["a bad plan id", { planId: 0 }],
    ["a bad e-mail", { email: "dana@" }],
    ["a malformed bonus code", { code: "<x>" }],
  ])("refuses %s without calling", async (_, change) => {
    const error = await failure(createStripePurchase({ ...BUY, ...change }));
    expect(error.code).toBe("INVALID_INPUT");
    expect(upstream.calls()).toEqual([]);
  });

  it.each([
    ["an unknown plan", { id: 999999 }, 404, "PRICE_NOT_FOUND"],
    ["a hosted method", { method: "bitcoin" }, 400, "UNKNOWN_PAYMENT_METHOD"],
    ["an invalid e-mail", { email: "x" }, 400, "INVALID_EMAIL"],
    [
      "a referral code on its own account",
      { code: "MYREFERRAL", email: "active@keynest.example" },
      400,
      "USE_NEW_BONUS_CODE_ON_OWN_ACC",
    ],
    ["a consent that is no boolean", { receiveMarketingEmails: "yes" }, 400, "BAD_REQUEST"],
  ])("the sandbox refuses %s and creates no order", async (_, change, status, message) => {
    const response = await fetch(upstreamUrl("/orbitshield/purchase/stripe/"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: 102, email: "dana@example.com", method: "card", ...change }),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
    expect(upstream.recorder.all("purchase.stripe")).toEqual([]);
  });
});

describe("purchase/stripe/confirm/ (confirmStripePurchase)", () => {
  it("marks the order paid for its own intent, once", async () => {
    const { order, clientSecret } = await createStripePurchase(BUY);
    const intent = clientSecret.split("_secret_")[0] ?? "";
    await expect(confirmStripePurchase(order, intent)).resolves.toEqual({ order, status: "paid" });
    await expect(confirmStripePurchase(order, intent)).resolves.toEqual({ order, status: "paid" });
    expect(upstream.orders.get(order)?.status).toBe("paid");
  });

  it("refuses a wrong intent with the service's key, and the order stays pending", async () => {
    const { order } = await createStripePurchase(BUY);
    const error = await failure(confirmStripePurchase(order, "pi_sbx0000000000000000"));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe("PAYMENT_INTENT_MISMATCH");
    expect(upstream.orders.get(order)?.status).toBe("pending");
  });

  it("answers 404 for an order the service does not know", async () => {
    const error = await failure(
      confirmStripePurchase("102-0a1b2c3d4e5f-ffffffff", "pi_sbx0000000000000000"),
    );
    expect(error.statusCode).toBe(404);
  });

  it.each([
    ["a malformed order", "102/../x", "pi_sbx0000000000000000"],
    ["a client secret as the intent", "102-0a1b2c3d4e5f-00000002", "pi_abcdefgh_secret_abcdefgh"],
    ["an empty intent", "102-0a1b2c3d4e5f-00000002", ""],
  ])("refuses %s without calling", async (_, order, intent) => {
    const error = await failure(confirmStripePurchase(order, intent));
    expect(error.code).toBe("INVALID_INPUT");
    expect(upstream.calls()).toEqual([]);
  });
});

describe("the sandbox's PaymentIntents", () => {
  it("attaches intents to pending orders only, never to standing or settled ones", () => {
    const orders = new SandboxOrders();
    const plan = planById(101);
    if (!plan) throw new Error("no plan 101");
    const created = orders.create({ plan, buyer: "a@b.io", email: "a***@b.io", method: "card" });
    expect(orders.attachIntent(created.order)?.clientSecret).toMatch(CLIENT_SECRET_PATTERN);
    expect(orders.attachIntent("102-0a1b2c3d4e5f-00000002")).toBeUndefined();
    orders.settle(created.order, "failed");
    expect(orders.attachIntent(created.order)).toBeUndefined();
    expect(orders.confirmIntent("nope", "pi_x")).toBeUndefined();
  });

  it("keeps the intent out of the order the outcome pages read", async () => {
    const { order } = await createStripePurchase(BUY);
    const response = await fetch(upstreamUrl(`/orbitshield/purchase/success-info/?order=${order}`));
    expect(JSON.stringify(await response.json())).not.toMatch(/pi_|secret/);
  });
});
