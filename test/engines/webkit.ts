import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
import {
  freePort,
  groupProcesses,
  removeDirectory,
  spawnGroup,
  stopGroup,
  tail,
  temporaryDirectory,
  waitFor,
} from "./processes";

/**
 * WebKit through Debian's WebKitGTK: WebKitWebDriver (package webkit2gtk-driver) drives
 * MiniBrowser on an xvfb display, spoken to over plain W3C WebDriver HTTP.
 */

const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const XVFB_RUN = "/usr/bin/xvfb-run";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** The W3C name of an element reference in WebDriver's JSON. */
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";
type ElementReference = { [ELEMENT_KEY]: string };

/** The WebDriver key code of Enter. */
const ENTER = "\uE007";

/**
 * MiniBrowser's toolbar keeps its window at least ~450 px wide; GTK 3 reads this user style sheet
 * (from $XDG_CONFIG_HOME) and shrinks the toolbar, so the page can get the 375 px viewport.
 */
const GTK_CSS = "* { min-width: 0; min-height: 0; margin: 0; padding: 0; font-size: 1px; }\n";

type Method = "GET" | "POST" | "DELETE";

export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`WebDriver ${code}: ${message}`);
  }
}

/** A W3C WebDriver session over HTTP: one JSON command per request. */
export class WebDriverSession {
  private constructor(
    private readonly endpoint: string,
    readonly id: string,
  ) {}

  static async create(endpoint: string, capabilities: object): Promise<WebDriverSession> {
    const { sessionId } = await request<{ sessionId: string }>(endpoint, "POST", "/session", {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(endpoint, sessionId);
  }

  command<T>(method: Method, path: string, body?: object): Promise<T> {
    return request<T>(this.endpoint, method, `/session/${this.id}${path}`, body);
  }

  execute<T>(script: string, args: unknown[]): Promise<T> {
    return this.command<T>("POST", "/execute/sync", { script, args });
  }

  async end(): Promise<void> {
    await this.command("DELETE", "");
  }
}

async function request<T>(endpoint: string, method: Method, path: string, body?: object) {
  const answer = await fetch(`${endpoint}${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : undefined,
    body: body ? JSON.stringify(body) : method === "POST" ? "{}" : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const json = (await answer.json()) as { value: unknown };
  if (!answer.ok) {
    const error = json.value as { error?: string; message?: string };
    throw new WebDriverError(error.error ?? String(answer.status), error.message ?? "");
  }
  return json.value as T;
}

/** The script that calls a function's source with WebDriver's arguments. */
function callScript(fn: (...args: never[]) => unknown): string {
  return `return (${fn.toString()}).apply(null, arguments);`;
}

class WebKitElement implements PageElement {
  constructor(
    private readonly session: WebDriverSession,
    private readonly reference: ElementReference,
  ) {}

  private get path() {
    return `/element/${this.reference[ELEMENT_KEY]}`;
  }

  async box(): Promise<Box | null> {
    // Not WebDriver's Get Element Rect: WebKitWebDriver refuses it ("element not interactable")
    // for elements without a box and, while a modal <dialog> is open, for some elements with one.
    const rect = await this.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    });
    return rect.width > 0 || rect.height > 0 ? rect : null;
  }

  /**
   * WebKitWebDriver's own scroll before a click or typing follows the page's smooth scrolling, so
   * the element is not in view yet when it checks ("element not interactable"); scrolled
   * instantly, it lands under the sticky header ("element click intercepted"). Bring the element
   * to the middle of the viewport first, instantly.
   */
  private async scrollIntoView(): Promise<void> {
    await this.evaluate((element) =>
      element.scrollIntoView({ behavior: "instant", block: "center", inline: "center" }),
    );
  }

  async click(): Promise<void> {
    await this.scrollIntoView();
    await this.session.command("POST", `${this.path}/click`);
  }

  async type(text: string): Promise<void> {
    await this.scrollIntoView();
    await this.session.command("POST", `${this.path}/clear`);
    await this.session.command("POST", `${this.path}/value`, { text });
  }

  async submit(): Promise<void> {
    await this.session.command("POST", `${this.path}/value`, { text: ENTER });
  }

  evaluate<R, A extends unknown[]>(fn: (element: Element, ...args: A) => R, ...args: A) {
    return this.session.execute<R>(callScript(fn), [this.reference, ...args]);
  }
}

class WebKitDriver implements Driver {
  readonly engine = "webkit";

  constructor(
    readonly js: boolean,
    readonly baseUrl: string,
    private readonly session: WebDriverSession,
    private readonly stopProcesses: () => Promise<void>,
  ) {}

  async goto(path: string): Promise<void> {
    await this.session.command("POST", "/url", { url: new URL(path, this.baseUrl).href });
  }

  async findAll(target: Target): Promise<PageElement[]> {
    const found = await this.session.execute<ElementReference[]>(callScript(pickElements), [
      cssOf(target),
      textFilter(target),
    ]);
    return found.map((reference) => new WebKitElement(this.session, reference));
  }

  async setViewport({ width, height }: Size): Promise<void> {
    // The window also holds MiniBrowser's toolbar: size the window, let the page settle, measure
    // it and correct the window by the difference.
    let window = { width, height };
    let inner = { width: 0, height: 0 };
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await this.session.command("POST", "/window/rect", window);
      inner = await this.settledViewport();
      if (inner.width === width && inner.height === height) return;
      window = {
        width: window.width + width - inner.width,
        height: window.height + height - inner.height,
      };
    }
    throw new Error(
      `MiniBrowser's viewport stays ${inner.width}×${inner.height}, not the ${width}×${height} asked for`,
    );
  }

  /** The page's viewport once two readings 50 ms apart agree (a resize reaches it a bit later). */
  private async settledViewport(): Promise<Size> {
    const read = () =>
      this.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    let last = await read();
    for (let reading = 0; reading < 40; reading += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await read();
      if (next.width === last.width && next.height === last.height) return next;
      last = next;
    }
    return last;
  }

  async url(): Promise<URL> {
    return new URL(await this.session.command<string>("GET", "/url"));
  }

  text(): Promise<string> {
    return this.evaluate(() => document.body.innerText);
  }

  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<R> {
    return this.session.execute<R>(callScript(fn), args);
  }

  async resetCookies(cookies: Record<string, string>): Promise<void> {
    // WebDriver reaches only the cookies of the page it is on: be on the site first.
    if ((await this.url()).origin !== new URL(this.baseUrl).origin) await this.goto("/healthz");
    await this.session.command("DELETE", "/cookie");
    for (const [name, value] of Object.entries(cookies)) {
      await this.session.command("POST", "/cookie", { cookie: { name, value, path: "/" } });
    }
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.session.command<string>("GET", "/screenshot"), "base64");
  }

