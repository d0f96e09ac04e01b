import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { getLanguage } from "~/i18n/languages";
import { createTranslator, type TFunction } from "~/i18n/translate";
import type { SiteData } from "~/root-data";

interface MatchLike {
  id: string;
  data: unknown;
}

/** The root loader's data as seen from a route's meta function. */
export function rootDataFromMatches(matches: MatchLike[]): SiteData | undefined {
  return matches.find((m) => m.id === "root")?.data as SiteData | undefined;
}

const translators = new WeakMap<object, TFunction>();

/**
 * The translator meta functions use: the browser's (app/i18n/translate.ts) over the few UI
 * strings the root loader sends for them, made once per root data. The same on the server and
 * in the browser, so a title never changes on hydration.
 */
export function metaT(root: SiteData | undefined): TFunction {
  if (!root) return (key) => key;
  let t = translators.get(root.messages);
  if (!t) {
    t = createTranslator(getLanguage(root.lang).iso, root.messages);
    translators.set(root.messages, t);
  }
  return t;
}

/** Meta of an error page: the error's title, never indexed. */
export function errorMeta(matches: MatchLike[], status: number): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  const key = status === 404 ? "errors.notFoundTitle" : "errors.genericTitle";
  return [{ title: metaT(root)(key) }, { name: "robots", content: "noindex" }];
}

/** What Remix passes a meta function, as far as the helpers here read it. */
interface MetaArgsLike<Data> {
  data: Data | undefined;
  matches: MatchLike[];
  error?: unknown;
}

/**
 * The meta function of a page search engines never list (sign-in, the account pages): the
 * loader's localized title with the brand, and `robots` as given — or the error page's meta.
 */
export function unlistedPageMeta(robots: "noindex, follow" | "noindex, nofollow") {
  return ({ data, matches, error }: MetaArgsLike<{ title: string }>): MetaDescriptor[] => {
    if (!data || error) {
      return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
    }
    const brand = rootDataFromMatches(matches)?.brand.name ?? "";
    return [{ title: `${data.title} | ${brand}` }, { name: "robots", content: robots }];
  };
}
