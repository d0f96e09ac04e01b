import { existsSync } from "node:fs";
import { launch, type Browser, type ElementHandle, type Page } from "puppeteer-core";
import {
  cssOf,
  pickElements,
  textFilter,
  type Box,
  type Driver,
  type PageElement,
  type Size,
  type Target,
} from "./driver";
import { adoptGroup, stopGroup } from "./processes";

/**
 * Firefox ESR (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi. Without JS the
 * browser starts with `javascript.enabled` off: BiDi has no per-page switch for it.
 */

const FIREFOX = "/usr/bin/firefox-esr";

class FirefoxElement implements PageElement {
  constructor(
    private readonly page: Page,
    private readonly handle: ElementHandle<Element>,
  ) {}

  async box(): Promise<Box | null> {
    return this.handle.boundingBox();
  }

  async click(): Promise<void> {
    // ElementHandle.click() waits on an IntersectionObserver in the page, whose callback never
    // runs with JS off: scroll and aim here, then click with BiDi's own input actions.
    await this.handle.evaluate((element) =>
      element.scrollIntoView({ behavior: "instant", block: "center", inline: "center" }),
    );
    const box = await this.handle.boundingBox();
    if (!box) throw new Error("the element has no box to click");
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  async type(text: string): Promise<void> {
    await this.handle.focus();
    await this.handle.evaluate((field) => (field as HTMLInputElement).select());
    await this.handle.type(text);
  }

  async submit(): Promise<void> {
    await this.handle.press("Enter");
  }

  evaluate<R, A extends unknown[]>(fn: (element: Element, ...args: A) => R, ...args: A) {
    const call = this.handle.evaluate as (
      fn: (element: Element, ...args: A) => R,
      ...args: A
    ) => Promise<R>;
    return call.call(this.handle, fn, ...args);
  }
}

class FirefoxDriver implements Driver {
  readonly engine = "firefox";

  constructor(
    readonly js: boolean,
    readonly baseUrl: string,
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly violations: string[] | null,
  ) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).href, { waitUntil: "load" });
  }

  async findAll(target: Target): Promise<PageElement[]> {
    const list = await this.page.evaluateHandle(pickElements, cssOf(target), textFilter(target));
    try {
      const elements: PageElement[] = [];
      for (const item of (await list.getProperties()).values()) {
        const element = item.asElement();
        if (element)
          elements.push(new FirefoxElement(this.page, element as ElementHandle<Element>));
        else await item.dispose();
      }
      return elements;
    } finally {
      await list.dispose();
    }
  }

  async setViewport(size: Size): Promise<void> {
    // Puppeteer's page.setViewport also sends BiDi's emulation.setScreenOrientationOverride, which
    // Debian's Firefox ESR (140) answers with "unknown command"; the browsing context's own
    // viewport command is all a scenario needs.
    const frame = this.page.mainFrame() as unknown as { browsingContext: ViewportContext };
    await frame.browsingContext.setViewport({ viewport: size, devicePixelRatio: null });
  }

  async url(): Promise<URL> {
    // Read in the page: puppeteer's page.url() misses a client-side navigation (history.pushState)
    // when Firefox ESR (140) does not report it over BiDi.
    return new URL(await this.page.evaluate(() => location.href));
  }

  text(): Promise<string> {
    return this.page.evaluate(() => document.body.innerText);
  }

  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<R> {
    const call = this.page.evaluate as (fn: (...args: A) => R, ...args: A) => Promise<R>;
    return call.call(this.page, fn, ...args);
  }

  async resetCookies(cookies: Record<string, string>): Promise<void> {
    const existing = await this.browser.cookies();
    if (existing.length > 0) await this.browser.deleteCookie(...existing);
    const { hostname } = new URL(this.baseUrl);
    await this.browser.setCookie(
      ...Object.entries(cookies).map(([name, value]) => ({
        name,
        value,
        domain: hostname,
        path: "/",
      })),
    );
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot({ type: "png" }));
  }

  policyViolations(): string[] | null {
    return this.violations && [...this.violations];
  }

  async close(): Promise<void> {
    const pid = this.browser.process()?.pid;
    try {
      await this.browser.close();
    } finally {
      if (pid) await stopGroup(pid, 1_000);
    }
  }
}

/** The name under which the pages hand the driver their policy violations. */
const VIOLATION_BINDING = "enginesPolicyViolation";

/**
 * From now on, every document of the page tells the returned list of each
 * `securitypolicyviolation` it meets, as `document: directive blocked` (listening before any
 * script of its own runs); only with JS, as the listener is a script.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction(VIOLATION_BINDING, (entry: string) => {
    seen.push(entry);
  });
  await page.evaluateOnNewDocument((binding: string) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const tell = (window as unknown as Record<string, (entry: string) => Promise<void>>)[binding];
      void tell?.(`${event.documentURI}: ${event.effectiveDirective} ${event.blockedURI}`);
    });
  }, VIOLATION_BINDING);
  return seen;
}

export async function launchFirefox(baseUrl: string, js: boolean): Promise<Driver> {
  if (!existsSync(FIREFOX)) {
    throw new Error(
      `${FIREFOX} is missing: install the Debian package firefox-esr (apt-get install firefox-esr)`,
    );
  }
  const browser = await launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: null,
    extraPrefsFirefox: js ? {} : { "javascript.enabled": false },
  });
  const pid = browser.process()?.pid;
  if (pid) adoptGroup(pid);
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    return new FirefoxDriver(js, baseUrl, browser, page, js ? await watchViolations(page) : null);
  } catch (error) {
    await browser.close().catch(() => undefined);
    if (pid) await stopGroup(pid, 1_000);
    throw error;
  }
}

/** The part of puppeteer's BiDi browsing context that sets a viewport (browsingContext.setViewport). */
interface ViewportContext {
  setViewport(options: { viewport: Size | null; devicePixelRatio: number | null }): Promise<void>;
}
