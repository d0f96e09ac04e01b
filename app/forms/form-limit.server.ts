import { getConfig } from "~/config/config.server";
import type { VisitorFormId } from "./form-ids";
import { addressKey } from "./limits/address";
import { Allowance } from "./limits/allowance.server";

const windowMs = () => getConfig().formRateLimit.windowMs;

/** Posts of one visitor form (newsletter, feedback, contact, partner) per address and window. */
const visitorPosts = new Allowance("form", {
  limit: () => getConfig().formRateLimit.limit,
  windowMs,
});

/**
 * Posts of one form of buying or signing in per address and window: many buyers may share an
 * address, and what is guessed through these forms has limits of its own (limits/guesses.server.ts).
 */
const sharedAddressPosts = new Allowance("form", {
  limit: () => getConfig().formRateLimit.sharedLimit,
  windowMs,
});

/**
 * The per-address form limit (decision 022 §2), asked by the code that handles the form — the
 * form pipeline and each form's action — with the form it is handling: one count per post, per
 * address (IPv6 by its /56) and form, in a fixed window (`FORM_RATE_WINDOW_SECONDS`). Answers
 * false when the post is one more than the form's limit: the action then answers 429 with the
 * page, the visitor's input and a localized message. Counted in Redis when REDIS_URL is set.
 *
 * A form that sends a message or a subscription (newsletter, feedback, contact, partner): few
 * honest posts per address.
 */
export async function consumeFormPost(formId: VisitorFormId, clientIp: string | undefined) {
  return visitorPosts.take(`${addressKey(clientIp)} ${formId}`);
}

/**
 * The same limit for a form of buying or signing in (checkout, card step, wallet, bonus code,
 * redeem, sign-in, fast login, autologin, password change), asked by its action: many honest
 * people may post these from one address (an office, a school, a carrier's shared address), so
 * the limit is high, and what is guessed through them (accounts, codes) has limits of its own
 * (app/forms/limits/).
 */
export async function consumeSharedAddressPost(formId: string, clientIp: string | undefined) {
  return sharedAddressPosts.take(`${addressKey(clientIp)} ${formId}`);
}
