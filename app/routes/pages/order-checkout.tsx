/**
 * The order checkout, `/order/checkout?plan=<purchase id>` (payment layout): the plan and its
 * total, the buyer's e-mail, marketing consent and payment method. Without JS it posts to its own
 * action, which answers 303 to the provider's payment page (app/commerce/checkout.server.ts).
 * A personal server or static IP also needs a place (preselected from the visitor's country), and
 * a signed-in visitor's account is asked whether it may buy the plan (docs/decisions/012).
 * Private: it varies per plan and per buyer, and no shared cache keeps it.
 */
import { purchaseSummary, type PurchaseSummary } from "~/commerce/purchase-summary";
import { sellablePlan } from "~/commerce/sellable.server";
import { now } from "~/config/clock.server";
import { formatMoney } from "~/commerce/price";
import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData } from "@remix-run/react";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { errorMeta } from "~/seo/route-meta";
import { pageRouteCard } from "~/page-cards.server";
import { pageCardTags } from "~/social/card-tags";
import { getT } from "~/i18n/i18n.server";
import { isUpstreamError } from "~/upstream/errors";
import { upstreamFailureInit } from "~/http/upstream-failure";
import { log } from "~/observability/log.server";
import { CheckoutForm } from "~/commerce/CheckoutForm";
import type { TaxStatement } from "~/commerce/CheckoutDeal";
import { firstChargeDay, utcDay } from "~/commerce/renewal";
import { NO_SWITCH } from "~/commerce/plan-switch";
import { switchChoices, type SwitchChoices } from "~/commerce/switch-choices.server";
import { clearCheckoutDraftCookie, takeCheckoutDraft } from "~/commerce/checkout-draft.server";
import { CheckoutAccount, PlanUnavailable } from "~/commerce/CheckoutNotices";
import { getUpstreamAuth } from "~/account/session.server";
import { useTranslation } from "~/i18n/react";
import { resolveBonusCode } from "~/commerce/bonus.server";
import type { AppliedBonus } from "~/commerce/bonus";
import { requestedLocation } from "~/commerce/addons";
import {
  checkoutLocation,
  loadCheckoutAddon,
  upgradeFor,
  type CheckoutAddon,
} from "~/commerce/addons.server";
import { LocationPicker, UpgradeNotice, UpgradeRefused } from "~/commerce/LocationPicker";

import { checkoutAction as action } from "~/commerce/checkout.server";
import { isPlanUnavailableReply } from "~/commerce/bonus";

export { action };

export const handle = { layout: "payment" };

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** What the checkout shows of a plan: what it is and what one purchase costs. */
interface CheckoutPlan {
  id: number;
  summary: PurchaseSummary;
  /** In cents, USD. */
  costCents: number;
  /** A trial plan: checked out without a method or a charge. */
  trial: boolean;
  /** A trial's first charge if started today, YYYY-MM-DD. */
  firstCharge: string | null;
  /** What the summary says of taxes: the service's figure, or the configured line. */
  tax: TaxStatement;
}

