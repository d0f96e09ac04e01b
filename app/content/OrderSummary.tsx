import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import type { OrderOutcome } from "./order-outcome.server";

function formatAmount(cents: number, currency: string, iso: string): string {
  return new Intl.NumberFormat(iso, { style: "currency", currency }).format(cents / 100);
}

/**
 * The order a payment outcome page was opened for (`?order=`): its status in words, plan,
 * amount and the buyer's masked e-mail; or that it was not found.
 */
export function OrderSummary({ order }: { order: OrderOutcome | null }) {
  const { t, iso } = useTranslation();
  const { lang } = useSiteData();
  if (!order) {
    return (
      <section className="order-summary container-narrow" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">{t("checkout.order.title")}</h2>
        <p role="status">{t("checkout.order.notFound")}</p>
        <Link to={localizePath("/pricing", lang)} className="btn btn--primary">
          {t("checkout.order.choosePlan")}
        </Link>
      </section>
    );
  }
  return (
    <section
      className={`order-summary order-summary--${order.status} container-narrow`}
      aria-labelledby="order-summary-title"
    >
      <h2 id="order-summary-title">{t("checkout.order.title")}</h2>
      <p role="status" className="lead">
        {t(`checkout.order.${order.status}`)}
      </p>
      <dl>
        <div>
          <dt>{t("checkout.order.number")}</dt>
          <dd>{order.order}</dd>
        </div>
        <div>
          <dt>{t("checkout.order.plan")}</dt>
          <dd>{order.plan}</dd>
        </div>
        {order.location ? (
          <div>
            <dt>{t("addons.location.orderLabel")}</dt>
            <dd className="order-summary__location">{order.location}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("checkout.order.amount")}</dt>
          <dd>{formatAmount(order.total, order.currency, iso)}</dd>
        </div>
        <div>
          <dt>{t("checkout.order.email")}</dt>
          <dd>{order.email}</dd>
        </div>
      </dl>
    </section>
  );
}
