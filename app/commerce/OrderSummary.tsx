import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatDay, formatMoney } from "~/commerce/price";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import type { OrderOutcome } from "./order-outcome.server";
import { pollDelays, statusUrl } from "./order-polling";
import { NewsletterOffer } from "~/forms/NewsletterOffer";
import { PurchaseLines } from "~/commerce/PurchaseLines";
import { planName } from "./plan-label";

/** Without JS, a page with a pending order reloads itself after this many seconds. */
const PENDING_REFRESH_SECONDS = 10;

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

/** The one way to support: the support mailbox, or the contact page without one. */
function SupportLine() {
  const { t } = useTranslation();
  const { lang, brand } = useSiteData();
  return (
    <p className="order-summary__help">
      {t("redeem.outcome.help")}{" "}
      {brand.supportEmail ? (
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
      ) : (
        <Link to={localizePath("/contact", lang)}>{t("redeem.outcome.contactSupport")}</Link>
      )}
    </p>
  );
}

/**
 * What comes next, one step per outcome: after a failed payment the same plan's checkout again
 * (and one way to support); after a payment or a started trial, the receipt or the account's
 * details in the buyer's inbox, the apps to install and the sign-in.
 */
function NextStep({ order }: { order: OrderOutcome }) {
  const { t } = useTranslation();
  const { lang, brand } = useSiteData();
  if (order.status === "failed") {
    return (
      <div className="order-summary__next">
        <Link
          to={localizePath(`/order/checkout?plan=${order.planId}`, lang)}
          className="btn btn--primary"
          reloadDocument
        >
          {t("redeem.outcome.tryAgain")}
        </Link>
        <SupportLine />
      </div>
    );
  }
  if (order.status === "pending") return null;
  return (
    <div className="order-summary__next">
      <p>
        {t(order.trialEndsAt ? "redeem.outcome.trialNext" : "redeem.outcome.paidNext", {
          email: order.email,
          brand: brand.name,
        })}
      </p>
      <p className="order-summary__actions">
        <Link to={localizePath("/downloads", lang)} className="btn btn--primary">
          {t("redeem.outcome.download", { brand: brand.name })}
        </Link>{" "}
        <Link to={localizePath("/sign-in", lang)} className="btn btn--secondary">
          {t("redeem.outcome.signIn")}
        </Link>
      </p>
    </div>
  );
}

/** The page's heading for an order: paid, pending, failed, or a started trial. */
function headingOf(order: OrderOutcome): string {
  if (order.trialEndsAt) return "redeem.trial.title";
  return `redeem.outcome.heading.${order.status}`;
}

/** The line that says how the order stands. */
function statusText(order: OrderOutcome, t: ReturnType<typeof useTranslation>["t"], iso: string) {
  if (order.trialEndsAt) {
    return t("redeem.trial.started", {
      date: formatDay(order.trialEndsAt, iso),
      plan: planName(order.plan, t),
      price: formatMoney(order.planCost, iso, order.currency),
    });
  }
  return t(`checkout.order.${order.status}`);
}

/**
 * The order a payment outcome page was opened for (`?order=`, or `?hash=` from the provider's
 * e-mail): its status in words, plan, amount, transaction id and the buyer's masked e-mail; or
 * that there is none to show. It is the page's message (the page's own hero is left out): its
 * heading, the order's state, and one next step. A pending order is checked again — by the
 * page's script, or without JS by a delayed reload and a "Check again" link.
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
    // No order named (a bare visit), or one the service does not know: said plainly, and where
    // to go from here.
    const params = new URLSearchParams(search);
    const message = params.has("hash")
      ? "redeem.outcome.hashNotFound"
      : params.has("order")
        ? "checkout.order.notFound"
        : "redeem.outcome.none";
    return (
      <section className="order-summary container-narrow" aria-labelledby="order-summary-title">
        <h1 id="order-summary-title">{t("redeem.outcome.heading.none")}</h1>
        <p role="status" className="lead">
          {t(message)}
        </p>
        <p className="order-summary__actions">
          <Link to={localizePath("/pricing", lang)} className="btn btn--primary">
            {t("checkout.order.choosePlan")}
          </Link>
        </p>
        {errorPage ? <SupportLine /> : null}
      </section>
    );
  }
  const pending = order.status === "pending";
  return (
    <section
      className={`order-summary order-summary--${order.status} container-narrow`}
      aria-labelledby="order-summary-title"
    >
      <h1 id="order-summary-title">{t(headingOf(order))}</h1>
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
          <dd>{formatMoney(order.total, iso, order.currency)}</dd>
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
      <NextStep order={order} />
      {order.status === "failed" ? null : <NewsletterOffer />}
    </section>
  );
}
