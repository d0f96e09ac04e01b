import { createHash } from "node:crypto";

/** Inline elements the Content-Security-Policy allows by their hashes. */
export interface InlineHashes {
  /**
   * `'sha256-…'` of each inline script the site wrote into the page (own-scripts.tsx), each
   * once, in the order written.
   */
  scripts: readonly string[];
  /** `'sha256-…'` of each inline stylesheet the site writes (the error page's own). */
  styles: readonly string[];
}

/** The CSP hash source of an element's text: sha256 over its bytes as the page has them (UTF-8). */
export function hashSource(text: Buffer | string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}
