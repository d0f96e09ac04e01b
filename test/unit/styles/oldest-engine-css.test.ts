import { describe, expect, it } from "vitest";
import browserslistToEsbuild from "browserslist-to-esbuild";
import { bcdTargets, stripUnsupported, supportsCondition } from "../../support/oldest-engine-css";

/** An engine set like the site's oldest: Chrome 109, Firefox ESR 115, Safari 16.4. */
const OLDEST = new Map([
  ["chrome", "109"],
  ["firefox", "115"],
  ["safari", "16.4"],
]);

const compact = (css: string) => css.replace(/\s+/g, " ").trim();

describe("supportsCondition: @supports as the target's engines answer it", () => {
  const cases: [string, boolean][] = [
    ["selector(::details-content)", false],
    ["not selector(::details-content)", true],
    ["selector(:focus-visible)", true],
    ["(display: contents)", true],
    ["(content-visibility: auto)", false],
    ["not (content-visibility: auto)", true],
    ["(display: grid) and (content-visibility: auto)", false],
    ["(display: grid) or (content-visibility: auto)", true],
    ["((display: grid) and (not selector(:has(a))))", true],
    ["font-tech(color-COLRv1)", false],
  ];
  for (const [condition, expected] of cases) {
    it(`${condition} → ${expected}`, () =>
      expect(supportsCondition(condition, OLDEST)).toBe(expected));
  }

  it("follows the target: :has() exists from Firefox 121", () => {
    expect(supportsCondition("selector(:has(a))", new Map([["firefox", "121"]]))).toBe(true);
  });
});

describe("stripUnsupported: what an engine of the target keeps", () => {
  const cases: [string, string, string][] = [
    [
      "drops a rule whose selector it cannot parse, keeps the others",
      ".menu::details-content { display: contents } .menu { display: flex }",
      ".menu { display: flex }",
    ],
    [
      "drops an unknown declaration, keeps the rule",
      ".a { color: red; content-visibility: auto }",
      ".a { color: red }",
    ],
    [
      "keeps a fallback, drops the newer value",
      ".a { color: red; color: color-mix(in srgb, red, blue) }",
      ".a { color: red }",
    ],
    [
      "drops an @supports block whose test fails",
      "@supports selector(::details-content) { .a { display: contents } } .b { color: red }",
      ".b { color: red }",
    ],
    [
      "unwraps an @supports block whose test passes there (Chromium would answer differently)",
      "@supports not selector(::details-content) { .a { display: block } }",
      ".a { display: block }",
    ],
    [
      "drops what it cannot read inside media queries too",
      "@media (min-width: 768px) { .a:has(b) { color: red } .c { color: blue } }",
      "@media (min-width: 768px) { .c { color: blue } }",
    ],
    [
      "keeps comments and everything it knows",
      "/* x */ .a { inset: 0 }",
      "/* x */ .a { inset: 0 }",
    ],
  ];
  it.each(cases)("%s", (_name, css, kept) =>
    expect(compact(stripUnsupported(css, OLDEST))).toBe(kept),
  );
});

describe("the browser target", () => {
  const queries = [
    "Chrome >= 109",
    "Firefox >= 115",
    "Safari >= 16.4",
    "iOS >= 16.4",
    "last 2 Samsung versions",
  ];

  it("takes each browser's oldest version, named as MDN's data names it", () => {
    const targets = bcdTargets(queries);
    expect(targets.get("chrome")).toBe("109");
    expect(targets.get("safari")).toBe("16.4");
    expect(targets.get("safari_ios")).toBe("16.4");
    expect(targets.has("samsunginternet_android")).toBe(true);
  });

  it("the build gets package.json's target in esbuild's names (vite.config.ts)", () => {
    expect(browserslistToEsbuild()).toEqual([
      "chrome109",
      "edge109",
      "firefox115",
      "ios16.4",
      "safari16.4",
    ]);
  });

  it("package.json declares one, and it reaches back to Firefox ESR 115 and Safari 16.4", () => {
    const targets = bcdTargets();
    expect(targets.get("firefox")).toBe("115");
    expect(targets.get("safari")).toBe("16.4");
    expect(targets.get("safari_ios")).toBe("16.4");
    expect(targets.get("chrome")).toBe("109");
  });
});
