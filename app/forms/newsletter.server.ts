import { accountKey } from "~/account/account-key.server";
import { getConfig } from "~/config.server";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { subscribe } from "~/upstream/forms.server";
import { NEWSLETTER_FORM } from "./form-ids";
import { addressKey } from "./limits/guesses.server";
import { Allowance, takeTries, type Charge } from "./limits/allowance.server";
import type { FormHandler } from "./pipeline.server";
import { newsletterSchema } from "./schemas";

const HOUR_MS = 3_600_000;

/** Subscriptions of one e-mail address a day: nobody's inbox is filled by someone else's posts. */
const SUBSCRIPTIONS_PER_EMAIL = 3;
/** Subscriptions no captcha vouched for, per visitor address and hour. */
const UNVERIFIED_PER_ADDRESS = 3;

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
 * form's rules (decision 022) — a few a day per e-mail, and sent marked unverified so the content
 * service confirms it with the e-mail's owner before mailing more. The purchase call itself never
 * subscribes (`receiveMarketingEmails: false`): otherwise anyone could put a stranger's address
 * on the list once per post. Unlike the footer form's unverified posts it is not bounded per
 * visitor address or site-wide: each post is an order, already limited as one, and buyers who
 * share an address (an office) are each subscribed. Best effort: past the e-mail's limit or with
 * the service failing, the purchase goes on without it (logged). Answers whether it was sent.
 */
export async function subscribeFromPurchase(email: string, lang: LangCode): Promise<boolean> {
  const tries = await takeTries([{ allowance: perEmail, key: accountKey(email) }]);
  if (!tries.allowed) {
    log.warn("Marketing consent at a purchase not sent: this e-mail's subscriptions are used up");
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
