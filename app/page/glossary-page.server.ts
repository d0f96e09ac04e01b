import { data } from "@remix-run/node";
import { feedbackPanelFor } from "~/forms/feedback";
import { pageHeaders } from "./page-variant";
import { getT } from "~/i18n/i18n.server";
import { DEFAULT_LANG, type LangCode } from "~/i18n/languages";
import { splitLangPath } from "~/i18n/paths";
import { log } from "~/observability/log.server";
import { upstreamFailureInit } from "~/http/upstream-failure";
import type { ContentPageData } from "./page.server";
import { isUpstreamError } from "~/upstream/errors";
import { contentCardText } from "~/page/page-card.server";
import { contentHead } from "~/page/page-head.server";
import { drawnCard } from "~/social/card-link.server";
import type { CardText } from "~/social/card.server";
import { GLOSSARY_PATH } from "~/help/breadcrumbs";
import { glossaryView } from "~/help/glossary";
import { glossaryHtml } from "~/help/help-html.server";
import {
  collationLocale,
  glossaryLanguages,
  glossaryMeta,
  helpBreadcrumbs,
  loadGlossary,
} from "~/help/help.server";

/**
 * `/help/glossary` (and its language variants): the content service's glossary with a letter
 * index and anchors, rendered on the server into the page's HTML, with the help breadcrumbs and
 * the help pages' feedback panel. The service has no glossary: 404; it fails: the error page.
 */
export async function loadGlossaryPage(request: Request) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const headers = pageHeaders(request);
  try {
    const [answer, languages] = await Promise.all([loadGlossary(lang), glossaryLanguages()]);
    if (!answer) throw data(null, { status: 404, headers });
    const { glossary, fallback } = answer;
    const contentLang = fallback ? DEFAULT_LANG : lang;
    const t = getT(lang);
    const kind = feedbackPanelFor(GLOSSARY_PATH);
    const view = glossaryView(glossary.terms, collationLocale(contentLang));
    const crumbs = await helpBreadcrumbs(lang, GLOSSARY_PATH, null);
    const meta = glossaryMeta(lang, glossary.title);
    const page: ContentPageData = {
      lang,
      path: GLOSSARY_PATH,
      contentLang,
      fallback,
      blocks: [],
      html: crumbs + glossaryHtml(view, glossary.title, t, fallback ? DEFAULT_LANG : undefined),
      head: contentHead({
        lang,
        path: GLOSSARY_PATH,
        fallback,
        meta,
        canonical: "",
        hreflangLocales: languages,
        card: drawnCard(
          lang,
          GLOSSARY_PATH,
          contentCardText(GLOSSARY_PATH, { meta, settings: {} }, contentLang),
        ),
      }),
      layout: "default",
      feedback: kind ? { kind } : null,
    };
    return data(page, { headers });
  } catch (error) {
    if (isUpstreamError(error)) {
      log.error(`Glossary unavailable for ${url.pathname}`, error);
      throw data(null, upstreamFailureInit(error.statusCode));
    }
    throw error;
  }
}

/** What the glossary's social card says, in `lang` (or English when it has no glossary). */
export async function glossaryCardText(lang: LangCode): Promise<CardText | null> {
  const answer = await loadGlossary(lang);
  if (!answer) return null;
  const contentLang = answer.fallback ? DEFAULT_LANG : lang;
  const meta = glossaryMeta(lang, answer.glossary.title);
  return contentCardText(GLOSSARY_PATH, { meta, settings: {} }, contentLang);
}
