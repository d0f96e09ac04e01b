/**
 * Route loader tests against the sandbox upstream.
 *
 * `setupSandboxUpstream()` (called once at the top of a test file) serves every upstream call of
 * the file from the same msw handlers `npm start` uses (`createSandbox()` in mocks/handlers), so a
 * loader sees the demo content; a test overrides one endpoint with `upstream.server.use(...)`,
 * and the override is dropped after that test. `loaderArgs()` / `actionArgs()` build the
 * arguments Remix would pass for a path on SITE_URL, and `returned()` / `thrown()` unwrap what a
 * loader answered (`data()`, a plain object or a `Response`) into status, headers and data.
 *
 *     const upstream = setupSandboxUpstream();
 *     it("falls back to an empty navigation", async () => {
 *       upstream.server.use(http.get(upstreamUrl("/coms/site/"), () => HttpResponse.error()));
 *       const { data } = await returned(rootLoader(loaderArgs("/de/features")));
 *       expect(data.site.navigation).toEqual([]);
 *     });
 */
import type { AppLoadContext, ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { setupServer, type SetupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { createSandbox } from "../../../mocks/handlers";
import type { ContentStore } from "../../../mocks/content-store";
import type { Recorder } from "../../../mocks/recorder";
import type { SandboxOrders } from "../../../mocks/sales/orders";
import type { SandboxAccounts } from "../../../mocks/auth/accounts";
import { startSession, type SessionContent } from "~/account/session.server";
import { SESSION_COOKIES } from "~/account/session-cookies";
import { getConfig } from "~/config/config.server";
import type { VisitorFormId } from "~/forms/form-ids";
import { consumeFormPost, consumeSharedAddressPost } from "~/forms/form-limit.server";
import { CircuitBreaker } from "~/upstream/breaker";
import { upstream as upstreamClient } from "~/upstream/client.server";

/** The public origin loader tests run on: canonical, hreflang and origin checks read it. */
export const TEST_SITE_URL = "https://www.keynest.test";
/** The server's clock in loader tests, so dated things (banners, serverDate) are repeatable. */
export const TEST_NOW = "2025-08-01T12:00:00.000Z";
/** A person's browser: only people are sent to their language (bots never are). */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The URL of an upstream endpoint (a path under `/api`), for `server.use(http.get(...))`. */
export function upstreamUrl(path: string): string {
  return `${getConfig().apiUrl}/api${path}`;
}

/** One call the site made to the upstream, as the sandbox received it. */
export interface UpstreamCall {
  method: string;
  /** The path under `/api`, such as `/coms/pages/page/`. */
  path: string;
  /** The query parameters, without the `ts` every GET carries. */
  query: Record<string, string>;
  headers: Headers;
}

export interface SandboxUpstream {
  /** The msw server: `server.use(...)` overrides a handler for the current test only. */
  server: SetupServer;
  /** The demo content the sandbox serves (expected titles, languages, navigation). */
  store: ContentStore;
  /** What the sandbox's recording handlers received (subscriptions, cache clears, …). */
  recorder: Recorder;
  /** The sandbox shop's orders: `settle(order, "paid" | "failed")` drives a payment's outcome. */
  orders: SandboxOrders;
  /** The sandbox's demo accounts (sign-in, user info, password change). */
  accounts: SandboxAccounts;
  /** Every upstream call of the current test, in order; `path` keeps those to one endpoint. */
  calls(path?: string): UpstreamCall[];
  /** Forgets the calls and recordings so far (a test's setup steps), keeping the orders. */
  forget(): void;
}

/**
 * Clears what the process-wide upstream client remembers between tests: its cached answers
 * (otherwise a cached page hides a test's failing override) and its circuit breakers (otherwise
 * three failures in earlier tests make the next call of that family fail fast with a 503). The
 * breakers have no public reset, so they are reached through the client's private field.
 */
export function resetUpstreamClient(): void {
  const client = upstreamClient();
  client.cache?.clear();
  const breakers = (client as unknown as { breakers?: unknown }).breakers;
  if (!(breakers instanceof Map)) {
    throw new Error("UpstreamClient has no `breakers` map any more: update resetUpstreamClient()");
  }
  for (const breaker of breakers.values()) {
    if (breaker instanceof CircuitBreaker) breaker.success();
  }
}

/**
 * Starts the sandbox upstream for the calling test file (beforeAll / afterEach / afterAll) and
 * configures the process as the sandbox server: no API_URL, SITE_URL = TEST_SITE_URL, a fixed
 * clock and silent logs. `env` adds or overrides variables; config is read once per file.
 */
export function setupSandboxUpstream(
  env: Record<string, string | undefined> = {},
): SandboxUpstream {
  const variables = {
    API_URL: undefined,
    SANDBOX: undefined,
    SITE_URL: TEST_SITE_URL,
    CLOCK_NOW: TEST_NOW,
    LOG_LEVEL: "silent",
    ...env,
  };
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);

  const sandbox = createSandbox();
  const server = setupServer(...sandbox.handlers);
  const seen: UpstreamCall[] = [];
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams);
    delete query.ts;
    seen.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ""),
      query,
      headers: request.headers,
    });
  });

  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    sandbox.recorder.clear();
    sandbox.orders.reset();
    seen.length = 0;
    resetUpstreamClient();
  });
  afterAll(() => {
    server.events.removeAllListeners();
    server.close();
    vi.unstubAllEnvs();
  });

  return {
    server,
    store: sandbox.store,
    recorder: sandbox.recorder,
    orders: sandbox.orders,
    accounts: sandbox.accounts,
    calls: (path) => seen.filter((call) => path === undefined || call.path === path),
    forget: () => {
      seen.length = 0;
      sandbox.recorder.clear();
    },
  };
}

