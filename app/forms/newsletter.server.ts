import { accountKey } from "./limits/account-key.server";
import { getConfig } from "~/config/config.server";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import type { LimiterName } from "~/redis/keys";
import { subscribe } from "~/upstream/forms.server";
import { NEWSLETTER_FORM } from "./form-ids";
import { addressKey } from "./limits/address";
import { Allowance, takeTries, type Charge } from "./limits/allowance.server";
import { mailboxOf } from "./limits/mailbox";
import type { FormHandler } from "./pipeline.server";
import { newsletterSchema } from "./schemas";

const HOUR_MS = 3_600_000;

/** Subscriptions of one mailbox a day: nobody's inbox is filled by someone else's posts. */
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

/** What the purchase's log says when one of the limits left its consent out. */
const SPENT: Partial<Record<LimiterName, string>> = {
  "newsletter-email": "this mailbox's subscriptions of the day are used up",
  "newsletter-unverified-address":
    "this address's unverified subscriptions of the hour are used up",
  "newsletter-unverified": "the site's unverified subscriptions of the hour are used up",
};

/** One subscription the site is asked to make, and what vouches for whoever asked. */
export interface SubscriptionRequest {
  /** The address as typed: sent upstream as it is, counted by its mailbox. */
  email: string;
  /** A captcha answer the provider confirmed came with it (never so for a purchase's consent). */
  verified: boolean;
  clientIp: string | undefined;
}

/**
 * The newsletter's limits (decision 022), decided here for every way the site subscribes an
 * address: the footer's form and the outcome page's offer (`newsletterForm`, through the form
 * pipeline) and the marketing consent ticked at a checkout, a card step or a free trial
 * (`subscribeFromPurchase`). Each subscription counts on its mailbox (`mailboxOf`: case, plus tag
 * and Gmail's dots do not make another one), 3 a day. One no captcha vouched for — a form post
 * without a confirmed answer, and every purchase's consent — counts first on its sender's
 * address (IPv6 by its /56), 3 an hour, then on the whole site, NEWSLETTER_UNVERIFIED_LIMIT an
 * hour: address first, so an address past its own limit counts on nobody else's key.
 */
export function subscriptionCharges({ email, verified, clientIp }: SubscriptionRequest): Charge[] {
  const perEmailCharge: Charge = { allowance: perEmail, key: accountKey(mailboxOf(email)) };
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
 * Past a limit (`subscriptionCharges`) the post is answered 429.
 */
export const newsletterForm: FormHandler<typeof newsletterSchema> = {
  id: NEWSLETTER_FORM,
  schema: newsletterSchema,
  captcha: true,
  spamOutcome: () => "ok",
  charges: (value, { verified, clientIp }) =>
    subscriptionCharges({ email: value.email, verified, clientIp }),
  async submit(value, { lang, verified }) {
    await subscribe(value.email, lang, verified);
    return "ok";
  },
};

/**
 * The marketing consent ticked at a checkout, a card step or a free trial: a subscription no
 * captcha vouched for, under the very limits of the footer form's unverified posts
 * (`subscriptionCharges`) — per mailbox, per visitor address together with that address's
 * footer posts, and site-wide — and sent marked unverified so the content service confirms it
 * with the e-mail's owner before mailing more. The purchase call itself never subscribes
 * (`receiveMarketingEmails: false`): otherwise anyone could put strangers' addresses on the list
 * once per post. Best effort: past a limit, or with the service failing, the purchase goes on
 * without the subscription (logged); a buyer is never refused for the newsletter's sake.
 * Answers whether it was sent.
 */
export async function subscribeFromPurchase(
  email: string,
  lang: LangCode,
  clientIp: string | undefined,
): Promise<boolean> {
  const tries = await takeTries(subscriptionCharges({ email, verified: false, clientIp }));
  if (!tries.allowed) {
    const spent = (tries.spent && SPENT[tries.spent]) ?? "a newsletter limit is used up";
    log.warn(`Marketing consent at a purchase not sent: ${spent}`);
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
