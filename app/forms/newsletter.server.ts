import { accountKey } from "~/account/account-key.server";
import { getConfig } from "~/config.server";
import { subscribe } from "~/upstream/forms.server";
import { NEWSLETTER_FORM } from "./form-ids";
import { addressKey } from "./limits/guesses.server";
import { Allowance, type Charge } from "./limits/allowance.server";
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
  charges(value, { verified, clientIp }): Charge[] {
    const email: Charge = { allowance: perEmail, key: accountKey(value.email) };
    if (verified) return [email];
    return [
      { allowance: unverifiedPerAddress, key: addressKey(clientIp) },
      { allowance: unverifiedEverywhere, key: "all" },
      email,
    ];
  },
  async submit(value, { lang, verified }) {
    await subscribe(value.email, lang, verified);
    return "ok";
  },
};
