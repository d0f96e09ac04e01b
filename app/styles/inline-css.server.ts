import { readFileSync } from "node:fs";
import { join } from "node:path";

let cached: { href: string; css: string | null } | undefined;

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
  cached = { href, css };
  return css;
}
