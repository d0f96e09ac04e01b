import type { IncomingMessage } from "node:http";
import { splitLangPath, withoutUnknownPrefix } from "~/i18n/paths";
import {
  answeredInsteadOfRedirect,
  knownLanguageRedirect,
  languageRedirect,
} from "~/i18n/redirect.server";
import { storableQuery } from "~/http/page-params";
import { pageVariant, type VariantInput } from "~/http/page-variant";

/** What a page's cache key is made of: the request line and the headers its variant reads. */
export interface KeyInput extends VariantInput {
  accept: string | null | undefined;
}

/**
 * The cache key of a page request, or null when the request must be rendered: not a GET/HEAD
 * for an HTML page, an action or file path, a junk language prefix (`/zz/…`: the request guard
 * redirects it; never an entry of its own), a query with parameters the page does not read
 * (page-params.ts), or a request whose variant may not be shared (a session). The key is the
 * path, the page's own parameters, and the page variant. A person's unprefixed GET that their
 * language redirects is never answered from the cache either (`serve` asks `languageRedirect`).
 */
export function pageCacheKey(input: KeyInput): string | null {
  if (input.method !== "GET" && input.method !== "HEAD") return null;
  if (!input.accept?.includes("text/html")) return null;
  if (input.pathname.startsWith("/action/") || /\.[a-z0-9]+$/i.test(input.pathname)) return null;
  if (withoutUnknownPrefix(input.pathname) !== null) return null;
  const query = storableQuery(input.pathname, input.search);
  if (query === null) return null;
  const variant = pageVariant(input).key;
  if (variant === null) return null;
  return `${input.pathname}${query}\n${variant}`;
}

/**
 * `pageCacheKey`, and null as well for a person's unprefixed GET that their language redirects
 * (the root loader answers that, uncached). Prefixed URLs — most requests — and unprefixed ones
 * whose language is already known are answered at once; the rest after remix-i18next's detection
 * (a crawler's too: its unprefixed page is private where a person would be redirected).
 */
export function lookupKey(input: KeyInput): string | null | Promise<string | null> {
  // A crawler on an unprefixed URL: what a person with its headers would get is detected first,
  // so the variant (private if they would be redirected) is exact.
  const crawler = answeredInsteadOfRedirect(input);
  if (typeof crawler !== "boolean") return crawler.then(() => personKey(input));
  return personKey(input);
}

function personKey(input: KeyInput): string | null | Promise<string | null> {
  const key = pageCacheKey(input);
  if (key === null || splitLangPath(input.pathname).prefixed) return key;
  const known = knownLanguageRedirect(input);
  if (known !== undefined) return known === null ? key : null;
  return languageRedirect(input).then((to) => (to === null ? key : null));
}

/** The key input of a request whose path and query the caller has already split. */
export function keyInputOf(req: IncomingMessage, pathname: string, search: string): KeyInput {
  return {
    method: req.method ?? "",
    pathname,
    search,
    accept: req.headers.accept,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    userAgent: req.headers["user-agent"],
  };
}
