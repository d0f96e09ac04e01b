import type { Config } from "~/config.server";
import { walletCsp } from "~/commerce/wallet-script";
import { captchaCsp } from "~/forms/captcha";
import { integrationHosts } from "~/integrations/csp";
import type { CspSources } from "./csp";

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
 * Every configured third party's hosts, one entry per integration; the Content-Security-Policy
 * allows exactly these (csp.ts merges them). A new integration is one more entry.
 */
export function integrationCsp(
  config: Pick<
    Config,
    "captcha" | "stripePublishableKey" | "amazonPayScriptUrl" | "paymentHosts" | "integrations"
  >,
): CspSources[] {
  return [
    captchaCsp(config.captcha.provider),
    config.stripePublishableKey ? CARD_PROVIDER_CSP : {},
    walletCsp(config.amazonPayScriptUrl),
    paymentHostsCsp(config.paymentHosts),
    // Tag manager, consent script and error reporting (app/integrations/csp.ts).
    integrationHosts(config.integrations),
  ];
}

/** Origins whose frames may use the Payment Request API (Permissions-Policy `payment`). */
export function paymentFrameOrigins(config: Pick<Config, "stripePublishableKey">): string[] {
  return config.stripePublishableKey ? [CARD_PROVIDER_PAYMENT_FRAME] : [];
}
