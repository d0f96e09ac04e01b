import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatDay } from "~/commerce/price";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import type { OrderOutcome } from "./order-outcome.server";
import { pollDelays, statusUrl } from "./order-polling";
import { NewsletterOffer } from "~/forms/NewsletterOffer";
import { PurchaseLines } from "~/commerce/PurchaseLines";
import { planName } from "~/content/plan-label";

/** Without JS, a page with a pending order reloads itself after this many seconds. */
const PENDING_REFRESH_SECONDS = 10;

function formatAmount(cents: number, currency: string, iso: string): string {
  return new Intl.NumberFormat(iso, { style: "currency", currency }).format(cents / 100);
}

type Polling = "idle" | "checking" | "stopped";

/**
 * A pending order, asked again with JS (GET /payment-status) after 2, 4, 8, 16 and 30 s, until it
 * is paid or failed; the answer replaces the order on the page. After about a minute it stops,
 * and "Check again" remains.
 */
function useLiveOrder(initial: OrderOutcome | null): {
  order: OrderOutcome | null;
  polling: Polling;
} {
  const hydrated = useHydrated();
  const { search } = useLocation();
  // Answers and the end of polling belong to the order the loader gave (a new one starts over).
  const [answer, setAnswer] = useState<{ from: OrderOutcome; order: OrderOutcome } | null>(null);
  const [stoppedFor, setStoppedFor] = useState<OrderOutcome | null>(null);
  const order = initial && answer?.from === initial ? answer.order : initial;
  const pending = order?.status === "pending";
  const polling: Polling =
    !hydrated || !pending ? "idle" : initial && stoppedFor === initial ? "stopped" : "checking";
  useEffect(() => {
    const url = statusUrl(search);
    if (!hydrated || !pending || !url || !initial) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const delays = pollDelays();
    const next = (step: number) => {
      timer = setTimeout(async () => {
        try {
          const response = await fetch(url, { headers: { Accept: "application/json" } });
          const body = (await response.json()) as { order?: OrderOutcome | null };
          if (cancelled) return;
          if (body.order && body.order.status !== "pending") {
            setAnswer({ from: initial, order: body.order });
            return;
          }
        } catch {
          // A failed check is one check: the next one may answer.
        }
        if (cancelled) return;
        if (step + 1 < delays.length) next(step + 1);
        else setStoppedFor(initial);
      }, delays[step]);
    };
    if (delays.length > 0) next(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [hydrated, pending, search, initial]);
  return { order, polling };
}

/** What to do after a failed payment: the same plan's checkout again, or support. */
function NextSteps({ planId }: { planId: number | null }) {
  const { t } = useTranslation();
  const { lang, brand } = useSiteData();
  const retry = planId ? `/order/checkout?plan=${planId}` : "/pricing";
  return (
    <div className="order-summary__next">
      <h3>{t("redeem.outcome.nextTitle")}</h3>
      <ul>
        <li>{t("redeem.outcome.nextRetry")}</li>
        <li>{t("redeem.outcome.nextMethod")}</li>
        <li>
          {t("redeem.outcome.nextSupport")}
          {brand.supportEmail ? (
            <>
              {" "}
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
            </>
          ) : null}
        </li>
      </ul>
      <p className="order-summary__actions">
        <Link to={localizePath(retry, lang)} className="btn btn--primary" reloadDocument>
          {t(planId ? "redeem.outcome.tryAgain" : "checkout.order.choosePlan")}
        </Link>{" "}
        <Link to={localizePath("/contact", lang)} className="btn btn--secondary">
          {t("redeem.outcome.contactSupport")}
        </Link>
      </p>
    </div>
  );
}

/** The line that says how the order stands. */
function statusText(order: OrderOutcome, t: ReturnType<typeof useTranslation>["t"], iso: string) {
  if (order.trialEndsAt) {
    return t("redeem.trial.started", {
      date: formatDay(order.trialEndsAt, iso),
      plan: planName(order.plan, t),
      price: formatAmount(order.planCost, order.currency, iso),
    });
  }
  return t(`checkout.order.${order.status}`);
}

/**
 * The order a payment outcome page was opened for (`?order=`, or `?hash=` from the provider's
 * e-mail): its status in words, plan, amount, transaction id and the buyer's masked e-mail; or
 * that it was not found. A pending order is checked again — by the page's script, or without JS
 * by a delayed reload and a "Check again" link. A failed payment (and the error page) says what
 * to do next.
 */
export function OrderSummary({
  order: initial,
  path,
}: {
  order: OrderOutcome | null;
  path: string;
}) {
  const { t, iso } = useTranslation();
  const { lang } = useSiteData();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const { order, polling } = useLiveOrder(initial);
  const errorPage = path === "/payment-error";
  if (!order) {
    const byHash = new URLSearchParams(search).has("hash");
    return (
      <section className="order-summary container-narrow" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">{t("checkout.order.title")}</h2>
        <p role="status">{t(byHash ? "redeem.outcome.hashNotFound" : "checkout.order.notFound")}</p>
        {errorPage ? (
          <NextSteps planId={null} />
        ) : (
          <Link to={localizePath("/pricing", lang)} className="btn btn--primary">
            {t("checkout.order.choosePlan")}
          </Link>
        )}
      </section>
    );
  }
  const pending = order.status === "pending";
  return (
    <section
      className={`order-summary order-summary--${order.status} container-narrow`}
      aria-labelledby="order-summary-title"
    >
      <h2 id="order-summary-title">
        {t(order.trialEndsAt ? "redeem.trial.title" : "checkout.order.title")}
      </h2>
      <p role="status" aria-live="polite" className="lead">
        {statusText(order, t, iso)}
      </p>
      {pending ? (
        <div className="order-summary__pending">
          {/* Without JS the page reloads itself now and then while the payment is pending
              (only in the server's HTML: a page the browser renders itself has its script). */}
          {hydrated ? null : (
            <noscript>
              <meta httpEquiv="refresh" content={String(PENDING_REFRESH_SECONDS)} />
            </noscript>
          )}
          <p>
            {polling === "checking"
              ? t("redeem.outcome.checking")
              : polling === "stopped"
                ? t("redeem.outcome.stillPending")
                : t("redeem.outcome.pendingHint", { seconds: PENDING_REFRESH_SECONDS })}
          </p>
          <a href={`${pathname}${search}`} className="btn btn--secondary">
            {t("redeem.outcome.checkAgain")}
          </a>
        </div>
      ) : null}
      <dl>
        <div>
          <dt>{t("checkout.order.number")}</dt>
          <dd>{order.order}</dd>
        </div>
        {order.summary ? (
          <PurchaseLines
            summary={order.summary}
            currency={order.currency}
            firstCharge={order.trialEndsAt ?? null}
          />
        ) : (
          <div>
            <dt>{t("checkout.order.plan")}</dt>
            <dd>{planName(order.plan, t)}</dd>
          </div>
        )}
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
        {order.transactionId ? (
          <div>
            <dt>{t("redeem.outcome.transactionId")}</dt>
            <dd className="order-summary__transaction">{order.transactionId}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("checkout.order.email")}</dt>
          <dd>{order.email}</dd>
        </div>
      </dl>
      {order.status === "failed" ? <NextSteps planId={order.planId} /> : <NewsletterOffer />}
    </section>
  );
}
