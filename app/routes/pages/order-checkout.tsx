/**
 * The order checkout, `/order/checkout?plan=<purchase id>` (payment layout): the plan and its
 * total, the buyer's e-mail, marketing consent and payment method. Without JS it posts to its own
 * action, which answers 303 to the provider's payment page (app/forms/checkout.server.ts).
 * Private: it varies per plan and per buyer, and never enters the page cache.
 */
import { durationLabel } from "~/commerce/billing";
import type { Duration } from "~/commerce/duration";
import { planErrorText, planFromPrice } from "~/commerce/plans";
import { formatMoney } from "~/commerce/price";
import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { getConfig } from "~/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { splitLangPath } from "~/i18n/paths";
import { errorMeta, messageFrom, rootDataFromMatches } from "~/meta/route-meta";
import { getPrice } from "~/upstream/sales.server";
import { isUpstreamError } from "~/upstream/errors";
import { upstreamFailureInit } from "~/content/page.server";
import { log } from "~/log.server";
import { CheckoutForm, PlanUnavailable } from "~/forms/CheckoutForm";
import { useTranslation } from "~/i18n/react";
import { resolveBonusCode } from "~/forms/bonus.server";
import type { AppliedBonus } from "~/forms/bonus";

export { checkoutAction as action } from "~/forms/checkout.server";

export const handle = { layout: "payment" };

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** What the checkout shows of a plan: its period and what one purchase costs. */
interface CheckoutPlan {
  id: number;
  duration: Duration;
  /** In cents, USD. */
  costCents: number;
}

/** `?plan=`: a purchase id (digits, no sign or leading zero), else null. */
export function planIdParam(url: URL): number | null {
  const raw = url.searchParams.get("plan") ?? "";
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const id = planIdParam(url);
  let plan: CheckoutPlan | null = null;
  try {
    const found = id === null ? null : await getPrice(id);
    if (found) {
      // A plan the price rules refuse is not sold here: no price is better than a wrong one.
      const parsed = planFromPrice(found);
      if (parsed.ok) {
        plan = { id: parsed.value.id, duration: parsed.value.duration, costCents: found.cost };
      } else {
        log.error(`Checkout: ${planErrorText(parsed.error)}`);
      }
    }
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.error(`Checkout: plan ${id ?? "?"} could not be loaded`, error);
    throw data(null, upstreamFailureInit(error.statusCode));
  }
  // `?code=`: a bonus code kept over a reload, checked like the box's post (no call when malformed).
  const rawCode = url.searchParams.get("code");
  let bonus: AppliedBonus | null = null;
  let bonusError: string | null = null;
  if (plan && rawCode !== null) {
    const outcome = await resolveBonusCode(rawCode.slice(0, 200), plan.id);
    if (outcome.ok) bonus = outcome.bonus;
    else bonusError = outcome.message;
  }
  // The card provider's publishable key reaches the browser here only, for the card step.
  const cardKey = plan ? (getConfig().stripePublishableKey ?? null) : null;
  return data(
    { lang, plan, bonus, bonusError, code: rawCode?.slice(0, 200) ?? "", cardKey },
    { status: plan ? 200 : 404, headers: NO_STORE },
  );
}

/** A post's answer (private) wins over the page's. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data: result, matches, error }) => {
  if (!result || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  const root = rootDataFromMatches(matches);
  const key = result.plan ? "checkout.title" : "checkout.unavailableTitle";
  return [
    { title: `${messageFrom(root, key)} | ${root?.brand.name ?? ""}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function CheckoutPage() {
  const { plan, bonus, bonusError, code, cardKey } = useLoaderData<typeof loader>();
  const { t, iso } = useTranslation();
  if (!plan) return <PlanUnavailable />;
  const name = durationLabel(plan.duration);
  return (
    <CheckoutForm
      planId={plan.id}
      planName={t(name.key, name.values)}
      total={formatMoney(plan.costCents, iso)}
      costCents={plan.costCents}
      cardKey={cardKey}
      urlBonus={{ bonus, error: bonusError, code }}
    />
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/content/ContentRoute";