export interface RequestOptions {
  /** GET for loaders, POST for actions unless given. */
  method?: string;
  /** Cookies by name (values are sent as given), e.g. `{ lang: "de" }` or a `sessionCookie()`. */
  cookies?: Record<string, string>;
  /** Extra or replacing headers; `User-Agent` defaults to BROWSER_UA. */
  headers?: Record<string, string>;
  /** A form body (urlencoded), for actions. */
  form?: Record<string, string> | URLSearchParams;
  /** The route's params, as Remix would match them (`{ lang: "de" }`, `{ "*": "features" }`). */
  params?: LoaderFunctionArgs["params"];
  /** What Express adds to the load context (`clientIp`). */
  context?: Partial<AppLoadContext>;
}

/** A Request for `path` (with its query) on the configured SITE_URL. */
export function siteRequest(path: string, options: RequestOptions = {}): Request {
  const headers = new Headers({ "User-Agent": BROWSER_UA });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  if (options.cookies) {
    const pairs = Object.entries(options.cookies).map(([name, value]) => `${name}=${value}`);
    headers.set("Cookie", pairs.join("; "));
  }
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const method = options.method ?? (body ? "POST" : "GET");
  return new Request(new URL(path, getConfig().siteUrl), { method, headers, body });
}

/** The arguments Remix passes a loader for a GET of `path`. */
export function loaderArgs(path: string, options: RequestOptions = {}): LoaderFunctionArgs {
  return {
    request: siteRequest(path, options),
    params: options.params ?? {},
    context: { ...options.context },
  };
}

let visitors = 0;
let visitorAddress = "198.18.0.0";
// Each test is a visitor of its own: the form limits its posts meet count on its address alone.
beforeEach(() => {
  visitors += 1;
  visitorAddress = `198.18.${Math.floor(visitors / 256) % 256}.${visitors % 256}`;
});

/**
 * The arguments Remix passes an action for a POST to `path`, sent from the site's own pages; from
 * the test's own address unless the context names one (`clientIp`).
 */
export function actionArgs(path: string, options: RequestOptions = {}): ActionFunctionArgs {
  const origin = new URL(getConfig().siteUrl).origin;
  return {
    request: siteRequest(path, {
      ...options,
      method: options.method ?? "POST",
      headers: { Origin: origin, ...options.headers },
    }),
    params: options.params ?? {},
    context: { clientIp: visitorAddress, ...options.context },
  };
}

/** The value an answer's Set-Cookie gives the cookie `name`, or null when it sets none. */
export function setCookieValue(headers: Headers, name: string): string | null {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  return cookie ? cookie.slice(name.length + 1).split(";")[0]! : null;
}

