import { describe, expect, it } from "vitest";
import {
  clearCookieHeader,
  setCookieHeader,
  type CookieOptions,
  type CookieSite,
} from "~/http/set-cookie";

const HTTP_SITE: CookieSite = { secure: false, domain: undefined };
const HTTPS_SITE: CookieSite = { secure: true, domain: undefined };
const SHARED_SITE: CookieSite = { secure: true, domain: ".keynest.example" };

describe("setCookieHeader", () => {
  it.each<[string, string, string, CookieOptions, CookieSite, string]>([
    [
      "the language on an http site (npm start)",
      "lang",
      "de",
      { maxAge: 31_536_000, shared: true },
      HTTP_SITE,
      "lang=de; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax",
    ],
    [
      "the language on an https site with a shared domain",
      "lang",
      "de",
      { maxAge: 31_536_000, shared: true },
      SHARED_SITE,
      "lang=de; Max-Age=31536000; Domain=.keynest.example; Path=/; HttpOnly; Secure; SameSite=Lax",
    ],
    [
      "the language with SameSite=None, Secure even on an http site",
      "lang",
      "fr",
      { maxAge: 60, shared: true, sameSite: "none" },
      HTTP_SITE,
      "lang=fr; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=None",
    ],
    [
      "the session, never shared with the parent domain",
      "__session",
      "v1.abc-_",
      { maxAge: 2_592_000 },
      SHARED_SITE,
      "__session=v1.abc-_; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax",
    ],
    [
      "a one-time flash on an https site",
      "kn_flash",
      "newsletter.ok",
      { maxAge: 60 },
      HTTPS_SITE,
      "kn_flash=newsletter.ok; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax",
    ],
    [
      "a cookie a script must read (none of the site's today)",
      "pref",
      "1",
      { scriptReadable: true },
      HTTPS_SITE,
      "pref=1; Path=/; Secure; SameSite=Lax",
    ],
    [
      "a negative or fractional age, clamped to whole seconds",
      "kn_fb",
      "a.b",
      { maxAge: -5.5 },
      HTTP_SITE,
      "kn_fb=a.b; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    ],
  ])("writes %s", (_case, name, value, options, site, expected) => {
    expect(setCookieHeader(name, value, options, site)).toBe(expected);
  });

  it.each([
    ["a value with a semicolon", "lang", "de; Domain=evil.example"],
    ["a value with a space", "lang", "de fr"],
    ["a value with a control character", "lang", "de\u0000"],
    ["a value beyond ASCII", "lang", "d\u00e9"],
    ["a name with a space", "la ng", "de"],
    ["a name with an equals sign", "lang=x", "de"],
    ["an empty name", "", "de"],
  ])("refuses %s", (_case, name, value) => {
    expect(() => setCookieHeader(name, value, {}, HTTPS_SITE)).toThrow(TypeError);
  });

  it("refuses a configured domain that is no host name", () => {
    expect(() =>
      setCookieHeader("lang", "de", { shared: true }, { secure: true, domain: "a.example; x" }),
    ).toThrow(TypeError);
  });
});

describe("clearCookieHeader", () => {
  it.each([
    ["kn_flash", {}, HTTP_SITE, "kn_flash=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"],
    [
      "dismissed",
      { shared: true },
      SHARED_SITE,
      "dismissed=; Max-Age=0; Domain=.keynest.example; Path=/; HttpOnly; Secure; SameSite=Lax",
    ],
    ["__session", {}, SHARED_SITE, "__session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"],
  ] as const)(
    "deletes %s with the path and domain it was written with",
    (name, options, site, expected) => {
      expect(clearCookieHeader(name, options, site)).toBe(expected);
    },
  );
});
