import { describe, expect, it } from "vitest";
import { splitLangPath } from "~/i18n/paths";
import { chromeFor, isStoreVisit, type LayoutName } from "~/layout/rules";

function chrome(url: string, layout: LayoutName = "default") {
  const parsed = new URL(url, "http://site.test");
  return chromeFor({
    path: splitLangPath(parsed.pathname).path,
    search: parsed.searchParams,
    layout,
    product: "keynest",
  });
}

describe("rewards banner", () => {
  it.each(["/", "/pricing", "/order/checkout", "/brand/get-password-manager"])(
    "is hidden on %s, with or without a language prefix",
    (path) => {
      expect(chrome(path).rewardsBanner).toBe(false);
      expect(chrome(`/de${path === "/" ? "" : path}`).rewardsBanner).toBe(false);
      expect(chrome(`/jp${path === "/" ? "" : path}`).rewardsBanner).toBe(false);
    },
  );

  it.each([
    "/features",
    "/de/features",
    "/blog/passkeys-explained",
    "/brand/secure-passwords",
    "/help",
  ])("is shown on %s in the default layout", (path) =>
    expect(chrome(path).rewardsBanner).toBe(true),
  );

  it.each<LayoutName>(["landing", "payment", "bare"])(
    "is never part of the %s layout",
    (layout) => {
      expect(chrome("/features", layout).rewardsBanner).toBe(false);
    },
  );

  it("is not fooled by paths that only start like a hidden one", () => {
    expect(chrome("/pricing-explained").rewardsBanner).toBe(true);
  });
});

describe("header and footer", () => {
  it.each(["/docs-data-usage-regulations", "/de/docs-data-usage-regulations"])(
    "are hidden on %s",
    (path) => {
      const c = chrome(path);
      expect(c.header).toBe(false);
      expect(c.footer).toBe("none");
      expect(c.rewardsBanner).toBe(false);
    },
  );

  it("are both present on an ordinary page", () => {
    const c = chrome("/features");
    expect(c).toMatchObject({ header: true, nav: true, footer: "full", footerLinks: true });
  });

  it("the payment layout has a minimal footer and a loader, no modals", () => {
    expect(chrome("/payment-success", "payment")).toMatchObject({
      header: true,
      footer: "minimal",
      loader: true,
      modals: false,
    });
  });

  it("the landing layout has the header and footer only", () => {
    expect(chrome("/brand/secure-passwords", "landing")).toMatchObject({
      header: true,
      footer: "full",
      rewardsBanner: false,
      modals: false,
      loader: false,
    });
  });

  it("the bare layout (/amazon/payment) has no header, footer or banner", () => {
    expect(chrome("/amazon/payment", "bare")).toMatchObject({
      header: false,
      nav: false,
      footer: "none",
      rewardsBanner: false,
    });
  });
});

describe("header navigation", () => {
  it.each([
    "/thank-you",
    "/special-family-lifetime",
    "/lifetime-75-off",
    "/keynest-review",
    "/fr/keynest-review",
  ])("is hidden on %s (logo and language switch only)", (path) => {
    const c = chrome(path);
    expect(c.nav).toBe(false);
    expect(c.header).toBe(true);
  });

  // Decision 027: pricing keeps its navigation, against SPEC §"Header".
  it.each(["/", "/features", "/family", "/other-review", "/pricing", "/de/pricing"])(
    "is shown on %s",
    (path) => {
      expect(chrome(path).nav).toBe(true);
    },
  );
});

describe("footer link lists", () => {
  it.each([
    "/docs-data-usage-regulations",
    "/mac-password-manager",
    "/pricing",
    "/thank_you",
    "/thank-you",
    "/special-family-lifetime",
    "/lifetime-75-off",
    "/brand/get-password-manager",
    "/brand/secure-passwords",
    "/de/brand/secure-passwords",
    "/features?platform=ios",
    "/features?platform=",
  ])("are hidden on %s", (path) => {
    expect(chrome(path).footerLinks).toBe(false);
  });

  it.each(["/", "/features", "/help/manuals", "/branding"])("are shown on %s", (path) => {
    expect(chrome(path).footerLinks).toBe(true);
  });
});

describe("store visits", () => {
  it.each([
    ["platform=store", true],
    ["download=appstore", true],
    ["platform=ios", false],
    ["download=windows", false],
    ["", false],
    // Exact values only: anything else is an ordinary visit.
    ["platform=STORE", false],
    ["platform=stores", false],
    ["platform=store%20", false],
    ["platform=%3Cscript%3Estore", false],
    ["download=AppStore", false],
    ["download=appstore&platform=windows", true],
    ["platform=ios&platform=store", false],
  ])("?%s → %s", (query, expected) => {
    expect(isStoreVisit(new URLSearchParams(query))).toBe(expected);
    expect(chrome(`/features?${query}`).storeVisit).toBe(expected);
  });
});
