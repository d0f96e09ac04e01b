import { describe, expect, it, vi } from "vitest";
import {
  SCROLL_OFFSET_PX,
  classifyLink,
  localizeHref,
  scrollToId,
  type LinkContext,
  type LinkTarget,
} from "~/blocks/links";

const EN: LinkContext = { lang: "en", providerApiPrefix: "/api/orbitshield" };
const DE: LinkContext = { lang: "de", providerApiPrefix: "/api/orbitshield" };

describe("classifyLink (SPEC §2 button links)", () => {
  it.each<[string, LinkContext, boolean | undefined, LinkTarget]>([
    ["/", EN, undefined, { kind: "internal", to: "/", newTab: false }],
    ["/", DE, undefined, { kind: "internal", to: "/de", newTab: false }],
    ["/pricing", DE, undefined, { kind: "internal", to: "/de/pricing", newTab: false }],
    [
      "/pricing?plan=1#top",
      DE,
      undefined,
      { kind: "internal", to: "/de/pricing?plan=1#top", newTab: false },
    ],
    ["/features", EN, true, { kind: "internal", to: "/features", newTab: true }],
    [
      "https://vpn.example/",
      EN,
      undefined,
      { kind: "external", href: "https://vpn.example/", newTab: true },
    ],
    [
      "http://vpn.example/",
      EN,
      true,
      { kind: "external", href: "http://vpn.example/", newTab: true },
    ],
    [
      "https://vpn.example/",
      EN,
      false,
      { kind: "external", href: "https://vpn.example/", newTab: false },
    ],
    [
      "  https://vpn.example/  ",
      EN,
      undefined,
      { kind: "external", href: "https://vpn.example/", newTab: true },
    ],
    [
      "//cdn.x/file.zip",
      EN,
      undefined,
      { kind: "external", href: "https://cdn.x/file.zip", newTab: true },
    ],
    [
      "/api/orbitshield/keynest-download/?os=win",
      DE,
      undefined,
      { kind: "external", href: "/api/orbitshield/keynest-download/?os=win", newTab: true },
    ],
    ["/api/orbitshield", EN, false, { kind: "external", href: "/api/orbitshield", newTab: false }],
    [
      "/api/orbitshield-promo",
      DE,
      undefined,
      { kind: "internal", to: "/de/api/orbitshield-promo", newTab: false },
    ],
    [
      "mailto:support@keynest.example",
      EN,
      undefined,
      { kind: "external", href: "mailto:support@keynest.example", newTab: false },
    ],
    [
      "mailto:support@keynest.example",
      EN,
      true,
      { kind: "external", href: "mailto:support@keynest.example", newTab: false },
    ],
    ["tel:+100200300", EN, undefined, { kind: "external", href: "tel:+100200300", newTab: false }],
    ["to_features", DE, undefined, { kind: "scroll", id: "features", href: "#features" }],
    [
      "#pricing-table",
      EN,
      undefined,
      { kind: "scroll", id: "pricing-table", href: "#pricing-table" },
    ],
  ])("classifies %j (%j, isblank %j)", (raw, ctx, isblank, expected) => {
    expect(classifyLink(raw, ctx, isblank)).toEqual(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "to_",
    "#",
    "",
    "   ",
    null,
    undefined,
  ])("renders %j as no link at all", (raw) => {
    expect(classifyLink(raw, EN)).toEqual({ kind: "none" });
  });
});

describe("localizeHref", () => {
  it.each([
    ["/features", "en", "/features"],
    ["/features", "jp", "/jp/features"],
    ["/", "ua", "/ua"],
    ["/?utm=x", "ua", "/ua?utm=x"],
    ["/help#faq", "zh", "/zh/help#faq"],
    ["/search?q=a/b#r", "fr", "/fr/search?q=a/b#r"],
  ] as const)("prefixes %s in %s as %s", (href, lang, expected) => {
    expect(localizeHref(href, lang)).toBe(expected);
  });
});

function fakeWindow(elementTop: number | null, scrollY: number) {
  const pushState = vi.fn();
  const scrollTo = vi.fn();
  const getElementById = vi.fn((_id: string) =>
    elementTop === null ? null : { getBoundingClientRect: () => ({ top: elementTop }) },
  );
  const win = {
    document: { getElementById },
    scrollY,
    history: { state: { idx: 3 }, pushState },
    scrollTo,
  } as unknown as Window;
  return { win, pushState, scrollTo, getElementById };
}

describe("scrollToId", () => {
  it("keeps the SPEC §9 scroll offset of 80 px", () => {
    expect(SCROLL_OFFSET_PX).toBe(80);
  });

  it.each([
    [500, 0, 420],
    [300, 1200, 1420],
    [40, 100, 60],
  ])(
    "smooth-scrolls an element %i px below the viewport top (scrollY %i) to %i",
    (elementTop, scrollY, expected) => {
      const { win, scrollTo, getElementById } = fakeWindow(elementTop, scrollY);
      expect(scrollToId("features", win)).toBe(true);
      expect(getElementById).toHaveBeenCalledWith("features");
      expect(scrollTo).toHaveBeenCalledWith({ top: expected, behavior: "smooth" });
    },
  );

  it("pushes #id into the address and keeps the history state", () => {
    const { win, pushState } = fakeWindow(10, 0);
    scrollToId("faq", win);
    expect(pushState).toHaveBeenCalledWith({ idx: 3 }, "", "#faq");
  });

  it("does nothing when the element is missing", () => {
    const { win, pushState, scrollTo } = fakeWindow(null, 0);
    expect(scrollToId("nowhere", win)).toBe(false);
    expect(pushState).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
