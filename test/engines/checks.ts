import { describeTarget, isVisible, type Driver, type PageElement, type Target } from "./driver";

/**
 * What the scenarios check with, on top of the driver: every check polls (100 ms) until it holds
 * or its time is up, as a visitor's page settles; nothing waits a fixed time.
 */

const POLL_MS = 100;
export const TIMEOUT_MS = 10_000;

/**
 * Polls `probe` until it answers a value (not undefined or false). Errors while polling (a page
 * being replaced by a navigation, an element gone stale) count as "not yet".
 */
export async function until<T>(
  driver: Driver,
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = "";
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const at = await driver.url().then(
    (url) => url.href,
    () => "unknown",
  );
  throw new Error(
    `${driver.engine} (JS ${driver.js ? "on" : "off"}): ${what} — not within ${timeoutMs} ms, at ${at}` +
      (last ? ` (last error: ${last})` : ""),
  );
}

/** The first element matching `target` that is visible now, if any. */
async function firstVisible(driver: Driver, target: Target): Promise<PageElement | undefined> {
  for (const element of await driver.findAll(target)) {
    if (await isVisible(element)) return element;
  }
  return undefined;
}

/** Waits until an element matching `target` is visible, and returns it. */
export function visible(driver: Driver, target: Target): Promise<PageElement> {
  return until(driver, `${describeTarget(target)} is visible`, () => firstVisible(driver, target));
}

/** Waits until elements match `target` and none of them is visible (so a wrong selector fails). */
export async function hidden(driver: Driver, target: Target): Promise<void> {
  await until(driver, `${describeTarget(target)} is there but hidden`, async () => {
    const elements = await driver.findAll(target);
    if (elements.length === 0) return false;
    for (const element of elements) if (await isVisible(element)) return false;
    return true;
  });
}

/** Waits for `target` to be visible, then clicks it once. */
export async function click(driver: Driver, target: Target): Promise<void> {
  await (await visible(driver, target)).click();
}

/** Waits for the field to be visible, then types `text` into it. */
export async function fill(driver: Driver, target: Target, text: string): Promise<PageElement> {
  const field = await visible(driver, target);
  await field.type(text);
  return field;
}

export function textOf(element: PageElement): Promise<string> {
  return element.evaluate((node) => (node as HTMLElement).innerText.replace(/\s+/g, " ").trim());
}

/** Waits until the visible element's text matches. */
export async function hasText(driver: Driver, target: Target, expected: string | RegExp) {
  await until(driver, `${describeTarget(target)} reads ${String(expected)}`, async () => {
    const element = await firstVisible(driver, target);
    if (!element) return false;
    const text = await textOf(element);
    return typeof expected === "string" ? text.includes(expected) : expected.test(text);
  });
}

/** Waits until the address matches. */
export async function urlMatches(driver: Driver, pattern: RegExp): Promise<URL> {
  return until(driver, `the URL matches ${pattern}`, async () => {
    const url = await driver.url();
    return pattern.test(url.pathname + url.search + url.hash) && url;
  });
}

/**
 * After a document load: with JS, waits until React has hydrated the page (the root layout marks
 * <html data-hydrated>); without, checks that no script of the page ran — neither the inline
 * `window.__remixContext` nor hydration — so the engine's JS switch is known to be off.
 */
export async function ready(driver: Driver): Promise<void> {
  if (driver.js) {
    await until(driver, "the page hydrates", () =>
      driver.evaluate(() => document.documentElement.dataset.hydrated === "true"),
    );
    return;
  }
  const ran = await driver.evaluate(() => ({
    context: "__remixContext" in window,
    hydrated: document.documentElement.dataset.hydrated ?? null,
  }));
  if (ran.context || ran.hydrated !== null) {
    throw new Error(
      `${driver.engine}: the page's scripts ran with JS off (${JSON.stringify(ran)})`,
    );
  }
}

/** How many stylesheets a page has (inline or linked), and those the engine did not apply. */
export interface Stylesheets {
  count: number;
  unapplied: string[];
}

/**
 * Runs in the page: its stylesheets, and each one without a `sheet` — what a stylesheet the
 * Content-Security-Policy refused (or one that failed to load) leaves. Self-contained.
 */
export function pageStylesheets(): Stylesheets {
  const sheets = Array.from(
    document.querySelectorAll<HTMLStyleElement | HTMLLinkElement>('style, link[rel~="stylesheet"]'),
  );
  return {
    count: sheets.length,
    unapplied: sheets.filter((sheet) => !sheet.sheet).map((sheet) => sheet.outerHTML.slice(0, 80)),
  };
}

/** Checks that the loaded page has stylesheets and that the engine applied every one. */
export async function stylesheetsApplied(driver: Driver): Promise<void> {
  const { count, unapplied } = await driver.evaluate(pageStylesheets);
  if (count === 0 || unapplied.length > 0) {
    const at = (await driver.url()).href;
    throw new Error(
      `${driver.engine} (JS ${driver.js ? "on" : "off"}): ${at} has ${count} stylesheets` +
        (unapplied.length > 0 ? `, not applied: ${unapplied.join(", ")}` : ""),
    );
  }
}

/**
 * Loads a path and waits until it is ready (see `ready`); every stylesheet of the loaded page
 * applied (the policy refused none).
 */
export async function open(driver: Driver, path: string): Promise<void> {
  await driver.goto(path);
  await ready(driver);
  await stylesheetsApplied(driver);
}
