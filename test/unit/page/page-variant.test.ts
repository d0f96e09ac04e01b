import { describe, expect, it } from "vitest";
import { rememberAnswer } from "~/forms/feedback";
import { pageHeaders, pageVariant, type VariantInput } from "~/page/page-variant";
import { personLanguage } from "~/i18n/detection.server";
import { languageRedirect } from "~/i18n/redirect.server";

const HUMAN = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

function variant(overrides: Partial<VariantInput> = {}) {
  return pageVariant({
    method: "GET",
    pathname: "/de/pricing",
    search: "",
    cookie: null,
    acceptLanguage: "de",
    userAgent: HUMAN,
    ...overrides,
  });
}

describe("pageVariant", () => {
  it("names the closed notices of an anonymous visitor in the canonical order", () => {
    expect(variant().key).toBe("");
    expect(variant({ cookie: "dismissed=rewards.cookie" }).key).toBe("cookie.rewards");
    expect(variant({ cookie: "dismissed=rewards.nonLanguage.cookie" })).toMatchObject({
      key: "cookie.nonLanguage.rewards",
      dismissed: ["cookie", "nonLanguage", "rewards"],
    });
    expect(variant({ cookie: "dismissed=cookie.cookie.bogus" }).key).toBe("cookie");
  });

  it("is personal, and never shared, for a visitor with a session", () => {
    const v = variant({ cookie: "a=1; __session=xyz" });
    expect(v).toMatchObject({ personal: true, key: null });
  });

  it("is personal while a form's one-time result is to be shown, even a forged one", () => {
    expect(variant({ cookie: "kn_flash=newsletter.ok" })).toMatchObject({
      personal: true,
      key: null,
      flash: { form: "newsletter", outcome: "ok" },
    });
    // An unknown result shows nothing, yet the page is still not shared.
    expect(variant({ cookie: "kn_flash=newsletter.<script>" })).toMatchObject({
      personal: true,
      key: null,
      flash: null,
    });
  });

  it.each([
    [{ acceptLanguage: "xx, *;q=0.1" }],
    [{ acceptLanguage: "%%%\u00ff" }],
    [{ userAgent: "curl/8" }],
    [{ userAgent: null }],
    [{ cookie: "unrelated=1; theme=dark" }],
    [{ cookie: "lang=%E0" }],
    [{ cookie: "dismissed=%E0" }],
  ])("gives a prefixed page the same variant under %j", (overrides) => {
    expect(variant(overrides).key).toBe("");
  });

  it("varies shared caches on Accept-Language only where it redirects (unprefixed URLs)", () => {
    expect(variant().vary).toBe("Cookie");
    expect(variant({ pathname: "/features", userAgent: "Googlebot" }).vary).toBe(
      "Cookie, Accept-Language",
    );
  });
});

describe("pageVariant and the feedback panels", () => {
  const manual = "/help/manuals/how-to-install";
  const answered = `kn_fb=${rememberAnswer(null, "page", manual)}`;

  it("leaves the answered pages out: the panel reads them in the browser", () => {
    for (const pathname of [`/de${manual}`, manual, "/de/downloads/windows"]) {
      const plain = variant({ pathname });
      expect(variant({ pathname, cookie: answered })).toEqual(plain);
      expect(variant({ pathname, cookie: `dismissed=cookie; ${answered}` }).key).toBe("cookie");
    }
    expect(variant({ pathname: `/de${manual}`, cookie: answered })).not.toHaveProperty(
      "feedbackAnswered",
    );
  });
});

