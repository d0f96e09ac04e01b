import { describe, expect, it } from "vitest";
import { LANG_COOKIE, readLangCookie, serializeLangCookie } from "~/i18n/cookie.server";

function attributes(cookie: string): string[] {
  return cookie.split("; ");
}

describe("readLangCookie", () => {
  it.each([
    ["lang=de", "de"],
    ["theme=dark; lang=jp; other=1", "jp"],
    ["lang=en", "en"],
    ["lang=%75%61", "ua"],
    ["lang=xx", null],
    ["lang=ja", null],
    ["xlang=de", null],
    ["lang=", null],
    ["", null],
    [null, null],
  ])("reads %j as %j", (header, expected) => {
    expect(readLangCookie(header)).toBe(expected);
  });
});

describe("serializeLangCookie (SPEC §1)", () => {
  it("stores the language under the lang cookie with Path=/ and SameSite=Lax", () => {
    const cookie = serializeLangCookie("de", {
      domain: undefined,
      secure: false,
      langSameSite: "lax",
    });
    expect(LANG_COOKIE).toBe("lang");
    expect(attributes(cookie)[0]).toBe("lang=de");
    expect(attributes(cookie)).toEqual(expect.arrayContaining(["Path=/", "SameSite=Lax"]));
    expect(cookie).not.toMatch(/Secure|Domain=/);
  });

  it.each([
    [{ domain: undefined, secure: false, langSameSite: "lax" as const }, "SameSite=Lax", false],
    [{ domain: undefined, secure: true, langSameSite: "lax" as const }, "SameSite=Lax", true],
    [{ domain: undefined, secure: true, langSameSite: "none" as const }, "SameSite=None", true],
    [{ domain: undefined, secure: false, langSameSite: "none" as const }, "SameSite=None", true],
  ])("with %j writes %s and Secure=%s", (options, sameSite, secure) => {
    const parts = attributes(serializeLangCookie("fr", options));
    expect(parts).toContain(sameSite);
    expect(parts.includes("Secure")).toBe(secure);
  });

  it("adds the Domain attribute only when a domain is configured", () => {
    const withDomain = serializeLangCookie("es", {
      domain: ".keynest.example",
      secure: false,
      langSameSite: "lax",
    });
    expect(attributes(withDomain)).toContain("Domain=.keynest.example");
    const without = serializeLangCookie("es", { domain: "", secure: false, langSameSite: "lax" });
    expect(without).not.toContain("Domain");
  });

  it("round-trips every value through readLangCookie", () => {
    const cookie = serializeLangCookie("zh", {
      domain: undefined,
      secure: false,
      langSameSite: "lax",
    });
    expect(readLangCookie(attributes(cookie)[0] ?? "")).toBe("zh");
  });
});
