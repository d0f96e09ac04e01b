import { formatDay, formatMoney } from "~/commerce/price";
import { useTranslation } from "~/i18n/react";
import type { AppliedBonus } from "./bonus";
import { billingText } from "./billing";
import { PurchaseLines } from "./PurchaseLines";
import type { PaymentMethodId } from "./payment-methods";
import type { PurchaseSummary } from "./purchase-summary";
import { renewalOf } from "./renewal";

/** How the checkout speaks of taxes: the service's figure, or the configured line. */
export type TaxStatement =
  { kind: "amount"; cents: number } | { kind: "included" } | { kind: "added" } | { kind: "none" };

interface Props {
  summary: PurchaseSummary;
  /** The day the purchase is made, YYYY-MM-DD (the server's UTC day). */
  today: string;
  /** The method chosen (with JS); null states the renewing case and names the others. */
  method: PaymentMethodId | null;
  tax: TaxStatement;
}

/** The taxes row of the order summary; nothing when the deployment states none. */
function TaxRow({ tax }: { tax: TaxStatement }) {
  const { t, iso } = useTranslation();
  if (tax.kind === "none") return null;
  return (
    <div>
      <dt>{t("commerce.deal.taxes")}</dt>
      <dd className="checkout__tax">
        {tax.kind === "amount"
          ? t("commerce.deal.taxAmount", { amount: formatMoney(tax.cents, iso) })
          : t(tax.kind === "added" ? "commerce.deal.taxAdded" : "commerce.deal.taxIncluded")}
      </dd>
    </div>
  );
}

/**
 * What happens after today, stated where the buyer pays (SPEC §4, §9): the renewal row of the
 * order summary — the day and amount of the next charge, or that the chosen method is not
 * charged again, or that a one-off payment never renews — and the taxes row.
 */
export function DealRows({ summary, today, method, tax }: Props) {
  const { t, iso } = useTranslation();
  const renewal = renewalOf(summary, today, method);
  const price = formatMoney(summary.costCents, iso);
  const billed = billingText(summary, price);
  let line: string;
  if (renewal.kind === "never") line = t("commerce.deal.never");
  else {
    const date = formatDay(renewal.nextCharge, iso);
    line =
      renewal.kind === "manual"
        ? t("commerce.deal.manualOn", { date })
        : t("commerce.deal.renewsOn", { date, billing: t(billed.key, billed.values) });
  }
  return (
    <>
      <div>
        <dt>{t("commerce.deal.renewal")}</dt>
        <dd className="checkout__renewal" data-renewal={renewal.kind}>
          {line}
        </dd>
      </div>
      <TaxRow tax={tax} />
    </>
  );
}

/**
 * Under the summary: how to stop a renewal (auto-renewal off at least 24 hours before the period
 * ends) and, before a method is known, which methods are not charged again.
 */
export function DealNotes({ summary, today, method }: Omit<Props, "tax">) {
  const { t, iso } = useTranslation();
  const renewal = renewalOf(summary, today, method);
  if (renewal.kind === "never") return null;
  const date = formatDay(renewal.nextCharge, iso);
  return (
    <div className="checkout__deal">
      {renewal.kind === "renews" ? <p>{t("commerce.deal.stop", { date })}</p> : null}
      {method === null ? <p>{t("commerce.deal.manualMethods", { date })}</p> : null}
    </div>
  );
}

/**
 * The taxes of what is paid today: the service's figure is the tax in the plan's full price, so a
 * price a bonus code lowers holds its share of it (rounded to the cent); a configured line stays.
 */
export function taxOfTotal(
  tax: TaxStatement,
  bonus: Pick<AppliedBonus, "total"> | null,
  costCents: number,
): TaxStatement {
  if (tax.kind !== "amount" || !bonus || costCents <= 0) return tax;
  return { kind: "amount", cents: Math.round((tax.cents * bonus.total) / costCents) };
}

/**
 * The order summary's rows on the checkout: what is bought, a bonus code's discount, then a
 * trial's taxes, or what is due today with the renewal and the taxes (DealRows).
 */
export function OrderTotals({
  summary,
  firstCharge,
  bonus,
  trial,
  total,
  today,
  method,
  tax,
}: Props & {
  firstCharge: string | null;
  bonus: AppliedBonus | null;
  trial: boolean;
  /** What is due today, formatted (after any discount). */
  total: string;
}) {
  const { t, iso } = useTranslation();
  const taxShown = taxOfTotal(tax, bonus, summary.costCents);
  return (
    <dl className="checkout__summary">
      <PurchaseLines summary={summary} firstCharge={firstCharge} />
      {bonus ? (
        <>
          <div>
            <dt>{t("checkout.bonusCode")}</dt>
            <dd className="checkout__code">{bonus.code}</dd>
          </div>
          <div>
            <dt>{t("checkout.discount", { percent: bonus.percent })}</dt>
            <dd className="checkout__discount">−{formatMoney(bonus.discount, iso)}</dd>
          </div>
        </>
      ) : null}
      {trial ? (
        <TaxRow tax={taxShown} />
      ) : (
        <>
          <div className="checkout__total-row">
            <dt>{t("commerce.summary.dueToday")}</dt>
            <dd className="checkout__total">{total}</dd>
          </div>
          <DealRows summary={summary} today={today} method={method} tax={taxShown} />
        </>
      )}
    </dl>
  );
}
