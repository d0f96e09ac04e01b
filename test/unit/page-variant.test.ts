import { describe, expect, it } from "vitest";
import { pageHeaders } from "~/http/cache-control";
import { rememberAnswer } from "~/forms/feedback";
import { pageVariant, type VariantInput } from "~/http/page-variant";

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
  it("names the closed notices of an anonymous visitor, sorted", () => {
    expect(variant().key).toBe("");
    expect(variant({ cookie: "dismissed=rewards.cookie" }).key).toBe("cookie.rewards");
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

  it("adds `fb` to the key of a page whose panel this visitor answered, in every language", () => {
    expect(variant({ pathname: `/de${manual}`, cookie: answered })).toMatchObject({
      feedbackAnswered: true,
      key: "|fb",
      personal: false,
    });
    expect(variant({ pathname: `/jp${manual}`, cookie: `dismissed=cookie; ${answered}` }).key).toBe(
      "cookie|fb",
    );
    expect(variant({ pathname: `/de${manual}` })).toMatchObject({
      feedbackAnswered: false,
      key: "",
    });
  });

  it("keys on this page's answer only, not on the rest of the cookie", () => {
    const others = rememberAnswer(
      rememberAnswer(null, "page", "/help/use-cases/for-families"),
      "download",
      "/downloads/windows",
    );
    const both = rememberAnswer(others, "page", manual);
    expect(variant({ pathname: `/de${manual}`, cookie: `kn_fb=${others}` }).key).toBe("");
    expect(variant({ pathname: `/de${manual}`, cookie: `kn_fb=${both}` }).key).toBe("|fb");
    expect(variant({ pathname: "/de/downloads/windows", cookie: `kn_fb=${both}` }).key).toBe("|fb");
    // A page without a panel ignores the cookie altogether.
    expect(variant({ pathname: "/de/pricing", cookie: `kn_fb=${both}` })).toMatchObject({
      feedbackAnswered: false,
      key: "",
    });
  });

  it("tells the download panel and the page panel apart", () => {
    const cookie = `kn_fb=${rememberAnswer(null, "page", "/downloads/windows")}`;
    expect(variant({ pathname: "/de/downloads/windows", cookie }).key).toBe("");
  });

  it.each(["kn_fb=", "kn_fb=%E0", "kn_fb=....", `kn_fb=${"z".repeat(3000)}`])(
    "treats a malformed cookie (%s) as no answer",
    (cookie) => {
      expect(variant({ pathname: `/de${manual}`, cookie }).key).toBe("");
    },
  );
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
