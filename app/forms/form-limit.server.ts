import { getConfig } from "~/config/config.server";
import { isSharedAddressForm, type FormId } from "./form-ids";
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
 */
export async function consumeFormPost(formId: FormId, clientIp: string | undefined) {
  const posts = isSharedAddressForm(formId) ? sharedAddressPosts : visitorPosts;
  return posts.take(`${addressKey(clientIp)} ${formId}`);
}
