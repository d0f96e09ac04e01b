import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  absoluteWebUrl,
  organizationLd,
  softwareApplicationLd,
  webSiteLd,
} from "~/seo/site-ld.server";

const SITE = { origin: "https://www.keynest.test", brandName: "KeyNest" };

describe("the site's schema.org items", () => {
  it("names the organization, its home, its logo and its profiles", () => {
    expect(organizationLd({ ...SITE, sameAs: ["https://mastodon.example/@keynest"] })).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://www.keynest.test/#organization",
      name: "KeyNest",
      url: "https://www.keynest.test/",
      logo: "https://www.keynest.test/logo.png",
      sameAs: ["https://mastodon.example/@keynest"],
    });
    expect(organizationLd({ ...SITE, sameAs: [] })).not.toHaveProperty("sameAs");
  });

  it.each([
    ["en", "en", "https://www.keynest.test/", "https://www.keynest.test/search"],
    ["de", "de", "https://www.keynest.test/de", "https://www.keynest.test/de/search"],
    ["jp", "ja", "https://www.keynest.test/jp", "https://www.keynest.test/jp/search"],
  ] as const)("searches the %s site on its own search page", (lang, iso, home, search) => {
    expect(webSiteLd({ ...SITE, lang, inLanguage: iso })).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "KeyNest",
      url: home,
      inLanguage: iso,
      publisher: { "@id": "https://www.keynest.test/#organization" },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${search}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });
  });

  it("describes the product with its systems and offers", () => {
    const offer = { "@type": "Offer", price: 4.99, priceCurrency: "USD" } as const;
    expect(
      softwareApplicationLd({
        ...SITE,
        lang: "zh",
        operatingSystems: ["Windows", "macOS"],
        offers: [offer],
      }),
    ).toMatchObject({
      "@type": "SoftwareApplication",
      name: "KeyNest",
      url: "https://www.keynest.test/zh",
      applicationCategory: "SecurityApplication",
      operatingSystem: "Windows, macOS",
      offers: [offer],
    });
  });

  it.each([
    ["/demo/a.svg", "https://www.keynest.test/demo/a.svg"],
    ["https://cdn.example/a.png", "https://cdn.example/a.png"],
    ["javascript:alert(1)", null],
    ["data:image/png;base64,AAAA", null],
  ])("makes %s an absolute web address: %s", (href, expected) => {
    expect(absoluteWebUrl(SITE.origin, href)).toBe(expected);
  });

  it("resolves site paths on the origin, whatever its trailing slash", () => {
    expect(absoluteUrl("https://www.keynest.test/", "/de/contact")).toBe(
      "https://www.keynest.test/de/contact",
    );
  });
});