describe("pageVariant: a crawler on an unprefixed URL that redirects people", () => {
  const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  interface Row {
    /** The request: GET /features by Googlebot unless said. */
    request: Partial<VariantInput>;
    /** Where a person sending the same cookie and Accept-Language is redirected. */
    personGoesTo: string | null;
    /** The 200 is private. */
    isPrivate: boolean;
    /** The page cache's key for the request: null when nothing is stored or replayed. */
    key: string | null;
    /** A shared page's variant: the notices closed ("" unless said). */
    notices?: string;
  }
  const ROWS: [string, Row][] = [
    [
      "German Accept-Language",
      {
        request: { acceptLanguage: "de-DE,de;q=0.9,en;q=0.8" },
        personGoesTo: "/de/features",
        isPrivate: true,
        key: null,
      },
    ],
    [
      "Japanese Accept-Language",
      {
        request: { acceptLanguage: "ja" },
        personGoesTo: "/jp/features",
        isPrivate: true,
        key: null,
      },
    ],
    [
      "a `lang` cookie for French",
      {
        request: { cookie: "lang=fr", acceptLanguage: null },
        personGoesTo: "/fr/features",
        isPrivate: true,
        key: null,
      },
    ],
    [
      "an English cookie before a German header",
      {
        request: { cookie: "lang=en", acceptLanguage: "de" },
        personGoesTo: null,
        isPrivate: false,
        key: "/features\n",
      },
    ],
    [
      "no cookie and no Accept-Language",
      {
        request: { acceptLanguage: null },
        personGoesTo: null,
        isPrivate: false,
        key: "/features\n",
      },
    ],
    [
      "English Accept-Language",
      {
        request: { acceptLanguage: "en-US,en;q=0.9" },
        personGoesTo: null,
        isPrivate: false,
        key: "/features\n",
      },
    ],
    [
      "a language the site does not speak",
      {
        request: { acceptLanguage: "xx, *;q=0.1" },
        personGoesTo: null,
        isPrivate: false,
        key: "/features\n",
      },
    ],
    [
      "closed notices and English",
      {
        request: { cookie: "dismissed=rewards.cookie", acceptLanguage: "en" },
        personGoesTo: null,
        isPrivate: false,
        key: "/features\ncookie.rewards",
        notices: "cookie.rewards",
      },
    ],
    [
      "no User-Agent and German",
      {
        request: { userAgent: null, acceptLanguage: "de" },
        personGoesTo: "/de/features",
        isPrivate: true,
        key: null,
      },
    ],
    [
      "the prefixed URL",
      {
        request: { pathname: "/de/features", acceptLanguage: "de" },
        personGoesTo: null,
        isPrivate: false,
        key: "/de/features\n",
      },
    ],
    // A post is answered where it was sent, never redirected, and never stored.
    [
      "a post",
      {
        request: { method: "POST", acceptLanguage: "de" },
        personGoesTo: null,
        isPrivate: false,
        key: null,
      },
    ],
    // A person is redirected (302, private) before any page: their variant stays shareable, yet
    // the page cache never answers them with the English page.
    [
      "a person with German",
      {
        request: { userAgent: HUMAN, acceptLanguage: "de" },
        personGoesTo: "/de/features",
        isPrivate: false,
        key: null,
      },
    ],
    [
      "a person with English",
      {
        request: { userAgent: HUMAN, acceptLanguage: "en" },
        personGoesTo: null,
        isPrivate: false,
        key: "/features\n",
      },
    ],
  ];
  const input = (overrides: Partial<VariantInput>): VariantInput => ({
    method: "GET",
    pathname: "/features",
    search: "",
    cookie: null,
    acceptLanguage: null,
    userAgent: BOT,
    ...overrides,
  });

  it.each(ROWS)("%s", async (_what, row) => {
    const { request: overrides, personGoesTo, isPrivate } = row;
    const request = input(overrides);
    // What a person sending the same cookie and Accept-Language gets: the one rule is that a
    // crawler's GET is private exactly where that person is redirected.
    await personLanguage(request);
    const person = await languageRedirect({ ...request, userAgent: HUMAN });
    expect(person).toBe(personGoesTo);
    const crawlerGet = request.userAgent !== HUMAN && request.method === "GET";
    expect(isPrivate).toBe(crawlerGet && person !== null);

    const v = pageVariant(request);
    expect(v.personal).toBe(isPrivate);
    expect(v.key).toBe(isPrivate ? null : (row.notices ?? ""));
    const headers = pageHeaders(
      new Request(`http://localhost:3000${request.pathname}`, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries({
            cookie: request.cookie,
            "accept-language": request.acceptLanguage,
            "user-agent": request.userAgent,
          }).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        ),
      }),
    );
    if (isPrivate) expect(headers).toEqual({ "Cache-Control": "private, no-store" });
    else expect(headers["Cache-Control"]).toMatch(/^public, .*s-maxage=/);
  });

  it("keeps a header not yet detected private until it is, then follows the detection", async () => {
    const british = input({ acceptLanguage: "en-GB,en;q=0.7,fr;q=0.3" });
    expect(pageVariant(british).personal).toBe(true);
    expect(await personLanguage(british)).toBe("en");
    expect(pageVariant(british).personal).toBe(false);

    const austrian = input({ acceptLanguage: "de-AT,fr;q=0.5" });
    expect(pageVariant(austrian).personal).toBe(true);
    expect(await personLanguage(austrian)).toBe("de");
    expect(pageVariant(austrian).personal).toBe(true);
  });
});

describe("pageHeaders", () => {
  const request = (cookie?: string) =>
    new Request("http://localhost:3000/de/pricing", { headers: cookie ? { cookie } : {} });

  it("lets shared caches keep an anonymous page, varying on what the variant reads", () => {
    const headers = pageHeaders(request());
    expect(headers["Cache-Control"]).toBe(
      "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400",
    );
    expect(headers.Vary).toBe("Cookie, Accept-Encoding");
  });

  it("makes a page rendered for a session private and unstored", () => {
    expect(pageHeaders(request("__session=abc"))).toEqual({ "Cache-Control": "private, no-store" });
  });
});
