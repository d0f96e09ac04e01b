import { http, HttpResponse } from "msw";
import { isLangCode, type LangCode } from "../../app/i18n/languages";
import { normalizePath, splitLangPath } from "../../app/i18n/paths";
import type { Brand, ContentStore, StoredPage } from "../content-store";
import type { Recorder } from "../recorder";

const API = "*/api/coms";

import {
  FAULT_CHILDREN_PATH,
  FAULT_DOWNLOAD,
  FAULT_DOWNLOAD_PATH,
  FAULT_PATH,
  FAULT_QUERY,
} from "../faults";

export { FAULT_CHILDREN_PATH, FAULT_PATH, FAULT_QUERY };

function langParam(url: URL): LangCode {
  const lang = url.searchParams.get("lang");
  return isLangCode(lang) ? lang : "en";
}

function summary(page: StoredPage) {
  const meta = page.data.meta ?? {};
  const settings = page.data.settings ?? {};
  return {
    url: page.path,
    // The language it is written in: the page's own, or English for a stand-in.
    lang: page.lang,
    title: String(meta.title ?? page.path),
    description: String(meta.description ?? ""),
    ...(typeof settings.date === "string" ? { date: settings.date } : {}),
    ...(typeof settings.author === "string" ? { author: settings.author } : {}),
    ...(settings.image ? { image: settings.image } : {}),
  };
}

/** Newest first when pages carry dates (blog posts), otherwise by path. */
function byDateThenPath(a: StoredPage, b: StoredPage): number {
  const da = String(a.data.settings?.date ?? "");
  const db = String(b.data.settings?.date ?? "");
  return db.localeCompare(da) || a.path.localeCompare(b.path);
}

/** About 180 characters of the page's text (its own case) around the first place `needle` occurs. */
function excerpt(text: string, needle: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(needle));
  const start = Math.max(0, at - 60);
  const slice = text.slice(start, start + 180).trim();
  return (start > 0 ? "…" : "") + slice + (start + 180 < text.length ? "…" : "");
}

/**
 * Every page of a language (or its English stand-in) containing all words of the query: those
 * written in the language first, each group best first (a word in the title counts five, in the
 * text one), each hit with its language.
 */
function searchHits(store: ContentStore, lang: LangCode, raw: string) {
  const query = raw.toLowerCase();
  if (query.length < 2) return [];
  const words = query.split(/\s+/).filter(Boolean);
  const candidates = [...store.pages.values()]
    .filter((p) => p.lang === lang || (p.lang === "en" && !store.page(lang, p.path)))
    .filter((p) => !p.data.meta?.["no-index"]);
  const seen = new Set<string>();
  return (
    candidates
      .map((page) => {
        const title = String(page.data.meta?.title ?? "").toLowerCase();
        const score = words.reduce(
          (sum, w) => sum + (title.includes(w) ? 5 : 0) + (page.text.includes(w) ? 1 : 0),
          0,
        );
        const hit = words.every((w) => page.text.includes(w) || title.includes(w));
        return { page, score: hit ? score : 0 };
      })
      .filter(({ page, score }) => score > 0 && !seen.has(page.path) && seen.add(page.path))
      // Pages written in the visitor's language first, then the English stand-ins.
      .sort(
        (a, b) =>
          Number(b.page.lang === lang) - Number(a.page.lang === lang) ||
          b.score - a.score ||
          a.page.path.localeCompare(b.page.path),
      )
      .map(({ page }) => ({
        ...summary(page),
        lang: page.lang,
        excerpt: excerpt(page.body, words[0] ?? ""),
      }))
  );
}

/**
 * A page whose only download fails at the provider (FAULT_DOWNLOAD): its store badge must still
 * lead to the store. Made here, not in the content folder, so no listing or search shows it.
 */
function downloadFaultPage(brand: Brand) {
  return {
    meta: { title: "DNS firewall for Windows (sandbox)", "no-index": true },
    settings: { canonical: "", layout: "default" },
    hreflangLocales: ["en"],
    components: [
      {
        name: "hero",
        data: {
          title: "DNS firewall for Windows",
          subtitle: "The provider service fails this download in the sandbox.",
          buttons: [
            {
              "btn-text": "Download the DNS firewall for Windows",
              "btn-link": `/api/${brand.provider}/${FAULT_DOWNLOAD.product}-download/?platform=${FAULT_DOWNLOAD.platform}`,
              "btn-type": "windows",
              isblank: false,
            },
          ],
        },
      },
    ],
  };
}

