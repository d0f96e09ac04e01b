import { splitLangPath } from "~/i18n/paths";
import { isAdClickParam } from "~/http/ad-params";

/**
 * The query parameters a shared page reads on the server, page by page, with the values it can
 * be kept for by shared caches (decision 022): a request with any other parameter, a value
 * outside its list, or a parameter given twice is rendered as asked but answered
 * `private, no-store` (app/http/cache-control.ts), so junk parameters cannot split a shared
 * cache and push real pages out of it, and no kept page carries one visitor's junk (links on a
 * page keep the query it was asked with). Ad-click parameters are read by no page: they are
 * dropped (the compose set-up's Varnish leaves them out of its key too).
 * Pages whose answer is private (checkout, sign-in, order outcomes, the password generator's
 * results) are never stored anyway and need no entry; search results are kept per text and page.
 */
type Accepts = (value: string) => boolean;

const exactly =
  (...values: string[]): Accepts =>
  (value) =>
    values.includes(value);
/** A listing's page: 2 to 9999 (page 1 is the page without the parameter). */
const listingPage: Accepts = (value) => /^[1-9]\d{0,3}$/.test(value) && value !== "1";

/** Every page: a visit from an app store listing (SPEC §2; footer and download buttons). */
const EVERY_PAGE: Record<string, Accepts> = {
  platform: exactly("store"),
  download: exactly("appstore"),
};

/** A search's text: any, within the search form's bound (MAX_QUERY, app/content/search-text.ts). */
const searchText: Accepts = (value) => value.length <= 200;

/** Pages (without their language prefix) that read more. */
const BY_PAGE: Record<string, Record<string, Accepts>> = {
  "/blog": { page: listingPage },
  "/search": { q: searchText, page: listingPage },
};

/**
 * The query a page may be stored under — `""` or the declared parameters in a fixed order
 * (`?page=2&platform=store`) — or null when the request must not be stored.
 */
export function storableQuery(pathname: string, search: string): string | null {
  if (!search || search === "?") return "";
  const declared = { ...EVERY_PAGE, ...BY_PAGE[splitLangPath(pathname).path] };
  const kept = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (isAdClickParam(name)) continue;
    const accepts = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (!accepts || kept.has(name) || !accepts(value)) return null;
    kept.set(name, value);
  }
  if (kept.size === 0) return "";
  const sorted = [...kept].sort(([a], [b]) => (a < b ? -1 : 1));
  return `?${new URLSearchParams(sorted).toString()}`;
}
