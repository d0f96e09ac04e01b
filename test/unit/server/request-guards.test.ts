import { describe, expect, it } from "vitest";
import { withoutAdParams } from "~/http/ad-params";
import { dropMalformedCookies, hasMalformedCookie, readCookie, readCookies } from "~/http/cookies";
import { renderErrorPage } from "~/layout/error-page.server";
import { isSameOriginPost, loopbackAliases } from "~/server/origin-check";
import { cookieGuard } from "~/server/request-guards.server";

describe("isSameOriginPost", () => {
  const site = "https://www.keynest.example";
  it.each([
    [{ origin: site }, true],
    [{ origin: "HTTPS://WWW.KEYNEST.EXAMPLE" }, true],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "https://www.keynest.example.evil.example" }, false],
    [{ origin: "null" }, false],
    [{ origin: "http://www.keynest.example" }, false],
    [{ referer: `${site}/pricing?x=1` }, true],
    [{ referer: "https://evil.example/https://www.keynest.example/" }, false],
    [{ referer: "not a url" }, false],
    [{}, false],
    [{ origin: "https://evil.example", referer: `${site}/` }, false],
  ])("%j → %s", (headers, expected) => {
    expect(isSameOriginPost(headers, site)).toBe(expected);
  });

  it("accepts the loopback names of a sandbox origin, and nothing else", () => {
    const aliases = loopbackAliases("http://localhost:3000");
    expect(
      isSameOriginPost({ origin: "http://127.0.0.1:3000" }, "http://localhost:3000", aliases),
    ).toBe(true);
    expect(
      isSameOriginPost({ origin: "http://127.0.0.1:4000" }, "http://localhost:3000", aliases),
    ).toBe(false);
    expect(loopbackAliases("https://www.keynest.example")).toEqual([]);
  });
});

describe("dropMalformedCookies", () => {
  const own = ["lang", "dismissed", "__session"];
  it.each([
    ["dismissed=%E0", "", ["dismissed"]],
    ["a=1; dismissed=%E0; lang=de", "a=1; lang=de", ["dismissed"]],
    ["lang=%", "", ["lang"]],
    [`__session=${"x".repeat(5000)}; b=2`, "b=2", ["__session"]],
    // No "=": no cookie of that name to any reader (the parser skips it), so nothing to clear.
    ["dismissed", "dismissed", []],
    // Of two of one name every reader takes the first: a malformed first drops the name.
    ["lang=%E0; lang=de; a=1", "a=1", ["lang"]],
    ["other=%E0; lang=fr", "other=%E0; lang=fr", []],
    ["dismissed=cookie.rewards", "dismissed=cookie.rewards", []],
  ])("%j keeps %j and drops %j", (header, kept, dropped) => {
    expect(dropMalformedCookies(header, own)).toEqual({ header: kept, dropped });
    // The quick path's check says the same without making the header.
    expect(hasMalformedCookie(header, own)).toBe(dropped.length > 0);
  });
});

describe("readCookies", () => {
  const names = ["lang", "dismissed", "__session", "kn_fb"] as const;
  it.each([
    [""],
    ["lang=de"],
    ["a=1; dismissed=cookie.rewards;lang=fr ; __session=s%3Ax"],
    ["lang=de; lang=fr; =x; noequals; kn_fb=a=b"],
    ["  dismissed =  cookie  ;lang="],
    ["Lang=de; xlang=fr; lang"],
  ])("reads %j in one pass as readCookie reads each name", (header) => {
    const read = readCookies(header, names);
    for (const name of names) expect(read[name] ?? null, name).toBe(readCookie(header, name));
    expect(Object.keys(read).every((name) => (names as readonly string[]).includes(name))).toBe(
      true,
    );
  });

  it("reads nothing from no header", () => {
    expect(readCookies(undefined, names)).toEqual({});
    expect(readCookies(null, names)).toEqual({});
  });
});

describe("cookieGuard", () => {
  const guard = cookieGuard(
    { lang: { shared: true }, __session: {}, kn_fb: { scriptReadable: true } },
    { secure: true, domain: ".keynest.example" },
  );

  function run(cookie: string) {
    const req = { headers: { cookie } } as unknown as Parameters<typeof guard>[0];
    const setCookies: string[] = [];
    const res = {
      append: (name: string, value: string) => setCookies.push(`${name}: ${value}`),
    } as unknown as Parameters<typeof guard>[1];
    let nextCalled = false;
    guard(req, res, () => (nextCalled = true));
    return { cookie: req.headers.cookie, setCookies, nextCalled };
  }

  it.each([
    [
      "lang=%; a=1",
      "a=1",
      [
        "Set-Cookie: lang=; Max-Age=0; Domain=.keynest.example; Path=/; HttpOnly; Secure; SameSite=Lax",
      ],
    ],
    [
      `__session=${"x".repeat(5000)}`,
      undefined,
      ["Set-Cookie: __session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"],
    ],
    // Cleared as it is written: readable by the feedback panel's script.
    [
      "kn_fb=%E0; lang=de",
      "lang=de",
      ["Set-Cookie: kn_fb=; Max-Age=0; Path=/; Secure; SameSite=Lax"],
    ],
    ["lang=de; other=%E0", "lang=de; other=%E0", []],
  ])("with %j goes on with %j and clears %j", (header, kept, cleared) => {
    const { cookie, setCookies, nextCalled } = run(header);
    expect(nextCalled).toBe(true);
    expect(cookie).toBe(kept);
    expect(setCookies).toEqual(cleared);
  });

  it("keeps a cookie of the site's of 4096 characters, clears one of 4097", () => {
    const longest = `__session=${"x".repeat(4096)}; a=1`;
    expect(run(longest)).toEqual({ cookie: longest, setCookies: [], nextCalled: true });
    expect(hasMalformedCookie(longest, ["__session"])).toBe(false);

    const tooLong = `__session=${"x".repeat(4097)}; a=1`;
    expect(run(tooLong)).toEqual({
      cookie: "a=1",
      setCookies: ["Set-Cookie: __session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"],
      nextCalled: true,
    });
    expect(hasMalformedCookie(tooLong, ["__session"])).toBe(true);
  });
});

describe("withoutAdParams", () => {
  it.each([
    ["", ""],
    ["?", ""],
    ["?page=2", "?page=2"],
    ["?utm_source=a&page=2&gclid=x", "?page=2"],
    ["?fbclid=1&msclkid=2&yclid=3&_ga=4", ""],
    ["?q=utm_source", "?q=utm_source"],
  ])("%j → %j", (search, expected) => {
    expect(withoutAdParams(search)).toBe(expected);
  });
});

describe("error pages for refused requests", () => {
  it.each([
    [400, "/", "The request could not be understood."],
    [403, "/", "This form could not be verified."],
    [405, "/", "does not accept that kind of request"],
    [413, "/", "too large"],
    [414, "/", "This address is too long."],
    [415, "/", "not in a format this site accepts"],
    [404, "/de/x", "Diese Seite"],
    [403, "/de/action", "Dieses Formular konnte nicht überprüft werden"],
  ])("%i on %s says %j", (status, path, words) => {
    const html = renderErrorPage(path, status);
    expect(html).toContain(words);
    expect(html).not.toMatch(/\n\s+at /);
  });

  it("never echoes the path", () => {
    const html = renderErrorPage('/"><script>alert(1)</script>', 404);
    expect(html).not.toContain("<script>alert");
  });
});
