/**
 * Hydration starts once the page has painted (decision 019).
 *
 * Remix ends the body with `<link rel="modulepreload">` for every chunk the page hydrates with and
 * an inline module script that imports them. Left as they are, a slow phone downloads ~100 KB of
 * framework code while the page's own image and font are still on their way, and may run it
 * before it has painted anything. The server writes those elements inert instead (`media="not
 * all"` on the links, a non-JavaScript type on the script, each marked `data-after-paint`), the
 * page's UI strings preload likewise, and a small inline script swaps in live copies right after
 * the first frame: the same elements, in the same places, so React hydrates the document as
 * before. The module script's copy has the same text, which the Content-Security-Policy allows by
 * its hash.
 */

/** The attribute that marks an element to be brought to life after the first paint. */
export const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/** The type the server gives Remix's module script until then (any non-JavaScript type). */
export const INERT_SCRIPT_TYPE = "text/x-after-paint";

/** The media query that keeps a preload link from loading until then. */
export const INERT_MEDIA = "not all";

/** The attributes that keep a preload link the page renders itself from loading until then. */
export const PRELOAD_AFTER_PAINT = { media: INERT_MEDIA, [AFTER_PAINT_ATTRIBUTE]: "" } as const;

/** What the browser part needs to know; passed in, as the function is sent as its source. */
interface AfterPaintNames {
  attribute: string;
  media: string;
}

/**
 * Runs in the browser, inline in the page: once the document is parsed and its first contentful
 * paint has been shown (or at once in a hidden tab, which paints nothing), replaces each marked
 * element by a live copy. Self-contained: it is sent as its own source text.
 */
export function startAfterPaint(
  doc: Document,
  win: Pick<Window, "requestAnimationFrame" | "setTimeout"> & {
    PerformanceObserver?: typeof PerformanceObserver;
  },
  names: AfterPaintNames,
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const inert of Array.from(doc.querySelectorAll(`[${names.attribute}]`))) {
      const live = inert.cloneNode(true) as HTMLElement;
      live.removeAttribute(names.attribute);
      if (live.localName === "script") (live as HTMLScriptElement).type = "module";
      else if (live.getAttribute("media") === names.media) live.removeAttribute("media");
      inert.replaceWith(live);
    }
  };
  const afterPaint = () => {
    if (doc.visibilityState === "hidden") return start();
    const Observer = win.PerformanceObserver;
    if (Observer?.supportedEntryTypes?.includes("paint")) {
      // Reported once the frame is on screen; `buffered` also reports one shown before.
      new Observer((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        start();
      }).observe({ type: "paint", buffered: true });
    } else {
      // The callback runs just before the next frame is painted; the timeout, right after it.
      win.requestAnimationFrame(() => win.setTimeout(start, 0));
    }
    // A paint that never comes (a page rendered in a hidden frame) must not keep it inert.
    win.setTimeout(start, 2000);
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
}

/** The inline script's text (the page carries it before Remix's scripts). */
export const AFTER_PAINT_SCRIPT = `(${startAfterPaint.toString()})(document,window,${JSON.stringify(
  {
    attribute: AFTER_PAINT_ATTRIBUTE,
    media: INERT_MEDIA,
  } satisfies AfterPaintNames,
)});`;
