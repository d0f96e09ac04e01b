import { describe, expect, it } from "vitest";
import { langFromAcceptLanguage, localeRedirectTarget, type RedirectInput } from "~/i18n/redirect";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

function input(overrides: Partial<RedirectInput>): RedirectInput {
  return {
    method: "GET",
    pathname: "/features",
    search: "",
    cookieLang: null,
    acceptLanguage: null,
    userAgent: CHROME,
    ...overrides,
  };
}

describe("langFromAcceptLanguage", () => {
  it.each([
    ["de", "de"],
    ["ja", "jp"],
    ["uk-UA", "ua"],
    ["uk-UA,uk;q=0.9,en;q=0.8", "ua"],
    ["zh-CN,zh;q=0.9", "zh"],
    ["en-US,en;q=0.9,de;q=0.8", "en"],
    ["en;q=0.5,fr;q=0.9", "fr"],
    ["de;q=0.3,ja;q=0.7,ru;q=0.5", "jp"],
    ["pt-BR,pt;q=0.9,es;q=0.4", "es"],
    ["tr;q=0.8,ru;q=0.8", "tr"],
    ["fa-IR,fa;q=0.9,ru;q=0.1", "ru"],
    ["de;q=0,fr;q=0.1", "fr"],
    ["*", null],
    ["pt-BR,it", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("reads %j as %j", (header, expected) => {
    expect(langFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("localeRedirectTarget", () => {
  it("sends a German browser to the same path under /de", () => {
    expect(localeRedirectTarget(input({ acceptLanguage: "de-DE,de;q=0.9" }))).toBe("/de/features");
  });

  it("sends the home page to the bare language prefix", () => {
    expect(localeRedirectTarget(input({ pathname: "/", acceptLanguage: "ja" }))).toBe("/jp");
  });

  it("prefers the cookie over Accept-Language", () => {
    const target = localeRedirectTarget(input({ cookieLang: "ru", acceptLanguage: "de" }));
    expect(target).toBe("/ru/features");
  });

  it("keeps an English cookie on the unprefixed URL even when the browser prefers German", () => {
    expect(localeRedirectTarget(input({ cookieLang: "en", acceptLanguage: "de" }))).toBeNull();
  });

  it.each(["xx", "ja", "", "EN"])(
    "ignores the invalid cookie value %j and falls back to Accept-Language",
    (cookieLang) => {
      expect(localeRedirectTarget(input({ cookieLang, acceptLanguage: "fr" }))).toBe(
        "/fr/features",
      );
    },
  );

  it("preserves the query string", () => {
    const target = localeRedirectTarget(
      input({ pathname: "/search", search: "?q=autofill&page=2", cookieLang: "es" }),
    );
    expect(target).toBe("/es/search?q=autofill&page=2");
  });

  it.each([
    ["Googlebot", GOOGLEBOT],
    ["bingbot", BINGBOT],
    ["an empty user agent", ""],
    ["a missing user agent", null],
  ])("never redirects %s", (_name, userAgent) => {
    expect(localeRedirectTarget(input({ userAgent, acceptLanguage: "de", cookieLang: "de" }))).toBe(
      null,
    );
  });

  it.each([
    ["Accept-Language en", { acceptLanguage: "en-GB,en;q=0.9" }],
    ["no language hint at all", {}],
    ["only unsupported languages", { acceptLanguage: "it,pt;q=0.8" }],
  ])("does not redirect a visitor with %s", (_name, overrides: Partial<RedirectInput>) => {
    expect(localeRedirectTarget(input(overrides))).toBeNull();
  });

  it.each(["/de/features", "/jp", "/ua/help/manuals"])(
    "never redirects the already prefixed URL %s",
    (pathname) => {
      expect(
        localeRedirectTarget(input({ pathname, cookieLang: "fr", acceptLanguage: "fr" })),
      ).toBe(null);
    },
  );

  it.each(["POST", "PUT", "DELETE", "OPTIONS"])("does not redirect a %s request", (method) => {
    expect(localeRedirectTarget(input({ method, cookieLang: "de" }))).toBeNull();
  });

  it("redirects HEAD like GET", () => {
    expect(localeRedirectTarget(input({ method: "HEAD", cookieLang: "de" }))).toBe("/de/features");
  });
});