export function comsHandlers(store: ContentStore, recorder: Recorder) {
  return [
    http.get(`${API}/site/`, ({ request }) => {
      const lang = langParam(new URL(request.url));
      return HttpResponse.json(store.sites.get(lang) ?? store.sites.get("en") ?? {});
    }),

    http.get(`${API}/pages/page/`, ({ request }) => {
      const raw = new URL(request.url).searchParams.get("path");
      if (!raw) return HttpResponse.json({ message: "PATH_REQUIRED" }, { status: 400 });
      const { lang, path } = splitLangPath(normalizePath(raw));
      if (path === FAULT_PATH) {
        return HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 });
      }
      if (path === FAULT_DOWNLOAD_PATH && lang === "en")
        return HttpResponse.json(downloadFaultPage(store.brand));
      const page = store.page(lang, path);
      if (!page) {
        // A page that exists in English but not in this language answers empty, like the service.
        const status = store.page("en", path) ? 200 : 404;
        return HttpResponse.json({ components: [], hreflangLocales: [], settings: {} }, { status });
      }
      return HttpResponse.json({
        ...page.data,
        hreflangLocales: store.languagesOf(path),
        settings: { canonical: "", ...page.data.settings },
      });
    }),

    http.get(`${API}/pages/children/`, ({ request }) => {
      const url = new URL(request.url);
      const path = normalizePath(url.searchParams.get("path") ?? "/");
      if (path === FAULT_CHILDREN_PATH) {
        return HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 });
      }
      return HttpResponse.json(
        store.children(langParam(url), path).sort(byDateThenPath).map(summary),
      );
    }),

    http.get(`${API}/pages/children-by-url/`, ({ request }) => {
      const url = new URL(request.url);
      const path = normalizePath(url.searchParams.get("url") ?? "/");
      return HttpResponse.json(
        store.children(langParam(url), path).sort(byDateThenPath).map(summary),
      );
    }),

    http.get(`${API}/pages/children-by-url-pagination/`, ({ request }) => {
      const url = new URL(request.url);
      const path = normalizePath(url.searchParams.get("url") ?? "/");
      const limit = Math.min(48, Math.max(1, Number(url.searchParams.get("limit")) || 9));
      const all = store.children(langParam(url), path).sort(byDateThenPath);
      const pages = Math.ceil(all.length / limit);
      const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
      const items = all.slice((page - 1) * limit, page * limit).map(summary);
      return HttpResponse.json({ items, total: all.length, page, pages });
    }),

    http.get(`${API}/pages-search-v2/`, ({ request }) => {
      const url = new URL(request.url);
      const query = (url.searchParams.get("query") ?? "").trim();
      if (query.toLowerCase() === FAULT_QUERY)
        return HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 });
      const pageNo = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
      const size = Math.min(
        50,
        Math.max(1, Math.floor(Number(url.searchParams.get("size"))) || 10),
      );
      const hits = searchHits(store, langParam(url), query);
      return HttpResponse.json({
        results: hits.slice((pageNo - 1) * size, pageNo * size),
        total: hits.length,
      });
    }),

    http.get(`${API}/pages-search/`, ({ request }) => {
      const url = new URL(request.url);
      const query = (url.searchParams.get("query") ?? "").trim();
      if (query.toLowerCase() === FAULT_QUERY)
        return HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 });
      return HttpResponse.json(searchHits(store, langParam(url), query));
    }),

    http.get(`${API}/pages/glossary-page/`, ({ request }) => {
      const lang = langParam(new URL(request.url));
      const glossary = store.extras.get(`${lang}:glossary`) ?? store.extras.get("en:glossary");
      return glossary
        ? HttpResponse.json(glossary)
        : HttpResponse.json({ message: "NOT_FOUND" }, { status: 404 });
    }),

    http.get(`${API}/clear-cache/`, () => {
      recorder.record("coms.clear-cache", {});
      return HttpResponse.json({ ok: true });
    }),

    http.get(`${API}/pages-cache/`, () =>
      HttpResponse.json({ pages: store.pages.size, languages: store.sites.size }),
    ),
  ];
}
