import { createContext, useContext } from "react";
import type { FormReply } from "~/forms/reply";

/**
 * The checkout form's last answer — a document post's action data or the JS card post's
 * fetcher data — for the parts rendered inside the form (an add-on's place), which cannot tell
 * the two apart themselves.
 */
export const CheckoutReplyContext = createContext<FormReply | null>(null);

export function useCheckoutReply(): FormReply | null {
  return useContext(CheckoutReplyContext);
}
