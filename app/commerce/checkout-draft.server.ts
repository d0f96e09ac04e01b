import { readCookie } from "~/http/cookies";
import { plainCookieNotice } from "~/http/set-cookie";
import { clearSiteCookie, siteCookie } from "~/http/set-cookie.server";
import { PAGE_METHODS, type PaymentMethodId } from "./payment-methods";
import type { CheckoutDraft } from "./plan-switch";

/**
 * What the buyer had typed on the checkout when they switched to another period or plan
 * (post → 303 → the checkout of the new one): their e-mail, the marketing box and the method,
 * carried in a short-lived HttpOnly cookie that the checkout reads once and deletes, so nothing
 * typed is lost with or without JS and nothing of it travels in a URL.
 */
export const CHECKOUT_DRAFT_COOKIE = "kn_draft";

/** Seconds the draft waits for the checkout that reads it (it is read on the very next page). */
const CHECKOUT_DRAFT_SECONDS = 300;

export const CHECKOUT_DRAFT_COOKIE_NOTICE = plainCookieNotice(CHECKOUT_DRAFT_COOKIE, {
  purpose: "checkoutDraft",
  maxAgeS: CHECKOUT_DRAFT_SECONDS,
});

/** Longest e-mail kept (the checkout's own limit), in characters. */
const MAX_EMAIL = 254;
/**
 * Longest cookie value read: base64url of the JSON of the longest draft — 254 characters of up
 * to 4 UTF-8 bytes each, or 6 for a control character JSON escapes, and 30 bytes around them —
 * inside a browser's 4,096 bytes per cookie.
 */
const MAX_VALUE = Math.ceil(((MAX_EMAIL * 6 + 30) * 4) / 3);

/** A method the checkout page offers (a draft never picks a tile the page does not show). */
function pageMethod(value: unknown): PaymentMethodId | null {
  return PAGE_METHODS.find((method) => method === value) ?? null;
}

/** The draft as a cookie value: base64url of its JSON, nothing a cookie cannot hold. */
function serializeCheckoutDraft(draft: CheckoutDraft): string {
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
  if (p !== null && pageMethod(p) === null) return null;
  return { email: e, marketing: m === 1, method: pageMethod(p) };
}

/** The draft of a checkout post: what it carried, each field kept only when it is well formed. */
export function draftOfPost(form: FormData): CheckoutDraft {
  const email = form.get("email");
  return {
    email: typeof email === "string" && email.length <= MAX_EMAIL ? email.trim() : "",
    marketing: form.get("marketing") === "on",
    method: pageMethod(form.get("method")),
  };
}

/**
 * The draft a request carries, if the site wrote it, and whether it carries a draft cookie at
 * all (well formed or not): the checkout then deletes it, read once.
 */
export function takeCheckoutDraft(request: Request): {
  draft: CheckoutDraft | null;
  sent: boolean;
} {
  const raw = readCookie(request.headers.get("cookie"), CHECKOUT_DRAFT_COOKIE);
  return { draft: parseCheckoutDraft(raw), sent: raw !== null };
}

export function checkoutDraftCookie(draft: CheckoutDraft): string {
  return siteCookie(CHECKOUT_DRAFT_COOKIE, serializeCheckoutDraft(draft), {
    maxAge: CHECKOUT_DRAFT_SECONDS,
  });
}

export function clearCheckoutDraftCookie(): string {
  return clearSiteCookie(CHECKOUT_DRAFT_COOKIE);
}
