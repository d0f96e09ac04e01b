import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HtmlFragment } from "~/http/splicing-gzip.server";

let cached: { href: string; css: string | null; fragment: HtmlFragment | null } | undefined;

/**
 * The built stylesheet's text for inlining, read once; null in development (Vite serves the CSS
 * itself) or when the file is missing, in which case pages link it as usual.
 */
export function inlineCss(href: string): string | null {
  if (cached?.href === href) return cached.css;
  let css: string | null = null;
  if (process.env.NODE_ENV === "production" && href.startsWith("/assets/")) {
    try {
      css = readFileSync(join(process.cwd(), "build/client", href), "utf8");
    } catch {
      css = null;
    }
  }
  cached = { href, css, fragment: css === null ? null : new HtmlFragment(css) };
  return css;
}

/** The same text as a fragment every page carries word for word (see splicing-gzip.server.ts). */
export function inlineCssFragment(href: string): HtmlFragment | null {
  inlineCss(href);
  return cached?.fragment ?? null;
}
