/**
 * The deal stated where the buyer pays (SPEC §4, §9): what renews, when and for how much, or that
 * nothing renews, and the taxes — from the checkout's loader to the words of the summary.
 */
import { http, HttpResponse } from "msw";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DealNotes, DealRows, taxOfTotal, type TaxStatement } from "~/commerce/CheckoutDeal";
import { purchaseSummary, type PurchaseSummary } from "~/commerce/purchase-summary";
import type { PaymentMethodId } from "~/commerce/payment-methods";
import { planFromPrice, type PlanTraits } from "~/commerce/plans";
import { getT } from "~/i18n/i18n.server";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { TranslationProvider } from "~/i18n/react";
import { loaderArgs, returned, setupSandboxUpstream, upstreamUrl } from "../support/remix";
import { checkoutLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

function summaryOf(
  cost: number,
  description: string,
  info: { type: string; count: number },
): PurchaseSummary {
  const traits: PlanTraits = { kind: "personal" };
  const plan = planFromPrice({ id: 900, cost, description, info }, traits);
  if (!plan.ok) throw new Error(`no plan: ${JSON.stringify(plan.error)}`);
  return purchaseSummary(plan.value);
}

const YEARLY = summaryOf(3588, "1 year", { type: "year", count: 1 });
const MONTHLY = summaryOf(499, "1 month", { type: "month", count: 1 });
const LIFETIME = summaryOf(14900, "100 years", { type: "lifetime", count: 1 });
const INCLUDED: TaxStatement = { kind: "included" };

function deal(
  summary: PurchaseSummary,
  options: { lang?: LangCode; today?: string; method?: PaymentMethodId | null; tax?: TaxStatement },
) {
  const { lang = "en", today = "2026-12-01", method = null, tax = INCLUDED } = options;
  const html = renderToString(
    <TranslationProvider t={getT(lang)} iso={getLanguage(lang).iso}>
      <dl>
        <DealRows summary={summary} today={today} method={method} tax={tax} />
      </dl>
      <DealNotes summary={summary} today={today} method={method} />
    </TranslationProvider>,
  );
  return html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
}

describe("the checkout's loader", () => {
  it("gives the day of the purchase and the configured taxes line", async () => {
    const { data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(data.today).toBe("2025-08-01");
    expect(data.plan?.tax).toEqual({ kind: "included" });
  });

  it("gives the price service's own tax figure where it states one", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/sales/price/102/"), () =>
        HttpResponse.json({
          id: 102,
          key: "1 YEAR",
          product: "personal",
          cost: 3588,
          tax: 598,
          description: "1 year",
          info: { type: "year", count: 1 },
        }),
      ),
    );
    const { data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(data.plan?.tax).toEqual({ kind: "amount", cents: 598 });
  });
});

describe("a subscription states its next charge and how to stop it", () => {
  it("before a method is chosen (or without JS): renews, with the methods that do not", () => {
    const html = deal(YEARLY, {});
    expect(html).toContain("Automatic on December 1, 2027: $35.88 billed yearly");
    expect(html).toContain(
      "To stop it, switch off auto-renewal in your account at least 24 hours before December 1, 2027.",
    );
    expect(html).toContain(
      "Paymentwall's local methods are not charged again: if you pay with one of them, extend your plan by hand before December 1, 2027.",
    );
    expect(html).toContain("Included where applicable (VAT or sales tax)");
  });

  it("paid by card: renews, and says how to stop it, nothing about other methods", () => {
    const html = deal(MONTHLY, { today: "2027-01-31", method: "card" });
    expect(html).toContain("Automatic on February 28, 2027: $4.99 billed monthly");
    expect(html).toContain("at least 24 hours before February 28, 2027.");
    expect(html).not.toContain("not charged again");
  });

  it("paid with Bitcoin: not automatic, extended by hand before the period ends", () => {
    const html = deal(YEARLY, { today: "2028-02-29", method: "bitcoin" });
    expect(html).toContain(
      "Not automatic with this payment method: extend your plan by hand before February 28, 2029",
    );
    expect(html).not.toContain("switch off auto-renewal");
    expect(html).toContain('data-renewal="manual"');
  });

  it("in German and Japanese, with the date in the language's own form", () => {
    expect(deal(YEARLY, { lang: "de", method: "paypal" })).toContain(
      "Automatisch am 1. Dezember 2027: 35,88\u00a0$, jährliche Abrechnung",
    );
    expect(deal(YEARLY, { lang: "jp", method: "paypal" })).toContain(
      "2027年12月1日に自動更新：$35.88を毎年請求",
    );
  });
});

describe("a one-off purchase says it never renews", () => {
  it.each([null, "card", "bitcoin"] as const)("lifetime, method %s", (method) => {
    const html = deal(LIFETIME, { method });
    expect(html).toContain("None: a one-off payment that never renews");
    expect(html).not.toContain("auto-renewal");
    expect(html).not.toContain("by hand");
    expect(html).toContain('data-renewal="never"');
  });
});

describe("the taxes row", () => {
  it.each<[TaxStatement, string | null]>([
    [{ kind: "amount", cents: 598 }, "$5.98 included"],
    [{ kind: "added" }, "Added at payment where applicable (VAT or sales tax)"],
    [{ kind: "none" }, null],
  ])("%j", (tax, text) => {
    const html = deal(YEARLY, { tax, method: "card" });
    if (text === null) expect(html).not.toContain("Taxes");
    else expect(html).toContain(`<dt>Taxes</dt><dd class="checkout__tax">${text}</dd>`);
  });
});

describe("the taxes of a price a bonus code lowers", () => {
  const WELCOME20 = { total: 2870 };
  it("holds its share of the service's figure: $5.98 of $35.88 is $4.78 of $28.70", () => {
    const tax = taxOfTotal({ kind: "amount", cents: 598 }, WELCOME20, 3588);
    expect(tax).toEqual({ kind: "amount", cents: 478 });
    expect(deal(YEARLY, { tax, method: "card" })).toContain(
      '<dd class="checkout__tax">$4.78 included</dd>',
    );
  });

  it.each<[TaxStatement, { total: number } | null, number]>([
    [{ kind: "amount", cents: 598 }, null, 3588],
    [{ kind: "amount", cents: 598 }, { total: 0 }, 0],
    [INCLUDED, WELCOME20, 3588],
    [{ kind: "none" }, WELCOME20, 3588],
  ])("%j with %j of %d cents: unchanged", (tax, bonus, cost) => {
    expect(taxOfTotal(tax, bonus, cost)).toEqual(tax);
  });

  it("a code that takes everything off leaves no tax", () => {
    expect(taxOfTotal({ kind: "amount", cents: 598 }, { total: 0 }, 3588)).toEqual({
      kind: "amount",
      cents: 0,
    });
  });
});
