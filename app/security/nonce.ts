import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response. Only the server knows it; in the browser the value is
 * an empty string (browsers hide nonce attributes from scripts anyway).
 */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
