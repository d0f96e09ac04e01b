import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG, getLanguage, langFromIso } from "~/i18n/languages";
import { TranslationProvider } from "~/i18n/react";
import { createTranslator } from "~/i18n/translate";
import { installChunkErrorReload } from "~/layout/browser-guards.client";
import { isCacheViewerHost } from "~/layout/progress";

/**
 * The page's language is the one the server rendered (`<html lang>`); its UI strings come from the
 * URL the server preloads. Until they are here nothing hydrates, so server and client render the
 * same text — and if they cannot be loaded, the page simply stays the server's HTML.
 */
async function hydrate() {
  const lang = langFromIso(document.documentElement.lang) ?? DEFAULT_LANG;
  const href = document.querySelector<HTMLLinkElement>("link[data-i18n]")?.href;
  if (!href) return;
  const response = await fetch(href, { credentials: "same-origin", mode: "cors" });
  if (!response.ok) return;
  const iso = getLanguage(lang).iso;
  const t = createTranslator(iso, await response.json());
  installChunkErrorReload();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslationProvider t={t} iso={iso}>
          <RemixBrowser />
        </TranslationProvider>
      </StrictMode>,
    );
  });
}

if (isCacheViewerHost(window.location.hostname)) {
  // A search engine's cached copy: keep the server HTML as it is and send visitors to the site.
  void import("~/layout/cache-viewer.client").then((m) => m.pointLinksAtRealSite());
} else {
  void hydrate();
}
