import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  PAYMENT_MARKS,
  paymentMethodDetail,
  paymentMethodMark,
  isPaymentMethodId,
  methodAvailability,
  payButton,
  PAYMENT_METHODS,
  paymentMethodLabel,
  renews,
  type DeviceWallets,
  type PayButton,
  type PayButtonInput,
  type PaymentMethodId,
} from "~/commerce/payment-methods";

describe("payment methods", () => {
  it("are the eight of SPEC §4/§7", () => {
    expect(PAYMENT_METHODS).toEqual([
      "card",
      "paypal",
      "amazon",
      "paymentwall",
      "bitcoin",
      "coinpayments",
      "applepay",
      "paynow",
    ]);
    expect(paymentMethodLabel("paypal")).toBe("commerce.methods.paypal");
  });

  it.each<[unknown, boolean]>([
    ["card", true],
    ["paynow", true],
    ["Card", false],
    ["stripe", false],
    ["", false],
    [null, false],
    ["toString", false],
  ])("%j is a method: %s", (value, known) => {
    expect(isPaymentMethodId(value)).toBe(known);
  });

  it.each<[PaymentMethodId, boolean]>([
    ["card", true],
    ["paypal", true],
    ["amazon", true],
    ["applepay", true],
    ["paynow", true],
    ["bitcoin", false],
    ["coinpayments", false],
    ["paymentwall", false],
  ])("%s renews: %s", (method, renewing) => {
    expect(renews(method)).toBe(renewing);
  });
});

describe("Apple Pay and Pay Now availability (SPEC §8)", () => {
  it.each<[PaymentMethodId, DeviceWallets, string | null]>([
    ["applepay", { applePay: true }, null],
    ["applepay", { applePay: false }, "commerce.methods.applePayUnavailable"],
    ["applepay", {}, "commerce.methods.applePayUnavailable"],
    ["applepay", { paymentRequest: true }, "commerce.methods.applePayUnavailable"],
    ["paynow", { paymentRequest: true }, null],
    ["paynow", { paymentRequest: false }, "commerce.methods.payNowUnavailable"],
    ["paynow", { applePay: true }, "commerce.methods.payNowUnavailable"],
    ["card", {}, null],
    ["paypal", {}, null],
    ["bitcoin", {}, null],
  ])("%s on %j: %s", (method, device, message) => {
    expect(methodAvailability(method, device)).toEqual(
      message ? { available: false, message } : { available: true },
    );
  });
});

describe("the payment button's four states (SPEC §4, §5)", () => {
  const email = "commerce.button.hintEmail";
  const both = "commerce.button.hintEmailAndCard";
  const card = "commerce.button.hintCard";
  const method = "validation.PAYMENT_METHOD_REQUIRED";
  it.each<[string, PayButtonInput, PayButton]>([
    [
      "no e-mail, no method",
      { paymentMethod: null, isValidEmail: false, cardComplete: false },
      { state: "emailMissing", hint: email, canPay: false },
    ],
    [
      "no e-mail, PayPal",
      { paymentMethod: "paypal", isValidEmail: false, cardComplete: null },
      { state: "emailMissing", hint: email, canPay: false },
    ],
    [
      "no e-mail, card filled in",
      { paymentMethod: "card", isValidEmail: false, cardComplete: true },
      { state: "emailMissing", hint: email, canPay: false },
    ],
    [
      "no e-mail, card empty",
      { paymentMethod: "card", isValidEmail: false, cardComplete: false },
      { state: "emailMissing", hint: both, canPay: false },
    ],
    [
      "no e-mail, card on the provider's page",
      { paymentMethod: "card", isValidEmail: false, cardComplete: null },
      { state: "emailMissing", hint: email, canPay: false },
    ],
    [
      "e-mail, card empty",
      { paymentMethod: "card", isValidEmail: true, cardComplete: false },
      { state: "cardDetailsMissing", hint: card, canPay: false },
    ],
    [
      "e-mail, no method",
      { paymentMethod: null, isValidEmail: true, cardComplete: null },
      { state: "methodNotSelected", hint: method, canPay: false },
    ],
    [
      "e-mail, no method, empty card form",
      { paymentMethod: null, isValidEmail: true, cardComplete: false },
      { state: "methodNotSelected", hint: method, canPay: false },
    ],
    [
      "e-mail, card filled in",
      { paymentMethod: "card", isValidEmail: true, cardComplete: true },
      { state: "ready", hint: null, canPay: true },
    ],
    [
      "e-mail, card on the provider's page",
      { paymentMethod: "card", isValidEmail: true, cardComplete: null },
      { state: "ready", hint: null, canPay: true },
    ],
    [
      "e-mail, PayPal",
      { paymentMethod: "paypal", isValidEmail: true, cardComplete: false },
      { state: "ready", hint: null, canPay: true },
    ],
    [
      "e-mail, bitcoin",
      { paymentMethod: "bitcoin", isValidEmail: true, cardComplete: null },
      { state: "ready", hint: null, canPay: true },
    ],
  ])("%s", (_name, input, button) => {
    expect(payButton(input)).toEqual(button);
  });
});

describe("payment method marks", () => {
  const sprite = readFileSync(new URL(`../../../public${PAYMENT_MARKS}`, import.meta.url), "utf8");

  it.each(PAYMENT_METHODS)("%s has its own mark, drawn with its own fill and stroke", (method) => {
    const mark = paymentMethodMark(method);
    expect(mark.startsWith(`${PAYMENT_MARKS}#pm-`)).toBe(true);
    const id = mark.split("#")[1];
    // A <use> instance inherits from the page, never from the sprite's root element.
    expect(sprite).toMatch(
      new RegExp(`<symbol id="${id}" viewBox="0 0 40 26" fill="none" stroke="none">`),
    );
    expect(paymentMethodDetail(method)).toBe(`commerce.methodDetails.${method}`);
  });

  it("draws only the marks the methods name, and fetches nothing", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    const named = new Set(PAYMENT_METHODS.map((method) => paymentMethodMark(method).split("#")[1]));
    expect(new Set(ids)).toEqual(named);
    expect(sprite).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)|url\(|<image/);
  });
});
