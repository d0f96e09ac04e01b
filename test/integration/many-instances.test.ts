import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { startHttpUpstream, type HttpUpstream } from "../../mocks/http-upstream";
import { startRedis, type TestRedis } from "./support/redis-server";
import { startSite, type SiteInstance } from "./support/site-instance";

/**
 * Two compiled instances of the site behind one (imagined) load balancer, sharing one Redis
 * and one upstream (the sandbox over HTTP): what one instance learns or is told, the other knows.
 */

// Starting Node, the build, Redis and the upstream takes seconds on a small, busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/** Waits for what Redis and the instances do in the background; a slow machine gets time. */
const eventually = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 20_000, interval: 50 });

const TOKEN = `admin-${"7f3a9c".repeat(7)}`;
/** The public origin both instances serve (SITE_URL): POSTs from the site's pages carry it. */
const SITE = "https://www.keynest.test";
/** Posts per address to a visitor form (at most the newsletter's 3 unverified an hour). */
const FORM_LIMIT = 3;
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

let redis: TestRedis;
let upstream: HttpUpstream;
let a: SiteInstance;
let b: SiteInstance;

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startHttpUpstream();
  const env = {
    API_URL: upstream.url,
    SESSION_SECRET: "s".repeat(48),
    SITE_URL: SITE,
    REDIS_URL: redis.url,
    ADMIN_TOKEN: TOKEN,
    TRUST_PROXY: "loopback",
    FORM_RATE_LIMIT: String(FORM_LIMIT),
    // Long enough that nothing expires by itself while a slow machine runs the test.
    CACHE_TTL_SECONDS: "600",
    PAGE_SHARED_MAX_AGE_SECONDS: "600",
  };
  [a, b] = await Promise.all([startSite("A", env), startSite("B", env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await upstream?.stop();
  await redis?.stop();
});

/** A page as a person's browser asks for it (English, so no language redirect). */
async function page(instance: SiteInstance, path: string) {
  const response = await fetch(`${instance.url}${path}`, {
    headers: { Accept: "text/html", "Accept-Language": "en", "User-Agent": CHROME },
  });
  return {
    status: response.status,
    html: await response.text(),
  };
}

/**
 * A visitor address of its own (TEST-NET-2), as the proxy in front passes it on: a new one on
 * every call, never one an earlier post used up its limit on.
 */
let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;

/** A form post from the site's own page, as a browser sends it without JS. */
function postForm(
  instance: SiteInstance,
  path: string,
  fields: Record<string, string>,
  options: { ip?: string; cookie?: string } = {},
) {
  return fetch(`${instance.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: SITE,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      "User-Agent": CHROME,
      "X-Forwarded-For": options.ip ?? visitor(),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams({ website_url: "", ...fields }),
  });
}

/** The footer newsletter posted without JS, as a browser on the site's page sends it. */
function subscribe(instance: SiteInstance, ip: string, path = "/de/features") {
  const email = `reader-${randomInt(1e9)}@example.com`;
  return postForm(instance, path, { _form: "newsletter", email }, { ip });
}

function clearCache(instance: SiteInstance, headers: Record<string, string>) {
  return fetch(`${instance.url}/admin/clear-cache`, { method: "POST", headers });
}

/** The upstream calls made while `during` runs. */
async function callsDuring(during: () => Promise<unknown>) {
  const from = upstream.received.length;
  await during();
  return upstream.received.slice(from);
}

const setTitle = (title: string) => {
  const features = upstream.sandbox.store.page("en", "/features");
  if (!features?.data.meta) throw new Error("the demo content has no /features page");
  features.data.meta.title = title;
};

describe("cache clears reach every instance", () => {
  it("serves the new content on B after a clear posted to A; a bad token clears nothing", async () => {
    setTitle("Features edition one");
    for (const instance of [a, b]) {
      expect((await page(instance, "/features")).html).toContain("Features edition one");
      // Both keep the content service's answer: the second visit renders from it.
      expect(await page(instance, "/features")).toMatchObject({ status: 200 });
    }

    setTitle("Features edition two");
    for (const instance of [a, b]) {
      expect((await page(instance, "/features")).html).toContain("Features edition one");
    }

    for (const headers of [
      {} as Record<string, string>,
      { Authorization: "Bearer not-the-token" },
      { Authorization: `Bearer ${TOKEN}x` },
    ]) {
      const refused = await clearCache(a, headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(upstream.received.filter((call) => call.path.endsWith("/clear-cache/"))).toEqual([]);
    for (const instance of [a, b]) {
      expect((await page(instance, "/features")).html).toContain("Features edition one");
    }

    const cleared = await clearCache(a, { Authorization: `Bearer ${TOKEN}` });
    expect(cleared.status).toBe(200);
    expect(cleared.headers.get("Cache-Control")).toBe("no-store");
    expect(await cleared.json()).toMatchObject({
      upstream: { coms: { ok: true }, orbitshield: { ok: true } },
      cleared: expect.arrayContaining(["upstream-cache"]),
      shared: { status: "cleared", listeners: 2 },
    });
    expect(upstream.received.filter((call) => call.path.endsWith("/clear-cache/"))).toEqual([
      { method: "GET", path: "/coms/clear-cache/" },
      { method: "GET", path: "/orbitshield/clear-cache/" },
    ]);

    // B heard it over Redis (nothing was sent to B), then serves the new content.
    await eventually(() => expect(b.messages()).toContain("Caches cleared by another instance"));
    expect((await page(b, "/features")).html).toContain("Features edition two");
    expect((await page(a, "/features")).html).toContain("Features edition two");
  });
});

describe("form limits are shared", () => {
  it(`answers the ${FORM_LIMIT + 1}th post from one address 429, wherever each one landed`, async () => {
    const ip = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < FORM_LIMIT; i++) {
      statuses.push((await subscribe(i % 2 === 0 ? a : b, ip)).status);
    }
    expect(statuses).toEqual(Array(FORM_LIMIT).fill(303));

    for (const instance of [a, b]) {
      const limited = await subscribe(instance, ip);
      expect(limited.status).toBe(429);
      // The German page, with the German message and the form kept.
      expect(await limited.text()).toContain("Zu viele Anfragen");
    }
    // Another visitor is not affected.
    expect((await subscribe(b, visitor())).status).toBe(303);
  });
});

/** The `name=value` of the answer's session cookie (`__Host-` on the https SITE_URL). */
const sessionOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("__Host-session=") && cookie.length > 20) ?? null;

async function signIn(
  instance: SiteInstance,
  email: string,
  password = SANDBOX_PASSWORD,
  ip?: string,
) {
  const answer = await postForm(
    instance,
    "/sign-in",
    { _form: "sign-in", email, password },
    { ip },
  );
  return { status: answer.status, session: sessionOf(answer) };
}

const accountPage = (instance: SiteInstance, cookie: string) =>
  fetch(`${instance.url}/account`, {
    redirect: "manual",
    headers: { Accept: "text/html", "User-Agent": CHROME, "Accept-Language": "en", Cookie: cookie },
  });

describe("sessions end on every instance", () => {
  it("a sign-out on B ends the session A started: its cookie opens nothing anywhere", async () => {
    const { status, session } = await signIn(a, "active@keynest.example");
    expect(status).toBe(303);
    expect((await accountPage(b, session!)).status).toBe(200);
    const out = await postForm(b, "/action/logout", { to: "/" }, { cookie: session! });
    expect(out.status).toBe(303);
    for (const instance of [a, b]) {
      const replayed = await accountPage(instance, session!);
      expect(replayed.status).toBe(302);
      expect(replayed.headers.get("location")).toBe("/sign-in?to=%2Faccount");
    }
  });

  it("a password change on A ends the account's session on B at once", async () => {
    const laptop = await signIn(a, "lifetime@keynest.example");
    const phone = await signIn(b, "lifetime@keynest.example");
    expect((await accountPage(b, phone.session!)).status).toBe(200);
    const next = "violet Harbor 42 lantern!";
    const changed = await postForm(
      a,
      "/account/change-password",
      {
        _form: "change-password",
        current: SANDBOX_PASSWORD,
        password: next,
        repeat: next,
        terms: "on",
      },
      { cookie: laptop.session! },
    );
    expect(changed.status).toBe(303);
    const renewed = sessionOf(changed);
    try {
      expect((await accountPage(b, phone.session!)).status).toBe(302);
      expect((await accountPage(a, laptop.session!)).status).toBe(302);
      expect((await accountPage(b, renewed!)).status).toBe(200);
    } finally {
      const { accounts } = upstream.sandbox;
      accounts.changePassword(accounts.accountOf("sandbox-lifetime")!, next, SANDBOX_PASSWORD);
    }
  });
});

describe("guess limits are shared", () => {
  it("a stranger's failures on an account count on both instances; the owner elsewhere gets in", async () => {
    const stranger = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? a : b;
      statuses.push(
        (await signIn(instance, "teams@keynest.example", `guess-${i}`, stranger)).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn(a, "teams@keynest.example", SANDBOX_PASSWORD, stranger)).status).toBe(429);
    const owner = await signIn(b, "teams@keynest.example", SANDBOX_PASSWORD, visitor());
    expect(owner.status).toBe(303);
  });

  it("wrong bonus codes from one address count on both instances", async () => {
    const ip = visitor();
    const guess = (instance: SiteInstance, code: string) =>
      postForm(instance, "/order/checkout?plan=102", { _form: "bonus", plan: "102", code }, { ip });
    for (let i = 0; i < 20; i++) {
      expect((await guess(i % 2 === 0 ? a : b, `GUESS${i}`)).status).toBe(400);
    }
    expect((await guess(a, "WELCOME20")).status).toBe(429);
    expect((await guess(b, "WELCOME20")).status).toBe(429);
  });
});

describe("the shared upstream cache tier", () => {
  it("lets B serve a page A fetched without asking the upstream again", async () => {
    const fetchedByA = await callsDuring(async () => {
      expect((await page(a, "/help")).status).toBe(200);
    });
    expect(fetchedByA).toContainEqual({ method: "GET", path: "/coms/pages/page/" });

    const fetchedByB = await callsDuring(async () => {
      const help = await page(b, "/help");
      expect(help.status).toBe(200);
    });
    expect(fetchedByB).toEqual([]);
  });
});

describe("when Redis fails", () => {
  const serving = async (instance: SiteInstance, path: string) => {
    const started = Date.now();
    const { status } = await page(instance, path);
    return { status, ms: Date.now() - started };
  };

  it("keeps both instances serving pages and forms, and shares again once it is back", async () => {
    await redis.stop();
    for (const instance of [a, b]) {
      expect((await serving(instance, "/features")).status).toBe(200);
      // A page neither instance has: rendered from the upstream, no shared tier.
      expect((await serving(instance, "/downloads")).status).toBe(200);
      expect((await subscribe(instance, visitor())).status).toBe(303);
    }
    await eventually(() => {
      expect(a.messages().some((message) => message.startsWith("Redis unavailable"))).toBe(true);
      expect(b.messages().some((message) => message.startsWith("Redis unavailable"))).toBe(true);
    });
    // Each instance holds the limit on its own meanwhile: posts are still counted.
    const ip = visitor();
    for (let i = 0; i < FORM_LIMIT; i++) expect((await subscribe(a, ip)).status).toBe(303);
    expect((await subscribe(a, ip)).status).toBe(429);
    // An admin clear still clears this instance, and says the others will hear it later.
    const pending = await clearCache(b, { Authorization: `Bearer ${TOKEN}` });
    expect(await pending.json()).toMatchObject({ shared: { status: "pending" } });

    // A new, empty Redis on the same address.
    await redis.start();
    await eventually(() => {
      expect(a.messages()).toContain("Redis reachable again: limits and caches are shared");
      expect(b.messages()).toContain("Redis reachable again: limits and caches are shared");
    });
    // The clear made while Redis was away reached the other instance.
    await eventually(() =>
      expect(b.messages()).toContain("Cache clear made while Redis was away: announced now"),
    );

    // Limits are shared again…
    const again = visitor();
    for (let i = 0; i < FORM_LIMIT; i++) {
      expect((await subscribe(i % 2 === 0 ? b : a, again)).status).toBe(303);
    }
    expect((await subscribe(a, again)).status).toBe(429);
    // …and so are upstream answers: A stores its four just after it answers (page, site, price
    // list, reviews), so B is asked once they are in Redis, not after a guessed wait.
    expect((await page(a, "/pricing")).status).toBe(200);
    await eventually(async () =>
      expect(await redis.count("*cache:*:*:*")).toBeGreaterThanOrEqual(4),
    );
    const fetchedByB = await callsDuring(() => page(b, "/pricing"));
    expect(fetchedByB).toEqual([]);
  });

  it("answers without a 5xx, and in time, while Redis is frozen", async () => {
    redis.freeze();
    try {
      for (const instance of [a, b]) {
        const started = Date.now();
        expect((await page(instance, "/blog")).status).toBe(200);
        expect((await subscribe(instance, visitor(), "/blog")).status).toBe(303);
        // Two Redis waits at most (the cache's 75 ms, a limit's 250 ms), plus a slow machine.
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    } finally {
      redis.thaw();
    }
  });
});
