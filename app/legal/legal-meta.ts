import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { LANG_CODES, type LangCode } from "~/i18n/languages";
import { buildMeta } from "~/seo/meta";
import { errorMeta, rootDataFromMatches } from "~/seo/route-meta";

/** What a legal page's loader gives its meta: the page in its language, its title and summary. */
export interface LegalPageHead {
  lang: LangCode;
  /** The path without its language prefix (`/cookies`). */
  path: string;
  title: string;
  description: string;
}

/**
 * The meta of the site's own legal pages (cookie policy, legal notice): written in all nine
 * languages, so each is canonical to itself with every language as an alternate.
 */
export const legalPageMeta: MetaFunction<() => Promise<LegalPageHead>> = ({
  data,
  matches,
  error,
}) => {
  if (!data || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  const root = rootDataFromMatches(matches);
  const brand = root?.brand.name ?? "";
  return buildMeta({
    meta: { title: `${data.title} | ${brand}`, description: data.description },
    defaults: { title: data.title, description: data.description, siteName: brand },
    origin: root?.origin ?? "",
    lang: data.lang,
    path: data.path,
    hreflangLocales: [...LANG_CODES],
  });
};
