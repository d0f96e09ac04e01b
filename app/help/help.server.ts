import { publicBrand } from "~/config/brand.server";
import { getT } from "~/i18n/i18n.server";
import { DEFAULT_LANG, LANG_CODES, getLanguage, type LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { siteOrigin } from "~/config/origin.server";
import type { Glossary, Page, PageSummary } from "~/upstream/coms.schemas";
import { getGlossaryPage, getPage } from "~/upstream/coms.server";
import { isUpstreamError } from "~/upstream/errors";
import {
  GLOSSARY_PATH,
  HELP_PATH,
  SECTION_LABELS,
  buildBreadcrumbs,
  isHelpPath,
  trailPaths,
} from "./breadcrumbs";
import { sameGlossary } from "./glossary";
import { breadcrumbsHtml } from "./help-html.server";

/**
 * The breadcrumbs of a help page as HTML (empty outside the help section). Sections have UI
 * names in the page's language; other pages on the way are named by their own title (a page
 * that cannot be loaded is left out of the trail, never failing the page).
 */
export async function helpBreadcrumbs(
  lang: LangCode,
  path: string,
  currentName: string | null,
): Promise<string> {
  if (!isHelpPath(path)) return "";
  const t = getT(lang);
  const trail = trailPaths(path);
  const current = trail[trail.length - 1];
  const names = new Map<string, string | null>();
  await Promise.all(
    trail.map(async (crumbPath) => {
      const key = SECTION_LABELS[crumbPath];
      if (key) names.set(crumbPath, t(`help.${key}`));
      else if (crumbPath === current) names.set(crumbPath, currentName);
      else {
        const loaded = await getPage(lang, crumbPath).catch(() => null);
        names.set(crumbPath, loaded ? (loaded.page.meta.title ?? null) : null);
      }
    }),
  );
  const crumbs = buildBreadcrumbs({
    lang,
    path,
    origin: siteOrigin(),
    nameOf: (p) => names.get(p) ?? null,
  });
  return breadcrumbsHtml(crumbs, t);
}

/** The glossary as an entry of the help section's list of pages. */
function glossarySummary(lang: LangCode): PageSummary {
  const t = getT(lang);
  return {
    url: GLOSSARY_PATH,
    title: t("help.glossary"),
    description: t("help.glossaryCard"),
  };
}

const withGlossary = new WeakMap<PageSummary[], Map<LangCode, PageSummary[]>>();

/**
 * The help section's own list also names the glossary (a page of the site, not of the content
 * service) unless the service lists one; the same list in gives the same list out.
 */
export function helpChildren(lang: LangCode, path: string, list: PageSummary[]): PageSummary[] {
  if (path !== HELP_PATH || list.some((item) => item.url === GLOSSARY_PATH)) return list;
  let byLang = withGlossary.get(list);
  if (!byLang) withGlossary.set(list, (byLang = new Map()));
  let out = byLang.get(lang);
  if (!out) byLang.set(lang, (out = [...list, glossarySummary(lang)]));
  return out;
}

export interface GlossaryAnswer {
  glossary: Glossary;
  /** English terms under a language without its own glossary. */
  fallback: boolean;
}

/**
 * The glossary in a language. The service answers English where a language has none, so an
 * answer that is the English one under another language is a fallback, as for content pages.
 * Null when the service has no glossary (404); other failures reject.
 */
export async function loadGlossary(lang: LangCode): Promise<GlossaryAnswer | null> {
  const get = (code: LangCode) =>
    getGlossaryPage(code).catch((error: unknown) => {
      if (isUpstreamError(error) && error.statusCode === 404) return null;
      throw error;
    });
  const glossary = await get(lang);
  if (!glossary) return null;
  if (lang === DEFAULT_LANG) return { glossary, fallback: false };
  const english = await get(DEFAULT_LANG).catch(() => null);
  return { glossary, fallback: english !== null && sameGlossary(glossary, english) };
}

/**
 * The languages the glossary is really written in (its hreflang alternates and sitemap entries):
 * English, and each language whose answer differs from the English one. A language whose call
 * fails is left out; empty when the English glossary cannot be loaded.
 */
export async function glossaryLanguages(): Promise<LangCode[]> {
  const answers = await Promise.all(
    LANG_CODES.map((code) =>
      getGlossaryPage(code).catch((error: unknown) => {
        log.warn(`Glossary unavailable in ${code}`, error);
        return null;
      }),
    ),
  );
  const english = answers[LANG_CODES.indexOf(DEFAULT_LANG)];
  if (!english) return [];
  return LANG_CODES.filter((code, i) => {
    const answer = answers[i];
    return code === DEFAULT_LANG || (answer != null && !sameGlossary(answer, english));
  });
}

/** The glossary page's meta: its title with the brand, and a description in the page's language. */
export function glossaryMeta(lang: LangCode, title: string): Page["meta"] {
  const brand = publicBrand().name;
  const fullTitle = title.includes(brand) ? title : `${title} | ${brand}`;
  return {
    title: fullTitle,
    description: getT(lang)("help.glossaryDescription", { brand }),
  };
}

/** The collation locale of a language (ISO tag), for sorting its terms. */
export function collationLocale(lang: LangCode): string {
  return getLanguage(lang).iso;
}
