import type { FormReply } from "~/forms/reply";

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
}
