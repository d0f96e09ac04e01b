import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import { parseWithZod } from "@conform-to/zod";
import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { getUpstreamAuth } from "~/account/session.server";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { readForm } from "~/http/form.server";
import { splitLangPath } from "~/i18n/paths";
import { log } from "~/observability/log.server";
import { paymentRedirectTarget } from "~/security/payment-redirect";
import { getPurchaseUrlWithEmail } from "~/upstream/purchase.server";
import { isEmailShaped } from "~/upstream/sales.schemas";
import { checkAddonPost } from "./addons.server";
import { withOwnOrderKey } from "./order-link.server";
import { planUnavailable, sellablePlan } from "./sellable.server";
import { CARD_PAID_FORM, cardPaidAction, openCardStep, opensCardStep } from "./card-step.server";
import { isSpam } from "~/forms/honeypot.server";
import { subscribeFromPurchase } from "~/forms/newsletter.server";
import { backTo, failureMessage } from "~/forms/pipeline.server";
import { BONUS_FORM, bonusAction, resolveBonusCode, type AppliedBonus } from "./bonus.server";
import { CHECKOUT_FORM } from "./checkout-schema";
import { FORM_FIELD, M } from "~/forms/schemas";
import { checkoutSchema } from "./checkout-schema";
import { isTrialPost, trialFormAction } from "./trial.server";
import { isPlanSwitch, planSwitchAction } from "./plan-switch.server";
import { carriedBonus, checkoutRefusal as fail } from "./checkout-refusal.server";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * The checkout route's action: the bonus code box (`_form=bonus`, bonus.server.ts) or the
 * checkout form itself.
 */
export async function checkoutAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (form.get(FORM_FIELD) === BONUS_FORM) {
    return bonusAction(form, request, context);
  }
  if (form.get(FORM_FIELD) === CARD_PAID_FORM) return cardPaidAction(form, request, context);
  return checkoutFormAction(form, request, context);
}

/**
 * The checkout's post (no JS, or JS doing a full post): honeypot → rate limit (429) → zod (400)
 * → the plan re-read from the upstream and read by the rule of what is sold (sellable.server.ts),
 * so a tampered, unknown or refused id answers the "not available" page (404) before any
 * purchase call → `purchase/url-with-email/` → 303 to the provider's payment page, when its URL
 * is one the site may send a buyer to. A failing upstream answers 502 with the seed's message;
 * every error re-renders the checkout with the buyer's input. A second post is a second order,
 * nothing more: the provider charges only on its own page.
 * A bonus code (hidden `code` field) is checked again here: only the code is sent to the
 * purchase call, which prices the order itself, so a client-sent discount or total is ignored.
 * A signed-in visitor's account must be allowed the plan, and a personal server or static IP
 * needs a place from its list (addons.server.ts), sent with the purchase call.
 */
async function checkoutFormAction(
  form: FormData,
  request: Request,
  context: ActionFunctionArgs["context"],
) {
  if (form.get(FORM_FIELD) !== CHECKOUT_FORM) {
    return fail(400, { status: "error", error: { "": ["errors.badRequest"] } });
  }
  // One of the "other periods" or "other plans" buttons: to that checkout, nothing bought.
  if (isPlanSwitch(form)) return planSwitchAction(form, request, context);
  // A trial plan's free trial: no method, no purchase call (trial.server.ts).
  if (isTrialPost(form)) return trialFormAction(form, request, context);
  if (isSpam(form)) {
    log.warn("Checkout post filled the honeypot: back to the checkout, nothing bought");
    return redirect(backTo(request, CHECKOUT_FORM), { status: 303, headers: NO_STORE });
  }

  // A signed-in buyer's account: the code, the upgrade and the purchase are checked against it.
  const auth = await getUpstreamAuth(request);
  const submission = parseWithZod(form, { schema: checkoutSchema });
  if (!(await consumeSharedAddressPost(CHECKOUT_FORM, context.clientIp))) {
    return fail(
      429,
      submission.reply({ formErrors: ["api.TOO_MANY_REQUESTS"] }),
      await carriedBonus(form, { ask: false, clientIp: context.clientIp, auth }),
    );
  }
  if (submission.status !== "success") {
    return fail(
      400,
      submission.reply(),
      await carriedBonus(form, { clientIp: context.clientIp, auth }),
    );
  }
  const value = submission.value;
  if (!isEmailShaped(value.email)) {
    return fail(
      400,
      submission.reply({ fieldErrors: { email: [M.invalidEmail] } }),
      await carriedBonus(form, { clientIp: context.clientIp, auth }),
    );
  }

  const { lang } = splitLangPath(new URL(request.url).pathname);
  try {
    const sellable = await sellablePlan(value.plan);
    if (!sellable) return planUnavailable(submission.reply({ formErrors: [M.planUnavailable] }));
    const plan = sellable.price;
    const addon = await checkAddonPost(form, request, plan);
    if (!addon.ok) {
      const { formErrors, fieldErrors } = addon;
      return fail(
        addon.status,
        submission.reply({ formErrors, fieldErrors }),
        await carriedBonus(form, { clientIp: context.clientIp, auth }),
      );
    }
    let bonus: AppliedBonus | null = null;
    if (value.code !== undefined) {
      const outcome = await resolveBonusCode(value.code, plan.id, {
        email: value.email,
        clientIp: context.clientIp,
        auth,
      });
      if (!outcome.ok) {
        return fail(outcome.status, submission.reply({ formErrors: [outcome.message] }));
      }
      bonus = outcome.bonus;
    }
    // With JS and a card provider key, card and wallets are paid on the page (card-step.server.ts).
    if (opensCardStep(form, value.method)) {
      const method = value.method;
      return await openCardStep({
        value: { ...value, method },
        planId: plan.id,
        bonus,
        ...(addon.location ? { location: addon.location } : {}),
        lang,
        clientIp: context.clientIp,
        result: submission.reply(),
      });
    }
    // A signed-in buyer (the purchase flow's auth step) buys for their account: the service
    // gets their tokens with the e-mail, as it does for the upgrade check and the code.
    // The consent is a newsletter subscription under its own rules, never the purchase call's.
    const [purchase] = await Promise.all([
      getPurchaseUrlWithEmail(
        {
          planId: plan.id,
          method: value.method,
          email: value.email,
          receiveMarketingEmails: false,
          ...(bonus ? { code: bonus.code } : {}),
          ...(addon.location ? { location: addon.location } : {}),
          lang,
        },
        auth,
      ),
      value.marketing && subscribeFromPurchase(value.email, lang, context.clientIp),
    ]);
    const { siteUrl, paymentHosts } = getConfig();
    const target = paymentRedirectTarget(purchase.url, { siteUrl, paymentHosts });
    if (!target) {
      log.error(`Checkout: the payment URL for order ${purchase.order ?? "?"} is not allowed`);
      return fail(502, submission.reply({ formErrors: ["checkout.paymentUnavailable"] }), bonus);
    }
    // A document redirect: with JS too the browser loads the payment page itself.
    return redirectDocument(withOwnOrderKey(target), { status: 303, headers: NO_STORE });
  } catch (error) {
    log.error("Checkout could not be sent upstream", error);
    return fail(
      502,
      submission.reply({ formErrors: [failureMessage(error)] }),
      await carriedBonus(form, { clientIp: context.clientIp, auth }),
    );
  }
}
