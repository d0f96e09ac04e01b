import type { PaymentMethodId } from "./payment-methods";
import type { UiText } from "./ui-text";

/**
 * The checkout's "other periods" and "other plans" buttons post the checkout form with this
 * field (the button's own name and value, a purchase id): the action then switches to that
 * purchase instead of paying (plan-switch.server.ts).
 */
export const SWITCH_FIELD = "switch";

/**
 * One purchase the buyer may switch to on the checkout, as its button says it: another period
 * ("1 month") or another plan ("Family, 6 members"), and how it is billed ("$4.99 billed
 * monthly", in the page's locale).
 */
export interface SwitchChoice {
  id: number;
  label: UiText;
  billed: UiText;
}

/**
 * What the checkout offers instead of its plan: the same plan for longer or shorter (the plan
 * itself among them, in order of length), and the pricing page's other plans of the same
 * product line for the same period (cheapest first).
 */
export interface SwitchChoices {
  periods: readonly SwitchChoice[];
  plans: readonly SwitchChoice[];
}

export const NO_SWITCH: SwitchChoices = Object.freeze({ periods: [], plans: [] });

/** What the buyer had typed when switching (checkout-draft.server.ts carries it across). */
export interface CheckoutDraft {
  email: string;
  marketing: boolean;
  method: PaymentMethodId | null;
}