/** The session cookie's name on the loader tests' https SITE_URL. */
export const SESSION = SESSION_COOKIES.https;

/**
 * The value of a new session's cookie holding `values` (tokens of a signed-in visitor), recorded
 * as the server records a sign-in (for `email`'s account when given).
 */
export async function sessionCookie(values: SessionContent, email?: string): Promise<string> {
  const setCookie = await startSession(values, email);
  return setCookie.slice(`${SESSION}=`.length, setCookie.indexOf(";"));
}

interface DataWithInit<D> {
  type: string;
  data: D;
  init: ResponseInit | null;
}

/**
 * What a loader's (awaited) result carries as data: `data(x)` → x, a `Response` → null, a plain
 * value as is; for a loader, `LoaderData<Awaited<ReturnType<typeof loader>>>`.
 */
export type LoaderData<T> = T extends Response ? null : T extends DataWithInit<infer D> ? D : T;

export interface LoaderAnswer<D> {
  status: number;
  headers: Headers;
  data: D;
  /** A redirect's target, else null. */
  location: string | null;
  /** The text of a `Response` body, else null. */
  body: string | null;
}

function isDataWithInit(value: unknown): value is DataWithInit<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    "init" in value
  );
}

function isAnswer(value: unknown): boolean {
  return value instanceof Response || isDataWithInit(value);
}

async function answerOf(value: unknown): Promise<LoaderAnswer<unknown>> {
  if (value instanceof Response) {
    return {
      status: value.status,
      headers: value.headers,
      data: null,
      location: value.headers.get("location"),
      body: value.body ? await value.text() : null,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      headers,
      data: value.data,
      location: headers.get("location"),
      body: null,
    };
  }
  return { status: 200, headers: new Headers(), data: value, location: null, body: null };
}

function describeAnswer(answer: LoaderAnswer<unknown>): string {
  return `${answer.status}${answer.location ? ` to ${answer.location}` : ""}`;
}

/** What a loader returned; fails the test, naming the status, when it threw instead. */
export async function returned<R>(result: R): Promise<LoaderAnswer<LoaderData<Awaited<R>>>> {
  let value: Awaited<R>;
  try {
    value = await result;
  } catch (error) {
    if (!isAnswer(error)) throw error;
    const answer = await answerOf(error);
    throw new Error(`Expected the loader to return, but it threw ${describeAnswer(answer)}`, {
      cause: error,
    });
  }
  return (await answerOf(value)) as LoaderAnswer<LoaderData<Awaited<R>>>;
}

/**
 * What a loader threw (a redirect, `data(null, { status: 404 })`, an error `Response`); fails the
 * test when it returned, and rethrows anything that is not an answer (a real bug).
 */
export async function thrown(result: unknown): Promise<LoaderAnswer<unknown>> {
  let value: unknown;
  try {
    value = await result;
  } catch (error) {
    if (!isAnswer(error)) throw error;
    return answerOf(error);
  }
  const answer = await answerOf(value);
  throw new Error(`Expected the loader to throw, but it returned ${describeAnswer(answer)}`);
}

let spentAddresses = 0;

/** The forms of buying and signing in the tests spend (their actions ask the shared-address limit). */
const SHARED_ADDRESS_FORMS = [
  "amazon-pay",
  "bonus",
  "card-paid",
  "checkout",
  "redeem",
  "sign-in",
] as const;
type SharedAddressFormId = (typeof SHARED_ADDRESS_FORMS)[number];

/**
 * A load context from an address (one of its own per call) that has used up its posts of `form`
 * in this window: the form's action answers its next post 429.
 */
export async function formPostsSpent(
  form: VisitorFormId | SharedAddressFormId,
): Promise<Partial<AppLoadContext>> {
  spentAddresses += 1;
  const clientIp = `192.0.2.${spentAddresses}`;
  const consume = (SHARED_ADDRESS_FORMS as readonly string[]).includes(form)
    ? consumeSharedAddressPost
    : (id: string, ip: string) => consumeFormPost(id as VisitorFormId, ip);
  while (await consume(form, clientIp)) {
    // Every post of the window's limit.
  }
  return { clientIp };
}
