import type { Config } from "~/config/config.server";
import { walletCsp } from "~/commerce/wallet-script";
import { captchaCsp } from "~/forms/captcha";
import { integrationHosts } from "~/integrations/csp";
import type { CspSources } from "~/security/csp";
import type { PageIntegration } from "~/security/page-integrations";

/** Stripe.js, its card and wallet frames and its API: the card step (STRIPE_PUBLISHABLE_KEY). */
const CARD_PROVIDER_CSP: CspSources = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/** The frame that runs the card provider's Payment Request button (Apple Pay, Pay Now). */
const CARD_PROVIDER_PAYMENT_FRAME = "https://js.stripe.com";

/** The checkout's post answers a redirect to the provider's payment page: form-action allows it. */
function paymentHostsCsp(hosts: readonly string[]): CspSources {
  return { form: hosts.map((host) => `https://${host}`) };
}

/**
 * The hosts of every configured third party any page may load, one entry per integration; every
 * page's Content-Security-Policy allows exactly these (csp.ts merges them). A new integration is
 * one more entry — here, or in `pageIntegrationCsp` when one page alone loads it.
 */
export function integrationCsp(
  config: Pick<Config, "captcha" | "stripePublishableKey" | "paymentHosts" | "integrations">,
): CspSources[] {
  return [
    captchaCsp(config.captcha.provider),
    config.stripePublishableKey ? CARD_PROVIDER_CSP : {},
    paymentHostsCsp(config.paymentHosts),
    // Tag manager, consent script and error reporting (app/integrations/csp.ts).
    integrationHosts(config.integrations),
  ];
}

/**
 * The hosts of the third parties only some pages load, by the name a route's `handle.loads`
 * gives (page-integrations.ts): only that page's policy adds them. The wallet's checkout script
 * runs on the wallet page alone, which the checkout reaches by a document redirect, so no page
 * loaded before it needs its hosts.
 */
export function pageIntegrationCsp(
  config: Pick<Config, "amazonPayScriptUrl">,
): Record<PageIntegration, CspSources> {
  return { wallet: walletCsp(config.amazonPayScriptUrl) };
}

/** Origins whose frames may use the Payment Request API (Permissions-Policy `payment`). */
export function paymentFrameOrigins(config: Pick<Config, "stripePublishableKey">): string[] {
  return config.stripePublishableKey ? [CARD_PROVIDER_PAYMENT_FRAME] : [];
}
