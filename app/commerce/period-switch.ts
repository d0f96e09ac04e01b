import type { PaymentMethodId } from "./payment-methods";
import type { PurchaseSummary } from "./purchase-summary";

/**
 * The checkout's "other periods" buttons post the checkout form with this field (the button's
 * own name and value): the action then switches to that period instead of paying
 * (period-switch.server.ts).
 */
export const PERIOD_FIELD = "period";

/** One period the buyer may switch to on the checkout: the same plan, bought for longer or shorter. */
export interface PeriodChoice {
  id: number;
  summary: PurchaseSummary;
}

/** What the buyer had typed when switching (checkout-draft.server.ts carries it across). */
export interface CheckoutDraft {
  email: string;
  marketing: boolean;
  method: PaymentMethodId | null;
}
