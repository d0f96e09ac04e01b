/**
 * The one browser interface the cross-engine smoke scenarios are written against, so each
 * scenario runs unchanged in WebKit (WebDriver, webkit.ts) and Firefox ESR (puppeteer-core over
 * WebDriver BiDi, firefox.ts), each with JS on and off.
 */

export type EngineName = "webkit" | "firefox";

export interface Size {
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What an element is looked up by: a CSS selector, or a selector narrowed to the elements whose
 * text (whitespace collapsed) contains a string or matches a pattern.
 */
export type Target = string | { css: string; text: string | RegExp };

/** A text filter in the form it crosses into the page. */
export type TextFilter = { includes: string } | { source: string; flags: string } | null;

export function textFilter(target: Target): TextFilter {
  if (typeof target === "string") return null;
  const { text } = target;
  return typeof text === "string" ? { includes: text } : { source: text.source, flags: text.flags };
}

export function cssOf(target: Target): string {
  return typeof target === "string" ? target : target.css;
}

export function describeTarget(target: Target): string {
  return typeof target === "string" ? target : `${target.css} with text ${String(target.text)}`;
}

/**
 * Runs in the page (both engines serialise it): the elements matching `css` in document order,
 * narrowed by `filter`. Self-contained, since only its source reaches the page.
 */
export function pickElements(css: string, filter: TextFilter): Element[] {
  const all = Array.from(document.querySelectorAll(css));
  if (!filter) return all;
  const matches =
    "includes" in filter
      ? (text: string) => text.includes(filter.includes)
      : (text: string) => new RegExp(filter.source, filter.flags).test(text);
  return all.filter((element) => matches((element.textContent ?? "").replace(/\s+/g, " ").trim()));
}

/**
 * Runs in the page: why an element with a box is still not seen, from its computed style — hidden
 * by `visibility`, fully transparent, or inside content the engine skips (a closed <details>'
 * content, `content-visibility: hidden`), which `checkVisibility` reports where it exists. Null
 * when nothing hides it.
 */
export function hiddenByStyle(element: Element): string | null {
  const style = getComputedStyle(element);
  if (style.display === "none") return "display: none";
  if (style.visibility === "hidden" || style.visibility === "collapse") return "visibility: hidden";
  if (Number(style.opacity) === 0) return "opacity: 0";
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean })
    .checkVisibility;
  if (typeof check === "function" && !check.call(element, { visibilityProperty: true })) {
    return "skipped by the engine (checkVisibility)";
  }
  return null;
}

/** One element of the current page, as the engine holds it. */
export interface PageElement {
  /** Its border box in CSS pixels from the engine's own geometry, or null when it has none. */
  box(): Promise<Box | null>;
  /** Scrolls it into view and clicks its centre with the engine's own input events. */
  click(): Promise<void>;
  /** Focuses the field, empties it and types `text` key by key. */
  type(text: string): Promise<void>;
  /** Presses Enter in the field: the form's implicit submission. */
  submit(): Promise<void>;
  /** Runs `fn` in the page with this element as its first argument. */
  evaluate<R, A extends unknown[]>(fn: (element: Element, ...args: A) => R, ...args: A): Promise<R>;
}

export interface Driver {
  readonly engine: EngineName;
  readonly js: boolean;
  /** The site's origin, e.g. http://localhost:4300. */
  readonly baseUrl: string;
  /** Loads a path of the site and waits for the load event. */
  goto(path: string): Promise<void>;
  /** Every element matching `target` now, in document order. */
  findAll(target: Target): Promise<PageElement[]>;
  /** Makes the page's viewport (innerWidth × innerHeight) this size. */
  setViewport(size: Size): Promise<void>;
  url(): Promise<URL>;
  /** The page's rendered text (body.innerText). */
  text(): Promise<string>;
  /** Runs `fn` in the page (also with the page's own scripts off) and returns its result. */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<R>;
  /** Removes every cookie of the site, then sets these (name → value, path /). */
  resetCookies(cookies: Record<string, string>): Promise<void>;
  /** A PNG of the viewport, for a failed scenario's report. */
  screenshot(): Promise<Buffer>;
  /**
   * The Content-Security-Policy violations every page of the session has met so far, as its
   * `securitypolicyviolation` events tell them (`document: directive blocked`), where the driver
   * watches each page from its
   * start (Firefox with JS); null where it cannot (WebKit's WebDriver runs no script before the
   * page's own, and without JS no engine runs the listener).
   */
  policyViolations(): string[] | null;
  /** Ends the session and stops every process it started. */
  close(): Promise<void>;
}

/** Whether an element is seen: a non-empty box from the engine, and no style hiding it. */
export async function isVisible(element: PageElement): Promise<boolean> {
  const box = await element.box();
  if (!box || box.width <= 0 || box.height <= 0) return false;
  return (await element.evaluate(hiddenByStyle)) === null;
}
