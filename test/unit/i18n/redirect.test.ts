import { describe, expect, it } from "vitest";
import { isbot } from "isbot";
import { isCrawler, requestLanguage, type LanguageInput } from "~/i18n/detection.server";
import { languageRedirect } from "~/i18n/redirect.server";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

type RedirectInput = LanguageInput & { search: string; cookieLang?: string | null };

function input(overrides: Partial<RedirectInput>): RedirectInput {
  const { cookieLang, ...rest } = overrides;
  return {
    method: "GET",
    pathname: "/features",
    search: "",
    cookie: cookieLang === undefined || cookieLang === null ? null : `lang=${cookieLang}`,
    acceptLanguage: null,
    userAgent: CHROME,
    ...rest,
  };
}

const localeRedirectTarget = (i: RedirectInput) => languageRedirect(i);

describe("the language remix-i18next detects from Accept-Language (unprefixed, no cookie)", () => {
  it.each([
    ["de", "de"],
    ["ja", "jp"],
    ["uk-UA", "ua"],
    ["uk-UA,uk;q=0.9,en;q=0.8", "ua"],
    ["zh-CN,zh;q=0.9", "zh"],
    ["zh-Hant-TW", "zh"],
    ["en-US,en;q=0.9,de;q=0.8", "en"],
    ["en;q=0.5,fr;q=0.9", "fr"],
    ["de;q=0.3,ja;q=0.7,ru;q=0.5", "jp"],
    ["tr;q=0.8,ru;q=0.8", "tr"],
    ["de;q=0,fr;q=0.1", "fr"],
    // The visitor's first choice decides: a site language further down the list does not.
    ["pt-BR,pt;q=0.9,es;q=0.4", "en"],
    ["fa-IR,fa;q=0.9,ru;q=0.1", "en"],
    ["*", "en"],
    ["pt-BR,it", "en"],
    ["", "en"],
    ["%%%\u00ff", "en"],
    [null, "en"],
  ])("reads %j as %j", async (header, expected) => {
    expect(await requestLanguage(input({ acceptLanguage: header }))).toBe(expected);
  });

  it("gives the same answer again from what it kept", async () => {
    const header = "ru-RU,ru;q=0.9";
    expect(await requestLanguage(input({ acceptLanguage: header }))).toBe("ru");
    expect(await requestLanguage(input({ acceptLanguage: header }))).toBe("ru");
    expect(await requestLanguage(input({ acceptLanguage: header, cookieLang: "es" }))).toBe("es");
  });

  it("answers an unprefixed post, and a crawler, in English whatever they prefer", async () => {
    expect(await requestLanguage(input({ method: "POST", cookieLang: "de" }))).toBe("en");
    expect(await requestLanguage(input({ userAgent: GOOGLEBOT, acceptLanguage: "de" }))).toBe("en");
  });

  it("answers a prefixed URL in its language, whatever the cookie and browser say", async () => {
    const prefixed = input({ pathname: "/ua/help", cookieLang: "de", acceptLanguage: "fr" });
    expect(await requestLanguage(prefixed)).toBe("ua");
  });
});

describe("languageRedirect", () => {
  it("sends a German browser to the same path under /de", async () => {
    expect(await localeRedirectTarget(input({ acceptLanguage: "de-DE,de;q=0.9" }))).toBe(
      "/de/features",
    );
  });

  it("sends the home page to the bare language prefix", async () => {
    expect(await localeRedirectTarget(input({ pathname: "/", acceptLanguage: "ja" }))).toBe("/jp");
  });

  it("prefers the cookie over Accept-Language", async () => {
    const target = await localeRedirectTarget(input({ cookieLang: "ru", acceptLanguage: "de" }));
    expect(target).toBe("/ru/features");
  });

  it("keeps an English cookie on the unprefixed URL even when the browser prefers German", async () => {
    expect(
      await localeRedirectTarget(input({ cookieLang: "en", acceptLanguage: "de" })),
    ).toBeNull();
  });

  it.each(["xx", "ja", "", "EN"])(
    "ignores the invalid cookie value %j and falls back to Accept-Language",
    async (cookieLang) => {
      expect(await localeRedirectTarget(input({ cookieLang, acceptLanguage: "fr" }))).toBe(
        "/fr/features",
      );
    },
  );

  it("preserves the query string", async () => {
    const target = await localeRedirectTarget(
      input({ pathname: "/search", search: "?q=autofill&page=2", cookieLang: "es" }),
    );
    expect(target).toBe("/es/search?q=autofill&page=2");
  });

  it.each([
    ["Googlebot", GOOGLEBOT],
    ["bingbot", BINGBOT],
    ["an empty user agent", ""],
    ["a missing user agent", null],
  ])("never redirects %s", async (_name, userAgent) => {
    expect(
      await localeRedirectTarget(input({ userAgent, acceptLanguage: "de", cookieLang: "de" })),
    ).toBe(null);
  });

  it.each([
    ["Accept-Language en", { acceptLanguage: "en-GB,en;q=0.9" }],
    ["no language hint at all", {}],
    ["only unsupported languages", { acceptLanguage: "it,pt;q=0.8" }],
  ])("does not redirect a visitor with %s", async (_name, overrides: Partial<RedirectInput>) => {
    expect(await localeRedirectTarget(input(overrides))).toBeNull();
  });

  it.each(["/de/features", "/jp", "/ua/help/manuals"])(
    "never redirects the already prefixed URL %s",
    async (pathname) => {
      expect(
        await localeRedirectTarget(input({ pathname, cookieLang: "fr", acceptLanguage: "fr" })),
      ).toBe(null);
    },
  );

  it.each(["POST", "PUT", "DELETE", "OPTIONS"])(
    "does not redirect a %s request",
    async (method) => {
      expect(await localeRedirectTarget(input({ method, cookieLang: "de" }))).toBeNull();
    },
  );

  it("redirects HEAD like GET", async () => {
    expect(await localeRedirectTarget(input({ method: "HEAD", cookieLang: "de" }))).toBe(
      "/de/features",
    );
  });
});

describe("crawler check kept per User-Agent", () => {
  const chrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

  it("answers as isbot does, the first time and from what it kept", () => {
    for (const agent of [chrome, "Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0"]) {
      expect(isCrawler(agent)).toBe(isbot(agent));
      expect(isCrawler(agent)).toBe(isbot(agent));
    }
  });

  it("still answers for strings too long to keep and after its bound is reached", () => {
    const long = `${chrome} ${"x".repeat(600)}`;
    expect(isCrawler(long)).toBe(isbot(long));
    for (let i = 0; i < 1_100; i++) isCrawler(`${chrome} build/${i}`);
    expect(isCrawler("Googlebot/2.1")).toBe(true);
    expect(isCrawler(chrome)).toBe(false);
  });
});
