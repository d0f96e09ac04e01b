import { readCookie } from "~/http/cookies";
import { clearSiteCookie, siteCookie } from "~/http/set-cookie.server";
import { isPaymentMethodId } from "./payment-methods";
import type { CheckoutDraft } from "./plan-switch";

/**
 * What the buyer had typed on the checkout when they switched to another period or plan
 * (post → 303 → the checkout of the new one): their e-mail, the marketing box and the method,
 * carried in a short-lived HttpOnly cookie that the checkout reads once and deletes, so nothing
 * typed is lost with or without JS and nothing of it travels in a URL.
 */
export const CHECKOUT_DRAFT_COOKIE = "kn_draft";

/** Seconds the draft waits for the checkout that reads it (it is read on the very next page). */
export const CHECKOUT_DRAFT_SECONDS = 300;

export type { CheckoutDraft };

/** Longest e-mail kept (the checkout's own limit). */
const MAX_EMAIL = 254;
/** Longest cookie value read: base64url of the JSON of the longest draft, with room to spare. */
const MAX_VALUE = 512;

/** The draft as a cookie value: base64url of its JSON, nothing a cookie cannot hold. */
export function serializeCheckoutDraft(draft: CheckoutDraft): string {
  const json = JSON.stringify({ e: draft.email, m: draft.marketing ? 1 : 0, p: draft.method });
  return Buffer.from(json, "utf8").toString("base64url");
}

/** The draft a cookie value holds, or null for anything the site did not write. */
export function parseCheckoutDraft(raw: string | null | undefined): CheckoutDraft | null {
  if (!raw || raw.length > MAX_VALUE || !/^[\w-]+$/.test(raw)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { e, m, p } = value as Record<string, unknown>;
  if (typeof e !== "string" || e.length > MAX_EMAIL || (m !== 0 && m !== 1)) return null;
  if (p !== null && !isPaymentMethodId(p)) return null;
  return { email: e, marketing: m === 1, method: p };
}

/** The draft of a checkout post: what it carried, each field kept only when it is well formed. */
export function draftOfPost(form: FormData): CheckoutDraft {
  const email = form.get("email");
  const method = form.get("method");
  return {
    email: typeof email === "string" && email.length <= MAX_EMAIL ? email.trim() : "",
    marketing: form.get("marketing") === "on",
    method: isPaymentMethodId(method) ? method : null,
  };
}

/** The draft a request carries (see checkout-draft.ts), if the site wrote it. */
export function readCheckoutDraft(request: Request): CheckoutDraft | null {
  return parseCheckoutDraft(readCookie(request.headers.get("cookie"), CHECKOUT_DRAFT_COOKIE));
}

/** Whether a request carries a draft cookie at all (well formed or not): it is then deleted. */
export function hasCheckoutDraft(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), CHECKOUT_DRAFT_COOKIE) !== null;
}

export function checkoutDraftCookie(draft: CheckoutDraft): string {
  return siteCookie(CHECKOUT_DRAFT_COOKIE, serializeCheckoutDraft(draft), {
    maxAge: CHECKOUT_DRAFT_SECONDS,
  });
}

export function clearCheckoutDraftCookie(): string {
  return clearSiteCookie(CHECKOUT_DRAFT_COOKIE);
}
