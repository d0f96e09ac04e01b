/**
 * The page's CSP nonce as the browser keeps it, for scripts the page adds later (the wallet
 * script, the tag manager): the attribute of the server's scripts is hidden once parsed, the
 * property is not. Its own module so only the pages that add scripts load it.
 */
export function pageNonce(document: Document): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}
