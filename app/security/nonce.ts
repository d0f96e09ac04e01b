import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current response. Only the server knows it; in the browser the value is
 * an empty string (browsers hide nonce attributes from scripts anyway).
 */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * The page's CSP nonce as the browser keeps it, for scripts the page adds later (the attribute
 * of the server's scripts is hidden once parsed, the property is not).
 */
export function pageNonce(document: Document): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}
