import { accountKey } from "~/account/account-key.server";
import { getConfig } from "~/config.server";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/log.server";
import { subscribe } from "~/upstream/forms.server";
import { NEWSLETTER_FORM } from "./form-ids";
import { addressKey } from "./limits/guesses.server";
import { Allowance, takeTries, type Charge } from "./limits/allowance.server";
import type { FormHandler } from "./pipeline.server";
import { newsletterSchema } from "./schemas";

const HOUR_MS = 3_600_000;

/** Subscriptions of one e-mail address a day: nobody's inbox is filled by someone else's posts. */
export const SUBSCRIPTIONS_PER_EMAIL = 3;
/** Subscriptions no captcha vouched for, per visitor address and hour. */
export const UNVERIFIED_PER_ADDRESS = 3;

const perEmail = new Allowance("newsletter-email", {
  limit: () => SUBSCRIPTIONS_PER_EMAIL,
  windowMs: () => 24 * HOUR_MS,
});
const unverifiedPerAddress = new Allowance("newsletter-unverified-address", {
  limit: () => UNVERIFIED_PER_ADDRESS,
  windowMs: () => HOUR_MS,
});
const unverifiedEverywhere = new Allowance("newsletter-unverified", {
  limit: () => getConfig().newsletterUnverifiedLimit,
  windowMs: () => HOUR_MS,
});

/** What one subscription of `email` takes: the e-mail's own, and the unverified ones' limits. */
function subscriptionCharges(email: string, verified: boolean, clientIp: string | undefined) {
  const perEmailCharge: Charge = { allowance: perEmail, key: accountKey(email) };
  if (verified) return [perEmailCharge];
  return [
    { allowance: unverifiedPerAddress, key: addressKey(clientIp) },
    { allowance: unverifiedEverywhere, key: "all" },
    perEmailCharge,
  ];
}

/**
 * The footer's newsletter form (SPEC §2, §5): subscribes the address, captcha with JS. A post
 * without a confirmed captcha answer — no JS, a script, or no captcha configured — is never taken
 * for verified (decision 022): a few per address and hour, a bounded number site-wide, and sent
 * upstream marked unverified so the content service can confirm it by e-mail before it mails more.
 */
export const newsletterForm: FormHandler<typeof newsletterSchema> = {
  id: NEWSLETTER_FORM,
  schema: newsletterSchema,
  captcha: true,
  spamOutcome: () => "ok",
  charges: (value, { verified, clientIp }) => subscriptionCharges(value.email, verified, clientIp),
  async submit(value, { lang, verified }) {
    await subscribe(value.email, lang, verified);
    return "ok";
  },
};

/**
 * The marketing consent ticked at a checkout or a free trial: a subscription under the newsletter
 * form's rules (decision 022) — a few a day per e-mail, unverified (no captcha vouched for the
 * e-mail's owner) within the per-address and site-wide bounds, and sent marked unverified so the
 * content service confirms it before mailing more. The purchase call itself never subscribes
 * (`receiveMarketingEmails: false`): otherwise anyone could put a stranger's address on the list
 * once per post. Best effort: past a limit or with the service failing, the purchase goes on
 * and the subscription is left out (logged). Answers whether the address was subscribed.
 */
export async function subscribeFromPurchase(
  email: string,
  lang: LangCode,
  clientIp: string | undefined,
): Promise<boolean> {
  const tries = await takeTries(subscriptionCharges(email, false, clientIp));
  if (!tries.allowed) {
    log.warn("Marketing consent at a purchase not sent: the newsletter's limits are used up");
    return false;
  }
  try {
    await subscribe(email, lang, false);
    return true;
  } catch (error) {
    await tries.giveBack();
    log.warn("Marketing consent at a purchase could not be sent", error);
    return false;
  }
}
