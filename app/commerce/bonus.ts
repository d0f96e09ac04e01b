import type { FormReply } from "~/forms/reply";

const BONUS_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const MAX_BONUS_CODE_LENGTH = 64;

/** A trimmed bonus code, "" for none, or null when it is malformed (too long, odd characters). */
export function normalizeBonusCode(raw: string): string | null {
  const code = raw.trim();
  if (code === "") return "";
  return code.length <= MAX_BONUS_CODE_LENGTH && BONUS_CODE.test(code) ? code : null;
}

/** The `_form` of the checkout's bonus code box. */
export const BONUS_FORM = "bonus";

/** A bonus code the upstream accepted for a plan: what the checkout shows and sends. */
export interface AppliedBonus {
  code: string;
  percent: number;
  /** In cents, USD: the plan's cost, the amount taken off, and what the buyer pays. */
  cost: number;
  discount: number;
  total: number;
  /** The server's seal on the above (bonus-seal.server.ts), posted back with the checkout. */
  seal?: string;
}

/** The checkout's answer to a post: a form reply and, when a code holds, the code applied. */
export interface CheckoutReply extends FormReply {
  bonus?: AppliedBonus | null;
  /** The posted plan is not sold: the page says so instead of showing the form. */
  unavailable?: true;
}

/**
 * A checkout post refused because its plan is not sold (sellable.server.ts): the page shows
 * "This plan is not available" for it, as it does for such a plan's URL.
 */
export function isPlanUnavailableReply(reply: unknown): boolean {
  return (
    typeof reply === "object" && reply !== null && (reply as CheckoutReply).unavailable === true
  );
}

/** The service's refusals that speak of the buyer's account (SPEC §6's error table). */
const ACCOUNT_REFUSALS = new Set(["api.BAD_NEW_BONUS_CODE", "api.USE_NEW_BONUS_CODE_ON_OWN_ACC"]);

/**
 * What a refused code tells the buyer: a visitor who is not signed in has no account on the
 * page, so a refusal that speaks of one is told as the code not fitting this order (with the way
 * to use a code tied to an account: sign in). A signed-in buyer reads the service's own words.
 */
export function bonusMessageFor(message: string, signedIn: boolean): string {
  return !signedIn && ACCOUNT_REFUSALS.has(message) ? "checkout.bonusNotForOrder" : message;
}
