import type { BreadcrumbList, WithContext } from "schema-dts";
import type { LangCode } from "~/i18n/languages";
import { localizePath, normalizePath } from "~/i18n/paths";

/** The help section's root; every page below it shows breadcrumbs. */
export const HELP_PATH = "/help";
/** The glossary page (its terms come from the content service's glossary call). */
export const GLOSSARY_PATH = "/help/glossary";

/** Pages whose crumb is a UI string (locale key under `help.`), not the page's own title. */
export const SECTION_LABELS: Readonly<Record<string, string>> = {
  "/": "home",
  "/help": "help",
  "/help/manuals": "manuals",
  "/help/use-cases": "useCases",
  "/help/glossary": "glossary",
};

export interface Crumb {
  name: string;
  /** The link, with the page's language prefix. */
  href: string;
  /** The absolute URL (SITE_URL origin), for structured data. */
  url: string;
  current: boolean;
}

export function isHelpPath(path: string): boolean {
  const clean = normalizePath(path);
  return clean === HELP_PATH || clean.startsWith(`${HELP_PATH}/`);
}

/**
 * The paths from the home page down to `path` (unprefixed): `/help/manuals/how-to-install` →
 * `/`, `/help`, `/help/manuals`, `/help/manuals/how-to-install`. Empty outside the help section.
 */
export function trailPaths(path: string): string[] {
  const clean = normalizePath(path);
  if (!isHelpPath(clean)) return [];
  const segments = clean.split("/").filter(Boolean);
  return ["/", ...segments.map((_, i) => `/${segments.slice(0, i + 1).join("/")}`)];
}

export interface BreadcrumbInput {
  lang: LangCode;
  /** The page's path without a language prefix. */
  path: string;
  /** The public origin (SITE_URL). */
  origin: string;
  /** The name of a page on the trail; null leaves that page out (its name could not be known). */
  nameOf: (path: string) => string | null;
}

/** The breadcrumb trail of a help page; the last crumb is the page itself. */
export function buildBreadcrumbs({ lang, path, origin, nameOf }: BreadcrumbInput): Crumb[] {
  const base = origin.replace(/\/+$/, "");
  const paths = trailPaths(path);
  const crumbs: Crumb[] = [];
  paths.forEach((crumbPath, index) => {
    const name = nameOf(crumbPath)?.trim();
    if (!name) return;
    const href = localizePath(crumbPath, lang);
    crumbs.push({
      name,
      href,
      url: `${base}${href}`,
      current: index === paths.length - 1,
    });
  });
  return crumbs;
}

/** The trail as schema.org structured data (a BreadcrumbList with absolute URLs). */
export function breadcrumbListLd(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}
