import { privacySignalsOf } from "./privacy";
import type { PublicIntegrations } from "./public";
import { taggingScripts, type TaggingScript } from "./tagging";
import { addInOrder, tagManagerStart } from "./tagging-loader";

function scriptAdder(document: Document) {
  return (script: TaggingScript) =>
    new Promise<boolean>((resolve) => {
      const element = document.createElement("script");
      for (const [name, value] of Object.entries(script.attributes)) {
        element.setAttribute(name, value);
      }
      element.src = script.src;
      element.async = true;
      element.addEventListener("load", () => resolve(true), { once: true });
      element.addEventListener("error", () => resolve(false), { once: true });
      document.head.append(element);
    });
}

/**
 * The browser's part of the tag manager and consent rules (SPEC §7): decided here, from this
 * browser's own Do-Not-Track, Global Privacy Control and user agent, because the server's page
 * is shared by every anonymous visitor. Added by the page's own scripts, they run under the
 * policy's `'strict-dynamic'` (set when a tag manager or consent script is configured); this runs
 * once the page has loaded and gone idle (start.ts).
 */
export function loadTagging(integrations: PublicIntegrations, window: Window): void {
  const scripts = taggingScripts(integrations, {
    userAgent: window.navigator.userAgent,
    privacy: privacySignalsOf(window),
  });
  if (scripts.length === 0) return;
  const add = scriptAdder(window.document);
  void addInOrder(scripts, add, () => {
    const layered = window as Window & { dataLayer?: unknown[] };
    layered.dataLayer = layered.dataLayer ?? [];
    layered.dataLayer.push(tagManagerStart(Date.now()));
  });
}
