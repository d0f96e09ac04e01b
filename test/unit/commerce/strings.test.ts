import { describe, expect, it } from "vitest";
import { M } from "~/forms/names";
import { getLanguage, LANG_CODES } from "~/i18n/languages";
import { MESSAGES } from "~/i18n/resources.server";
import { createTranslator, type TFunction } from "~/i18n/translate";
import {
  billingText,
  durationLabel,
  moneyBackText,
  renewalText,
  savingsText,
  trialTexts,
} from "~/commerce/billing";
import { CARD_ERROR_MESSAGES } from "~/commerce/card-errors";
import { DURATION_UNITS } from "~/commerce/duration";
import {
  methodAvailability,
  payButton,
  PAYMENT_METHODS,
  paymentMethodDetail,
  paymentMethodLabel,
} from "~/commerce/payment-methods";
import {
  planFromPrice,
  planName,
  TIER_BENEFITS,
  tierName,
  TIERS,
  type PlanTraits,
} from "~/commerce/plans";
import type { UiText } from "~/commerce/ui-text";

function plan(info: object, traits: PlanTraits = {}) {
  const result = planFromPrice({ id: 1, cost: 999, info }, traits);
  if (!result.ok) throw new Error(result.error.detail);
  return result.value;
}

const YEAR = { type: "year", count: 1 };
const LIFETIME = { type: "lifetime" };

/** Every text the commerce rules can ask a page to show. */
function allTexts(): UiText[] {
  const texts: UiText[] = [];
  const add = (...items: (UiText | string | null)[]) => {
    for (const item of items) {
      if (item) texts.push(typeof item === "string" ? { key: item } : item);
    }
  };
  for (const unit of DURATION_UNITS) {
    for (const count of [1, 2, 3, 5, 7, 21]) add(durationLabel({ kind: "period", unit, count }));
  }
  add(durationLabel({ kind: "lifetime" }));
  const plans = [
    plan({ type: "month", count: 1 }),
    plan({ type: "month", count: 3 }, { tier: "monodefense" }),
    plan(YEAR, { trial: true, tier: "secureDuo" }),
    plan({ type: "year", count: 3 }),
    plan({ type: "day", count: 7 }),
    plan(LIFETIME),
    ...[2, 5, 6, 21].map((members) => plan(YEAR, { kind: "family", members })),
    ...[5, 10, 20].map((users) => plan(LIFETIME, { kind: "team", users })),
    ...[1, 5, 10].map((devices) => plan(YEAR, { kind: "vpnDevices", devices })),
    ...(["unlimited", 1, 2, 3] as const).map((traffic) =>
      plan(YEAR, { kind: "personalServer", traffic }),
    ),
    plan(YEAR, { kind: "staticIp" }),
  ];
  for (const p of plans) {
    add(planName(p), billingText(p, "$9.99"), renewalText(p), renewalText(p, "bitcoin"));
    const trial = trialTexts(p);
    if (trial) add(trial.badge, trial.note);
  }
  add(billingText(plan({ type: "month", count: 6 }), "$9.99"));
  add(savingsText(75), "commerce.price.unavailable", moneyBackText());
  for (const tier of TIERS) add(tierName(tier), ...TIER_BENEFITS[tier]);
  for (const method of PAYMENT_METHODS) {
    add(paymentMethodLabel(method), paymentMethodDetail(method));
    const availability = methodAvailability(method, {});
    if (!availability.available) add(availability.message);
  }
  for (const isValidEmail of [true, false]) {
    for (const paymentMethod of [null, "card", "paypal"] as const) {
      add(payButton({ paymentMethod, isValidEmail, cardComplete: false }).hint);
    }
  }
  add(...Object.values(CARD_ERROR_MESSAGES), M.bonusCodeInvalid, M.invalidEmail);
  return texts;
}

const translators: [string, TFunction][] = LANG_CODES.map((code): [string, TFunction] => [
  code,
  createTranslator(getLanguage(code).iso, MESSAGES[code]),
]);

describe("every commerce text exists in every language", () => {
  const texts = allTexts();

  it("asks for the texts the rules produce", () => {
    expect(new Set(texts.map((t) => t.key)).size).toBeGreaterThan(60);
  });

  it.each(translators)("in %s, with every value filled in", (lang, t) => {
    for (const { key, values } of texts) {
      const text = t(key, values);
      expect(text, `${lang}: ${key}`).not.toBe(key);
      expect(text, `${lang}: ${key}`).not.toContain("{{");
      if (values?.price) expect(text, `${lang}: ${key}`).toContain("$9.99");
    }
  });
});

describe("the English texts SPEC gives word for word", () => {
  const t = translators[0]![1];
  it.each([
    [CARD_ERROR_MESSAGES.declined, "Your card was declined."],
    [CARD_ERROR_MESSAGES.expired, "Your card has expired."],
    [
      CARD_ERROR_MESSAGES.processing,
      "An error occurred while processing your card. Try again in a little bit.",
    ],
    [CARD_ERROR_MESSAGES.zip, "The zip code you supplied failed validation."],
    [CARD_ERROR_MESSAGES.general, "Something went wrong. Please try again later."],
    [
      "commerce.methods.applePayUnavailable",
      "ApplePay is not currently configured or available on your device",
    ],
    ["commerce.button.hintEmail", "Enter your email"],
    ["commerce.button.hintEmailAndCard", "Enter your email and credit card details"],
    ["validation.PAYMENT_METHOD_REQUIRED", "Select a payment method"],
    [M.bonusCodeInvalid, "The code is invalid! Please check it and try again."],
  ])("%s: %j", (key, text) => {
    expect(t(key)).toBe(text);
  });

  it("counts days, members and months", () => {
    expect(t("commerce.moneyBack", { count: 30 })).toBe("30-day money-back guarantee");
    expect(t("commerce.trial.badge", { count: 7 })).toBe("7-day free trial");
    expect(t("commerce.plan.family", { count: 6 })).toBe("Family, 6 members");
    expect(t("commerce.billing.everyMonths", { price: "$29.99", count: 3 })).toBe(
      "$29.99 billed every 3 months",
    );
    expect(t("commerce.renewal.auto")).toContain("at least 24 hours before the period ends");
  });

  it("declines in Russian by count", () => {
    const ru = translators.find(([lang]) => lang === "ru")![1];
    expect(ru("commerce.duration.month", { count: 1 })).toBe("1 месяц");
    expect(ru("commerce.duration.month", { count: 3 })).toBe("3 месяца");
    expect(ru("commerce.duration.month", { count: 6 })).toBe("6 месяцев");
    expect(ru("commerce.duration.year", { count: 21 })).toBe("21 год");
  });
});
