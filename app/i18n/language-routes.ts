import type { RouteConfigEntry } from "@remix-run/route-config";
import { DEFAULT_LANG, PREFIXED_LANG_CODES } from "./languages";

/** A page of the site, served in every language: at `/<path>` and at `/<lang>/<path>`. */
export interface PageRoute {
  /** Names the page in route ids: `search` → `page/search`, `page/de/search`, … */
  name: string;
  /** The path after the language prefix, without slashes at the ends; `""` is the home page. */
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  /** Written in all nine languages and listed in the sitemap (the site's own legal pages). */
  listed?: boolean;
  /**
   * The UI strings (keys) the page's social card says, for a page the content service does not
   * write; content pages' cards say what their content does (app/page/page-card.server.ts).
   */
  card?: { title: string; description: string };
}

/** The route id of a page in one language (the default language is the unprefixed variant). */
export function pageRouteId(name: string, lang: string): string {
  return lang === DEFAULT_LANG ? `page/${name}` : `page/${lang}/${name}`;
}

/**
 * Every page once without a prefix and once under each of the eight language prefixes, as a
 * literal first segment. No route has a dynamic first segment, so `/features/search` can only
 * ever reach the content catch-all, never the search page.
 */
export function languageRoutes(
  pages: readonly PageRoute[],
  prefixes: readonly string[] = PREFIXED_LANG_CODES,
): RouteConfigEntry[] {
  return pages.flatMap(({ name, path, file }) => [
    path
      ? { id: pageRouteId(name, DEFAULT_LANG), path, file }
      : { id: pageRouteId(name, DEFAULT_LANG), file, index: true },
    ...prefixes.map((lang) =>
      path
        ? { id: pageRouteId(name, lang), path: `${lang}/${path}`, file }
        : { id: pageRouteId(name, lang), path: lang, file, index: true },
    ),
  ]);
}
