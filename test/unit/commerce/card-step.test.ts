import { describe, expect, it } from "vitest";
import { cardStepOf, intentIdOf } from "~/commerce/card-step";
import { deviceWallets } from "~/commerce/card-provider";
import type { PaymentRequest } from "@stripe/stripe-js";
import { methodAvailability } from "~/commerce/payment-methods";

const CARD = { order: "102-0a1b2c3d4e5f-00000002", clientSecret: "pi_abc12345_secret_xyz12345" };

describe("cardStepOf", () => {
  it.each([
    ["a card step", { card: { ...CARD, method: "card" } }, { ...CARD, method: "card" }],
    ["Apple Pay", { card: { ...CARD, method: "applepay" } }, { ...CARD, method: "applepay" }],
    ["a hosted method", { card: { ...CARD, method: "paypal" } }, null],
    ["no card", { form: "checkout" }, null],
    ["a secret that is no string", { card: { ...CARD, clientSecret: 1, method: "card" } }, null],
    ["null", null, null],
    ["a string", "card", null],
  ])("%s", (_, reply, expected) => {
    expect(cardStepOf(reply)).toEqual(expected);
  });
});

describe("intentIdOf", () => {
  it.each([
    ["pi_abc12345_secret_xyz12345", "pi_abc12345"],
    ["pi_abc12345", "pi_abc12345"],
    ["", ""],
  ])("%s → %s", (secret, id) => expect(intentIdOf(secret)).toBe(id));
});

describe("deviceWallets → methodAvailability", () => {
  const request = (answer: unknown, fails = false) =>
    ({
      canMakePayment: () => (fails ? Promise.reject(new Error("x")) : Promise.resolve(answer)),
    }) as unknown as PaymentRequest;

  it.each([
    [
      "no wallet",
      null,
      false,
      "commerce.methods.applePayUnavailable",
      "commerce.methods.payNowUnavailable",
    ],
    [
      "Google Pay only",
      { applePay: false, googlePay: true },
      false,
      "commerce.methods.applePayUnavailable",
      null,
    ],
    ["Apple Pay", { applePay: true, googlePay: false }, false, null, null],
    [
      "a failing check",
      null,
      true,
      "commerce.methods.applePayUnavailable",
      "commerce.methods.payNowUnavailable",
    ],
  ])("%s", async (_, answer, fails, applePay, payNow) => {
    const device = await deviceWallets(request(answer, fails));
    const apple = methodAvailability("applepay", device);
    const now = methodAvailability("paynow", device);
    expect(apple.available ? null : apple.message).toBe(applePay);
    expect(now.available ? null : now.message).toBe(payNow);
  });
});