  policyViolations(): null {
    return null;
  }

  async close(): Promise<void> {
    try {
      await this.session.end();
    } finally {
      await this.stopProcesses();
    }
  }
}

/**
 * Starts WebKitWebDriver on its own xvfb display and opens a MiniBrowser session; without JS,
 * MiniBrowser's `enable-javascript` setting is off (the page's scripts never run; WebDriver's own
 * scripts still do).
 */
export async function launchWebKit(baseUrl: string, js: boolean): Promise<Driver> {
  for (const [path, pkg] of [
    [WEBKIT_DRIVER, "webkit2gtk-driver"],
    [MINIBROWSER, "webkit2gtk-driver"],
    [XVFB_RUN, "xvfb"],
  ] as const) {
    if (!existsSync(path)) {
      throw new Error(
        `${path} is missing: install the Debian package ${pkg} (apt-get install ${pkg})`,
      );
    }
  }
  const config = temporaryDirectory("keynest-webkit-");
  mkdirSync(join(config, "gtk-3.0"));
  writeFileSync(join(config, "gtk-3.0", "gtk.css"), GTK_CSS);
  const port = await freePort();
  // A screen larger than the largest window the scenarios ask for (1280 × 900 plus the toolbar).
  const screen = ["-s", "-screen 0 1600x1200x24"];
  const driver = spawnGroup(XVFB_RUN, ["-a", ...screen, WEBKIT_DRIVER, `--port=${port}`], {
    env: { ...process.env, XDG_CONFIG_HOME: config },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const errors = tail(driver.stderr);
  const stop = async () => {
    // Ending WebKitWebDriver alone lets xvfb-run stop Xvfb and remove its own temporary files.
    await stopGroup(driver.pid!, 3_000, () => {
      for (const { pid, name } of groupProcesses(driver.pid!)) {
        if (name.startsWith("WebKitWebDriv")) process.kill(pid, "SIGTERM");
      }
    });
    removeDirectory(config);
  };
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      "WebKitWebDriver's /status",
      async () => {
        if (driver.exitCode !== null) throw new Error(`WebKitWebDriver ended: ${errors()}`);
        const status = await request<{ ready: boolean }>(endpoint, "GET", "/status");
        return status.ready;
      },
      20_000,
    );
    const session = await WebDriverSession.create(endpoint, {
      "webkitgtk:browserOptions": {
        binary: MINIBROWSER,
        args: ["--automation", ...(js ? [] : ["--enable-javascript=false"])],
      },
    });
    await session.command("POST", "/timeouts", { pageLoad: 30_000, script: 30_000 });
    return new WebKitDriver(js, baseUrl, session, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}