/** `?plan=`: a purchase id (digits, no sign or leading zero), else null. */
export function planIdParam(url: URL): number | null {
  const raw = url.searchParams.get("plan") ?? "";
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const id = planIdParam(url);
  let plan: CheckoutPlan | null = null;
  let addon: CheckoutAddon | null = null;
  let choices: SwitchChoices = NO_SWITCH;
  try {
    const found = id === null ? null : await sellablePlan(id);
    if (found) {
      const { costCents, trial, trialDays } = found.plan;
      plan = {
        id: found.plan.id,
        summary: purchaseSummary(found.plan),
        costCents,
        trial,
        firstCharge: trial ? firstChargeDay(new Date(now()), trialDays) : null,
        tax:
          found.price.tax !== undefined
            ? { kind: "amount", cents: found.price.tax }
            : { kind: getConfig().taxNote },
      };
      [addon, choices] = await Promise.all([
        loadCheckoutAddon(found.price),
        switchChoices(found.plan, lang),
      ]);
    }
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.error(`Checkout: plan ${id ?? "?"} could not be loaded`, error);
    throw data(null, upstreamFailureInit(error.statusCode));
  }
  // `?code=`: a bonus code kept over a reload or given in a link, checked like the box's post and
  // under the same guess limits (no call when malformed, none when the tries are spent).
  // An empty `?code=` names no code: nothing to check, nothing to refuse.
  const rawCode = url.searchParams.get("code")?.trim() || null;
  let bonus: AppliedBonus | null = null;
  let bonusError: string | null = null;
  // The purchase flow's auth step (SPEC §4): a signed-in buyer's codes and plan are checked
  // against their account.
  const auth = plan ? await getUpstreamAuth(request) : null;
  if (plan && rawCode !== null) {
    const outcome = await resolveBonusCode(rawCode.slice(0, 200), plan.id, {
      clientIp: context.clientIp,
      auth,
    });
    if (outcome.ok) bonus = outcome.bonus;
    else bonusError = outcome.message;
  }
  // A server's place is `?region=`, a static IP's `?ip_region=` (SPEC §4).
  const location = addon
    ? await checkoutLocation(
        addon,
        requestedLocation(addon.kind, url.searchParams),
        context.clientIp,
      )
    : null;
  const upgrade = plan ? await upgradeFor(request, plan.id) : null;
  // Not signed in: a link to sign in and come back to this very checkout (plan, code, place).
  const signedIn = auth !== null;
  const signInHref = `${localizePath("/sign-in", lang)}?to=${encodeURIComponent(
    url.pathname + url.search,
  )}`;
  const t = getT(lang);
  const brand = getConfig().brand.name;
  // The page's meta strings, translated here: root data carries only the site-wide ones.
  const head = {
    title: `${t(plan ? "checkout.title" : "checkout.unavailableTitle")} | ${brand}`,
    description: t("checkout.metaDescription", { brand }),
  };
  // The card provider's publishable key reaches the browser here only, for the card step.
  const cardKey = plan ? (getConfig().stripePublishableKey ?? null) : null;
  // What the buyer typed before switching to this period or plan, read once.
  const { draft, sent: draftSent } = takeCheckoutDraft(request);
  return data(
    {
      lang,
      plan,
      bonus,
      bonusError,
      code: rawCode?.slice(0, 200) ?? "",
      addon,
      location,
      upgrade,
      head,
      card: pageRouteCard(lang, "/order/checkout"),
      cardKey,
      signedIn,
      signInHref,
      today: utcDay(new Date(now())),
      choices,
      draft,
    },
    {
      status: plan ? 200 : 404,
      headers: draftSent ? { ...NO_STORE, "Set-Cookie": clearCheckoutDraftCookie() } : NO_STORE,
    },
  );
}

/** A post's answer (private) wins over the page's. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data: result, matches, error }) => {
  if (!result || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  return [
    { title: result.head.title },
    { name: "description", content: result.head.description },
    { name: "robots", content: "noindex, nofollow" },
    ...pageCardTags(result.head.title, result.card),
  ];
};

export default function CheckoutPage() {
  const {
    plan,
    bonus,
    bonusError,
    code,
    addon,
    location,
    upgrade,
    cardKey,
    signedIn,
    signInHref,
    today,
    choices,
    draft,
  } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { iso } = useTranslation();
  // The page's plan, or the one a post named, refused by the rule of what is sold.
  if (!plan || isPlanUnavailableReply(reply)) return <PlanUnavailable />;
  if (upgrade && !upgrade.possible) return <UpgradeRefused reason={upgrade.reason} />;
  return (
    <CheckoutForm
      planId={plan.id}
      summary={plan.summary}
      firstCharge={plan.firstCharge}
      today={today}
      tax={plan.tax}
      choices={choices}
      draft={draft}
      total={formatMoney(plan.costCents, iso)}
      costCents={plan.costCents}
      cardKey={cardKey}
      urlBonus={{ bonus, error: bonusError, code }}
      addons={
        <>
          {upgrade?.possible ? <UpgradeNotice /> : null}
          {addon ? (
            <LocationPicker
              key={plan.id}
              addon={addon}
              selected={location?.selected ?? null}
              suggested={location?.suggested ?? false}
            />
          ) : null}
        </>
      }
      trial={plan.trial}
      signedIn={signedIn}
      account={<CheckoutAccount signedIn={signedIn} signInHref={signInHref} />}
    />
  );
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
