import { describe, expect, it } from "vitest";
import { ConfigError, SANDBOX_API_URL, parseConfig } from "~/config/config.server";

const SECRET = "s".repeat(32);

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe("parseConfig defaults", () => {
  it("runs on the sandbox upstream on port 3000 when API_URL is unset", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      sandbox: true,
      apiUrl: SANDBOX_API_URL,
      port: 3000,
      host: "0.0.0.0",
      cookies: { domain: undefined, secure: false, langSameSite: "lax" },
      cspReportOnly: false,
      cspReportUri: "http://localhost:3000/csp-report",
      hsts: null,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("converts cache seconds to milliseconds", () => {
    const config = parseConfig({ CACHE_TTL_SECONDS: "5", CACHE_STALE_SECONDS: "7" });
    expect(config.cache).toMatchObject({ ttlMs: 5000, staleMs: 7000 });
  });

  it("sizes the upstream cache's areas: 2000 content answers, 200 site, 1000 searches, 500 prices", () => {
    expect(parseConfig({}).cache).toMatchObject({
      max: 2000,
      areas: { site: 200, search: 1000, prices: 500 },
    });
    const sized = parseConfig({
      CACHE_MAX_ENTRIES: "300",
      CACHE_SITE_MAX_ENTRIES: "20",
      CACHE_SEARCH_MAX_ENTRIES: "100",
      CACHE_PRICES_MAX_ENTRIES: "50",
    });
    expect(sized.cache).toMatchObject({ max: 300, areas: { site: 20, search: 100, prices: 50 } });
    expect(() => parseConfig({ CACHE_SEARCH_MAX_ENTRIES: "0" })).toThrow(
      /CACHE_SEARCH_MAX_ENTRIES/,
    );
  });

  it("limits searches to 60 a minute per address unless told otherwise", () => {
    expect(parseConfig({}).searchRateLimit).toEqual({ limit: 60, windowMs: 60_000 });
    const told = parseConfig({ SEARCH_RATE_LIMIT: "120", SEARCH_RATE_WINDOW_SECONDS: "300" });
    expect(told.searchRateLimit).toEqual({ limit: 120, windowMs: 300_000 });
    expect(() => parseConfig({ SEARCH_RATE_LIMIT: "0" })).toThrow(/SEARCH_RATE_LIMIT/);
  });
});

describe("parseConfig API_URL", () => {
  it.each([
    ["https://api.keynest.example", "https://api.keynest.example"],
    ["https://api.keynest.example/", "https://api.keynest.example"],
    ["https://api.keynest.example/base///", "https://api.keynest.example/base"],
  ])("uses %s as %s and leaves sandbox mode", (API_URL, expected) => {
    const config = parseConfig({
      API_URL,
      SESSION_SECRET: SECRET,
      SITE_URL: "https://www.x.example",
    });
    expect(config.apiUrl).toBe(expected);
    expect(config.sandbox).toBe(false);
    expect(config.sessionSecret).toBe(SECRET);
  });

  it("requires SESSION_SECRET when API_URL is set, naming it in the message", () => {
    expect(() => parseConfig({ API_URL: "https://api.keynest.example" })).toThrow(/SESSION_SECRET/);
    expect(
      problemsOf({ API_URL: "https://api.keynest.example", SITE_URL: "https://www.x.example" }),
    ).toEqual([expect.stringMatching(/^SESSION_SECRET: /)]);
  });

  it("requires SITE_URL with a real upstream: no URL is ever taken from the request", () => {
    expect(problemsOf({ API_URL: "https://api.keynest.example", SESSION_SECRET: SECRET })).toEqual([
      expect.stringMatching(/^SITE_URL: /),
    ]);
  });
});

describe("parseConfig site origin, proxies and the sandbox in production", () => {
  it("defaults the public origin to localhost on the configured port in the sandbox", () => {
    expect(parseConfig({}).siteUrl).toBe("http://localhost:3000");
    expect(parseConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(parseConfig({ SITE_URL: "https://www.x.example/" }).siteUrl).toBe(
      "https://www.x.example",
    );
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["loopback, 10.0.0.0/8", "loopback, 10.0.0.0/8"],
  ])(
    "reads TRUST_PROXY=%s as %o (forwarded headers are ignored unless configured)",
    (raw, value) => {
      expect(parseConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(value);
    },
  );

  it("refuses to serve production without an upstream unless the sandbox is asked for", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      expect.stringMatching(/^API_URL: is required in production; set SANDBOX=1/),
    ]);
    expect(parseConfig({ NODE_ENV: "production", SANDBOX: "1" }).sandbox).toBe(true);
  });

  it("refuses SANDBOX together with API_URL", () => {
    const env = {
      API_URL: "https://api.keynest.example",
      SESSION_SECRET: SECRET,
      SITE_URL: "https://www.x.example",
      SANDBOX: "1",
    };
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^SANDBOX: /)]);
  });
});

