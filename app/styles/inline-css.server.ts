import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hashSource } from "~/security/inline-hashes";

let cached: { href: string; css: string | null; hash: string | null } | undefined;

function read(href: string) {
  if (cached?.href === href) return cached;
  let css: string | null = null;
  if (process.env.NODE_ENV === "production" && href.startsWith("/assets/")) {
    try {
      css = readFileSync(join(process.cwd(), "build/client", href), "utf8");
    } catch {
      css = null;
    }
  }
  cached = { href, css, hash: css === null ? null : hashSource(css) };
  return cached;
}

/**
 * The built stylesheet's text for inlining, read once; null in development (Vite serves the CSS
 * itself) or when the file is missing, in which case pages link it as usual.
 */
export function inlineCss(href: string): string | null {
  return read(href).css;
}

/** The CSP hash source of the inlined stylesheet, taken once when it is read; null without one. */
export function inlineCssHash(href: string): string | null {
  return read(href).hash;
}
