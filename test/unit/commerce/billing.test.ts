import { describe, expect, it } from "vitest";
import {
  billingText,
  durationLabel,
  moneyBackText,
  renewalText,
  savingsText,
  trialTexts,
} from "~/commerce/billing";
import type { Duration } from "~/commerce/duration";
import { PAYMENT_METHODS, type PaymentMethodId } from "~/commerce/payment-methods";
import { planFromPrice, type Plan, type PlanTraits } from "~/commerce/plans";
import type { UiText } from "~/commerce/ui-text";

function plan(info: object, traits?: PlanTraits): Plan {
  const result = planFromPrice({ id: 1, cost: 999, info }, traits);
  if (!result.ok) throw new Error(result.error.detail);
  return result.value;
}

const MONTH = { type: "month", count: 1 };
const YEAR = { type: "year", count: 1 };
const LIFETIME = { type: "lifetime" };

describe("duration labels", () => {
  it.each<[Duration, UiText]>([
    [
      { kind: "period", unit: "month", count: 1 },
      { key: "commerce.duration.month", values: { count: 1 } },
    ],
    [
      { kind: "period", unit: "month", count: 6 },
      { key: "commerce.duration.month", values: { count: 6 } },
    ],
    [
      { kind: "period", unit: "year", count: 3 },
      { key: "commerce.duration.year", values: { count: 3 } },
    ],
    [
      { kind: "period", unit: "day", count: 7 },
      { key: "commerce.duration.day", values: { count: 7 } },
    ],
    [
      { kind: "period", unit: "week", count: 1 },
      { key: "commerce.duration.week", values: { count: 1 } },
    ],
    [{ kind: "lifetime" }, { key: "commerce.duration.lifetime" }],
  ])("%j reads %j", (duration, text) => {
    expect(durationLabel(duration)).toEqual(text);
  });
});

describe("billing period texts (SPEC §9)", () => {
  it.each<[string, object, UiText]>([
    ["monthly", MONTH, { key: "commerce.billing.monthly", values: { price: "$9.99" } }],
    [
      "every 2 months",
      { type: "month", count: 2 },
      { key: "commerce.billing.everyMonths", values: { price: "$9.99", count: 2 } },
    ],
    [
      "every 3 months",
      { type: "month", count: 3 },
      { key: "commerce.billing.everyMonths", values: { price: "$9.99", count: 3 } },
    ],
    [
      "every 6 months",
      { type: "month", count: 6 },
      { key: "commerce.billing.everyMonths", values: { price: "$9.99", count: 6 } },
    ],
    ["yearly", YEAR, { key: "commerce.billing.yearly", values: { price: "$9.99" } }],
    [
      "every 3 years",
      { type: "year", count: 3 },
      { key: "commerce.billing.everyYears", values: { price: "$9.99", count: 3 } },
    ],
    [
      "weekly",
      { type: "day", count: 7 },
      { key: "commerce.billing.weekly", values: { price: "$9.99" } },
    ],
    ["one-off", LIFETIME, { key: "commerce.billing.oneOff", values: { price: "$9.99" } }],
  ])("%s", (_name, info, text) => {
    expect(billingText(plan(info), "$9.99")).toEqual(text);
  });
});

describe("renewal texts (SPEC §4)", () => {
  const renewing: PaymentMethodId[] = ["card", "paypal", "amazon", "applepay", "paynow"];
  const manual: PaymentMethodId[] = ["bitcoin", "coinpayments", "paymentwall"];

  it("covers every method", () => {
    expect([...renewing, ...manual].sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it.each(renewing)("a yearly plan paid with %s renews unless switched off in time", (method) => {
    expect(renewalText(plan(YEAR), method)).toEqual({ key: "commerce.renewal.auto" });
  });

  it.each(manual)("a yearly plan paid with %s must be extended by hand", (method) => {
    expect(renewalText(plan(YEAR), method)).toEqual({ key: "commerce.renewal.manual" });
  });

  it("assumes a renewing method before one is chosen", () => {
    expect(renewalText(plan(MONTH))).toEqual({ key: "commerce.renewal.auto" });
  });

  it("says a trial turns into a renewing subscription", () => {
    expect(renewalText(plan(MONTH, { trial: true }), "card")).toEqual({
      key: "commerce.renewal.afterTrial",
    });
  });

  it.each<PaymentMethodId | null>([null, "card", "bitcoin"])(
    "has nothing to renew for a lifetime plan (%s)",
    (method) => {
      expect(renewalText(plan(LIFETIME), method)).toEqual({ key: "commerce.renewal.oneOff" });
      expect(renewalText(plan(LIFETIME, { kind: "team", users: 5 }), method).key).toBe(
        "commerce.renewal.oneOff",
      );
    },
  );
});

describe("guarantee and trial texts (SPEC §9)", () => {
  it("offers a 30-day money-back guarantee", () => {
    expect(moneyBackText()).toEqual({ key: "commerce.moneyBack", values: { count: 30 } });
  });

  it("shows a 7-day free trial on trial plans only", () => {
    expect(trialTexts(plan(YEAR, { trial: true }))).toEqual({
      badge: { key: "commerce.trial.badge", values: { count: 7 } },
      note: { key: "commerce.trial.noCharge", values: { count: 7 } },
    });
    expect(trialTexts(plan(YEAR))).toBeNull();
  });
});

describe("savings badge", () => {
  it("shows a saving only when there is one", () => {
    expect(savingsText(75)).toEqual({ key: "commerce.price.save", values: { percent: 75 } });
    expect(savingsText(null)).toBeNull();
  });
});