describe("parseConfig rejects bad values, naming the variable", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "0" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "80.5" }, "PORT"],
    [{ API_URL: "not a url", SESSION_SECRET: SECRET }, "API_URL"],
    [{ API_URL: "https://api.example", SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ TRUST_PROXY: "yes; drop table" }, "TRUST_PROXY"],
    [{ LANG_COOKIE_SAMESITE: "strict" }, "LANG_COOKIE_SAMESITE"],
    [{ LANG_COOKIE_SECURE: "yes" }, "LANG_COOKIE_SECURE"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL"],
    [{ PRODUCT_SLUG: "Key Nest" }, "PRODUCT_SLUG"],
  ])("rejects %j naming %s", (env, name) => {
    const problems = problemsOf(env);
    expect(
      problems.some((p) => p.startsWith(`${name}: `)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("names every bad variable at once", () => {
    const problems = problemsOf({ PORT: "x", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(["LOG_LEVEL", "PORT"]);
  });
});

describe("parseConfig cookies (SPEC §1)", () => {
  it("requires a secure cookie when the language cookie's SameSite is none on an http site", () => {
    expect(problemsOf({ LANG_COOKIE_SAMESITE: "none" })).toEqual([
      expect.stringMatching(/^LANG_COOKIE_SECURE: .*none/),
    ]);
    expect(
      parseConfig({ LANG_COOKIE_SAMESITE: "none", SITE_URL: "https://www.x.example" }).cookies,
    ).toMatchObject({ secure: true, langSameSite: "none" });
  });

  it.each([
    [{}, "lax", false, undefined],
    [{ SITE_URL: "https://www.keynest.example" }, "lax", true, undefined],
    [{ SITE_URL: "http://localhost:3000" }, "lax", false, undefined],
    [
      { SITE_URL: "https://www.keynest.example", LANG_COOKIE_SECURE: "false" },
      "lax",
      true,
      undefined,
    ],
    [{ LANG_COOKIE_SAMESITE: "none", LANG_COOKIE_SECURE: "true" }, "none", true, undefined],
    [
      { LANG_COOKIE_SECURE: "1", LANG_COOKIE_DOMAIN: ".keynest.example" },
      "lax",
      true,
      ".keynest.example",
    ],
    [{ LANG_COOKIE_SECURE: "0", LANG_COOKIE_DOMAIN: "" }, "lax", false, undefined],
  ])("reads %j as sameSite %s, secure %s, domain %j", (env, langSameSite, secure, domain) => {
    expect(parseConfig(env).cookies).toEqual({ langSameSite, secure, domain });
  });
});

describe("parseConfig security headers", () => {
  it.each([
    [{}, false, "http://localhost:3000/csp-report", null],
    [{ CSP_REPORT_ONLY: "1" }, true, "http://localhost:3000/csp-report", null],
    [
      { SITE_URL: "https://www.keynest.example", CSP_REPORT_URI: "https://csp.example/r?k=1" },
      false,
      "https://csp.example/r?k=1",
      { preload: false },
    ],
    [
      { SITE_URL: "https://www.keynest.example/", HSTS_PRELOAD: "true" },
      false,
      "https://www.keynest.example/csp-report",
      { preload: true },
    ],
  ])("reads %j as report-only %s, reports to %s, HSTS %j", (env, reportOnly, reportUri, hsts) => {
    const config = parseConfig(env);
    expect(config.cspReportOnly).toBe(reportOnly);
    expect(config.cspReportUri).toBe(reportUri);
    expect(config.hsts).toEqual(hsts);
  });

  it.each([
    [{ HSTS_PRELOAD: "1" }, "HSTS_PRELOAD"],
    [{ CSP_REPORT_URI: "ftp://reports.example/" }, "CSP_REPORT_URI"],
    [{ CSP_REPORT_URI: "https://reports.example/a;b" }, "CSP_REPORT_URI"],
    [{ CSP_REPORT_ONLY: "maybe" }, "CSP_REPORT_ONLY"],
  ])("rejects %j naming %s", (env, name) => {
    expect(problemsOf(env)).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
  });
});

describe("configuration documentation", () => {
  it("names every variable in the table of docs/configuration.md and in .env.example", async () => {
    const { readFileSync } = await import("node:fs");
    const { CONFIG_VARIABLES } = await import("~/config/env.server");
    const reference = readFileSync("docs/configuration.md", "utf8");
    const example = readFileSync(".env.example", "utf8");
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(25);
    for (const name of CONFIG_VARIABLES) {
      expect(reference, name).toContain(`| \`${name}\``);
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, "m"));
    }
  });
});

describe("parseConfig visitor forms", () => {
  const upstream = {
    API_URL: "https://api.keynest.example",
    SESSION_SECRET: SECRET,
    SITE_URL: "https://www.keynest.example",
  };

  it("limits a visitor form to 10 posts per IP in 10 minutes and a buyer's form to 300", () => {
    expect(parseConfig({}).formRateLimit).toEqual({
      limit: 10,
      sharedLimit: 300,
      windowMs: 600_000,
    });
    expect(
      parseConfig({
        FORM_RATE_LIMIT: "3",
        FORM_SHARED_RATE_LIMIT: "40",
        FORM_RATE_WINDOW_SECONDS: "60",
      }).formRateLimit,
    ).toEqual({ limit: 3, sharedLimit: 40, windowMs: 60_000 });
    expect(problemsOf({ FORM_RATE_LIMIT: "0" })[0]).toMatch(/^FORM_RATE_LIMIT/);
    expect(problemsOf({ FORM_SHARED_RATE_LIMIT: "0" })[0]).toMatch(/^FORM_SHARED_RATE_LIMIT/);
  });

  it("limits guessed codes, failed sign-ins and unverified subscriptions, and ends sessions idle or old", () => {
    const config = parseConfig({});
    expect(config.codeGuessLimit).toEqual({ perAddress: 20, global: 1000, windowMs: 600_000 });
    expect(config.signInAccountLimit).toEqual({ limit: 5, windowMs: 900_000 });
    expect(config.signInNewDeviceLimit).toBe(100);
    expect(config.newsletterUnverifiedLimit).toBe(200);
    expect(config.session).toEqual({ idleMs: 120 * 60_000, maxAgeMs: 168 * 3_600_000 });
    expect(
      parseConfig({ SESSION_IDLE_MINUTES: "15", SESSION_MAX_AGE_HOURS: "12" }).session,
    ).toEqual({ idleMs: 900_000, maxAgeMs: 43_200_000 });
    expect(problemsOf({ SESSION_IDLE_MINUTES: "0" })[0]).toMatch(/^SESSION_IDLE_MINUTES/);
  });

  it("knows whether SITE_URL was given (the sandbox then accepts posts from its own origin)", () => {
    expect(parseConfig({}).siteUrlSet).toBe(false);
    expect(parseConfig(upstream).siteUrlSet).toBe(true);
  });

  it("uses the stand-in captcha in the sandbox and none with a real upstream by default", () => {
    expect(parseConfig({}).captcha).toMatchObject({ provider: "sandbox" });
    expect(parseConfig(upstream).captcha).toEqual({ provider: "none" });
  });

  it("needs both keys for a real captcha provider", () => {
    expect(problemsOf({ ...upstream, CAPTCHA_PROVIDER: "hcaptcha" })).toEqual([
      expect.stringMatching(/^CAPTCHA_SITE_KEY/),
      expect.stringMatching(/^CAPTCHA_SECRET/),
    ]);
    expect(
      parseConfig({
        ...upstream,
        CAPTCHA_PROVIDER: "turnstile",
        CAPTCHA_SITE_KEY: "site",
        CAPTCHA_SECRET: "secret",
      }).captcha,
    ).toEqual({ provider: "turnstile", siteKey: "site", secret: "secret" });
  });

  it("refuses the stand-in captcha in front of a real upstream", () => {
    expect(problemsOf({ ...upstream, CAPTCHA_PROVIDER: "sandbox" })[0]).toMatch(
      /^CAPTCHA_PROVIDER/,
    );
  });
});

describe("parseConfig Amazon Pay wallet script", () => {
  it("defaults to Amazon Pay's checkout script (North America)", () => {
    expect(parseConfig({}).amazonPayScriptUrl).toBe(
      "https://static-na.payments-amazon.com/checkout.js",
    );
  });

  it("takes another https URL (the EU region's, say)", () => {
    const url = "https://static-eu.payments-amazon.com/checkout.js";
    expect(parseConfig({ AMAZON_PAY_SCRIPT_URL: url }).amazonPayScriptUrl).toBe(url);
  });

  it.each(["http://static-na.payments-amazon.com/checkout.js", "checkout.js", "javascript:x"])(
    "refuses %s",
    (url) => {
      expect(problemsOf({ AMAZON_PAY_SCRIPT_URL: url })[0]).toMatch(/^AMAZON_PAY_SCRIPT_URL/);
    },
  );
});

describe("parseConfig Redis (several instances)", () => {
  it("keeps everything in-process without REDIS_URL (or with it empty)", () => {
    expect(parseConfig({}).redis).toBeUndefined();
    expect(parseConfig({ REDIS_URL: "" }).redis).toBeUndefined();
  });

  it.each([
    ["redis://127.0.0.1:6379", "keynest:"],
    ["redis://:secret@cache.internal:6380/2", "keynest:"],
    ["rediss://user:secret@cache.example.com:6380", "keynest:"],
  ])("takes %s, keys under the product slug by default", (url, prefix) => {
    expect(parseConfig({ REDIS_URL: url }).redis).toEqual({ url, keyPrefix: prefix });
  });

  it("takes a key prefix, and the product slug as the default one", () => {
    expect(
      parseConfig({ REDIS_URL: "redis://r:6379", REDIS_KEY_PREFIX: "site-a:" }).redis,
    ).toMatchObject({ keyPrefix: "site-a:" });
    expect(
      parseConfig({ REDIS_URL: "redis://r:6379", PRODUCT_SLUG: "vaultly" }).redis,
    ).toMatchObject({ keyPrefix: "vaultly:" });
  });

  it.each([
    ["http://cache.internal:6379", "REDIS_URL"],
    ["cache.internal:6379", "REDIS_URL"],
    ["redis://", "REDIS_URL"],
    ["memcached://cache.internal", "REDIS_URL"],
  ])("refuses %s", (url, variable) => {
    expect(problemsOf({ REDIS_URL: url })[0]).toMatch(new RegExp(`^${variable}`));
  });

  it.each(["has space:", "x".repeat(65), "quo'te"])("refuses the key prefix %j", (prefix) => {
    expect(problemsOf({ REDIS_URL: "redis://r:6379", REDIS_KEY_PREFIX: prefix })[0]).toMatch(
      /^REDIS_KEY_PREFIX/,
    );
  });
});

describe("parseConfig ADMIN_TOKEN", () => {
  it("has no admin endpoint without a token (or with it empty)", () => {
    expect(parseConfig({}).adminToken).toBeUndefined();
    expect(parseConfig({ ADMIN_TOKEN: "" }).adminToken).toBeUndefined();
  });

  it("takes a token of 32 characters or more", () => {
    const token = "a1".repeat(16);
    expect(parseConfig({ ADMIN_TOKEN: token }).adminToken).toBe(token);
  });

  it.each([
    ["31 characters", "a".repeat(31)],
    ["a space", `${"a".repeat(32)} b`],
    ["more than 256 characters", "a".repeat(257)],
  ])("refuses a token with %s", (_what, token) => {
    expect(problemsOf({ ADMIN_TOKEN: token })[0]).toMatch(/^ADMIN_TOKEN/);
  });
});

describe("parseConfig metrics (decision 017)", () => {
  it("serves no metrics unless told to", () => {
    expect(parseConfig({}).metrics).toEqual({
      port: undefined,
      host: "127.0.0.1",
      token: undefined,
    });
  });

  it("reads a port of their own, its interface and a token", () => {
    const token = "t".repeat(32);
    expect(
      parseConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: token }).metrics,
    ).toEqual({ port: 9464, host: "0.0.0.0", token });
  });

  it.each([
    [{ METRICS_PORT: "3000" }, "METRICS_PORT: must differ from PORT"],
    [{ METRICS_PORT: "0" }, "METRICS_PORT"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN: must be at least 16 characters"],
    [{ METRICS_TOKEN: "has a space in it, long enough" }, "METRICS_TOKEN: must be printable"],
  ])("refuses %o", (env, message) => {
    expect(problemsOf(env)).toEqual([expect.stringContaining(message)]);
  });
});

describe("parseConfig shared page lifetimes", () => {
  it("defaults to a minute in browsers and five minutes in shared caches", () => {
    expect(parseConfig({}).sharedPages).toEqual({
      maxAge: 60,
      sharedMaxAge: 300,
      staleWhileRevalidate: 60,
      staleIfError: 86_400,
    });
  });

  it("reads the four PAGE_*_SECONDS variables", () => {
    const config = parseConfig({
      PAGE_MAX_AGE_SECONDS: "0",
      PAGE_SHARED_MAX_AGE_SECONDS: "900",
      PAGE_STALE_WHILE_REVALIDATE_SECONDS: "120",
      PAGE_STALE_IF_ERROR_SECONDS: "3600",
    });
    expect(config.sharedPages).toEqual({
      maxAge: 0,
      sharedMaxAge: 900,
      staleWhileRevalidate: 120,
      staleIfError: 3600,
    });
  });

  it.each([
    [{ PAGE_MAX_AGE_SECONDS: "-1" }, "PAGE_MAX_AGE_SECONDS"],
    [{ PAGE_SHARED_MAX_AGE_SECONDS: "soon" }, "PAGE_SHARED_MAX_AGE_SECONDS"],
    [{ PAGE_STALE_WHILE_REVALIDATE_SECONDS: "1.5" }, "PAGE_STALE_WHILE_REVALIDATE_SECONDS"],
    [{ PAGE_STALE_IF_ERROR_SECONDS: "99999999" }, "PAGE_STALE_IF_ERROR_SECONDS"],
  ])("rejects %j", (env, name) => {
    expect(problemsOf(env).join("\n")).toContain(name);
  });
});

describe("parseConfig SHARED_CACHE_BAN_URL", () => {
  const TOKEN = "a".repeat(32);

  it("is off unless set", () => {
    expect(parseConfig({}).sharedCacheBanUrl).toBeUndefined();
    expect(parseConfig({ SHARED_CACHE_BAN_URL: "" }).sharedCacheBanUrl).toBeUndefined();
  });

  it("takes an http(s) URL with the admin token", () => {
    const env = { SHARED_CACHE_BAN_URL: "http://cache:6081/", ADMIN_TOKEN: TOKEN };
    expect(parseConfig(env).sharedCacheBanUrl).toBe("http://cache:6081/");
  });

  it.each([
    [{ SHARED_CACHE_BAN_URL: "cache:6081", ADMIN_TOKEN: TOKEN }, "SHARED_CACHE_BAN_URL"],
    [{ SHARED_CACHE_BAN_URL: "ftp://cache/", ADMIN_TOKEN: TOKEN }, "SHARED_CACHE_BAN_URL"],
    [{ SHARED_CACHE_BAN_URL: "http://cache:6081/" }, "ADMIN_TOKEN: is required with"],
  ])("rejects %j", (env, message) => {
    expect(problemsOf(env).join("\n")).toContain(message);
  });
});
