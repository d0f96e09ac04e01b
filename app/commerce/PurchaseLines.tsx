import { billingText } from "~/commerce/billing";
import { formatDay, formatMoney } from "~/commerce/price";
import type { PurchaseSummary } from "~/commerce/purchase-summary";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";

interface Props {
  summary: PurchaseSummary;
  currency?: string;
  /** A trial's first charge, YYYY-MM-DD: shown with what is due today (nothing). */
  firstCharge?: string | null;
}

/**
 * What is bought, as rows of a `<dl>`: product, plan (the variant), period, how it is billed and,
 * for a trial, the free days, what is due today and when the first charge happens. The same rows
 * on the checkout, the wallet page and the outcome pages, so a buyer reads one description of the
 * purchase from choosing it to paying for it.
 */
export function PurchaseLines({ summary, currency, firstCharge = null }: Props) {
  const { t, iso } = useTranslation();
  const { brand } = useSiteData();
  const product =
    summary.line === "vpn"
      ? t("commerce.product.vpn", { provider: brand.providerName })
      : brand.name;
  const price = formatMoney(summary.costCents, iso, currency);
  const billed = billingText(summary, price);
  const billing = t(billed.key, billed.values);
  return (
    <>
      <div>
        <dt>{t("commerce.summary.product")}</dt>
        <dd className="purchase__product">{product}</dd>
      </div>
      <div>
        <dt>{t("commerce.summary.plan")}</dt>
        <dd className="purchase__plan">{t(summary.variant.key, summary.variant.values)}</dd>
      </div>
      <div>
        <dt>{t("commerce.summary.period")}</dt>
        <dd className="purchase__period">{t(summary.period.key, summary.period.values)}</dd>
      </div>
      <div>
        <dt>{t("commerce.summary.billing")}</dt>
        <dd className="purchase__billing">
          {summary.trialDays > 0
            ? t("commerce.summary.trialLine", { count: summary.trialDays, billing })
            : billing}
        </dd>
      </div>
      {summary.trialDays > 0 && firstCharge ? (
        <>
          <div>
            <dt>{t("commerce.summary.dueToday")}</dt>
            <dd className="purchase__due">{formatMoney(0, iso, currency)}</dd>
          </div>
          <div>
            <dt>{t("commerce.summary.firstCharge")}</dt>
            <dd className="purchase__first-charge">
              {t("commerce.summary.firstChargeLine", {
                price,
                date: formatDay(firstCharge, iso),
              })}
            </dd>
          </div>
        </>
      ) : null}
    </>
  );
}
