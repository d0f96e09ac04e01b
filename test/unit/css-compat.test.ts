import { describe, expect, it } from "vitest";
import { checkCss, stripUnsupported, supportsCondition } from "../../scripts/compat/css-compat";
import { bcdTargets, esbuildTargets, oldestVersions } from "../../scripts/compat/targets";

/** An engine set like the site's oldest: Chrome 109, Firefox ESR 115, Safari 16.4. */
const OLDEST = new Map([
  ["chrome", "109"],
  ["firefox", "115"],
  ["safari", "16.4"],
]);

const compact = (css: string) => css.replace(/\s+/g, " ").trim();

describe("checkCss: what the target's engines cannot read", () => {
  const cases: {
    name: string;
    css: string;
    features: string[];
    missing?: string[];
    safe?: RegExp;
    targets?: Map<string, string>;
  }[] = [
    {
      name: "a pseudo-element newer than every target (the hidden-navigation rule)",
      css: ".menu::details-content { display: contents }",
      features: ["::details-content"],
      missing: ["chrome 109", "firefox 115", "safari 16.4"],
    },
    {
      name: "the same rule inside an @supports that tests it",
      css: "@supports selector(::details-content) { .menu::details-content { display: contents } }",
      features: ["::details-content"],
      safe: /inside @supports/,
    },
    {
      name: "an @supports not … guards nothing",
      css: "@supports not selector(::details-content) { .m::details-content { display: contents } }",
      features: ["::details-content"],
    },
    {
      name: "a pseudo-class only Firefox 115 lacks",
      css: ".site-header:has(.account) input { width: 90px }",
      features: [":has"],
      missing: ["firefox 115"],
    },
    {
      name: "a property Firefox 115 and Safari 16.4 lack",
      css: ".a { content-visibility: auto }",
      features: ["content-visibility"],
      missing: ["firefox 115", "safari 16.4"],
    },
    {
      name: "a newer value after its fallback",
      css: ".a { color: red; color: color-mix(in srgb, red, blue) }",
      features: ["color-mix()"],
      missing: ["chrome 109"],
      safe: /earlier declaration/,
    },
    {
      name: "a newer value without a fallback",
      css: ".a { color: color-mix(in srgb, red, blue) }",
      features: ["color-mix()"],
    },
    {
      name: "a marked rule",
      css: "/* compat: only a shadow */ .a:has(b) { box-shadow: none }",
      features: [":has"],
      safe: /marked: only a shadow/,
    },
    {
      name: "nested rules",
      css: ".a { color: red; & .b { color: blue } }",
      features: ["&"],
    },
    {
      name: "nested rules without &",
      css: ".a { color: red; .b { color: blue } }",
      features: ["nested rule"],
    },
    {
      name: "an at-rule newer than every target",
      css: "@starting-style { .a { opacity: 0 } }",
      features: ["@starting-style"],
    },
    {
      name: "media range syntax before Safari 16.4",
      css: "@media (width >= 768px) { .a { color: red } }",
      features: ["@media range syntax"],
      missing: ["safari 15"],
      targets: new Map([["safari", "15"]]),
    },
    {
      name: "a property no browser knows (a typo)",
      css: ".a { colr: red }",
      features: ["colr"],
      missing: ["every browser (not a known property)"],
    },
    {
      name: "font family names fall back by themselves",
      css: ".a { font-family: ui-monospace, monospace }",
      features: [],
    },
    { name: "clip's rect() is not a shape", css: ".sr { clip: rect(0 0 0 0) }", features: [] },
    {
      name: "prefixed names are fallbacks already",
      css: "summary::-webkit-details-marker { display: none }",
      features: [],
    },
    {
      name: "features every target has",
      css: ".a { display: grid; inset: 0; width: clamp(1px, 2vw, 3px) }",
      features: [],
    },
  ];

  it.for(cases)("$name", ({ css, features, missing, safe, targets }) => {
    const findings = checkCss(css, targets ?? OLDEST);
    expect(findings.map((f) => f.feature)).toEqual(features);
    if (missing) expect(findings[0]?.missing).toEqual(missing);
    if (safe) expect(findings[0]?.safeBecause).toMatch(safe);
    else for (const finding of findings) expect(finding.safeBecause).toBeUndefined();
  });

  it("accepts a feature by path, subfeatures included, with its reason", () => {
    const css = ".a { cursor: pointer }";
    const ios = new Map([["safari_ios", "16.4"]]);
    expect(checkCss(css, ios)[0]?.safeBecause).toBeUndefined();
    const [finding] = checkCss(css, ios, { accepted: { "css.properties.cursor": "no pointer" } });
    expect(finding).toMatchObject({
      feature: "cursor: pointer",
      safeBecause: "accepted: no pointer",
    });
  });

  it("reports where each finding is", () => {
    const [finding] = checkCss(".a {}\n\n.b:has(c) {}", OLDEST);
    expect(finding).toMatchObject({ line: 3, column: 1 });
  });
});

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

  it("takes each browser's oldest version", () => {
    const oldest = oldestVersions(queries);
    expect(oldest.get("chrome")).toBe("109");
    expect(oldest.get("safari")).toBe("16.4");
    expect(oldest.get("ios_saf")).toBe("16.4");
  });

  it("names browsers as MDN's data does", () => {
    const targets = bcdTargets(queries);
    expect(targets.get("safari_ios")).toBe("16.4");
    expect(targets.has("samsunginternet_android")).toBe(true);
  });

  it("names engines as esbuild does, leaving out those it has no target for", () => {
    expect(esbuildTargets(queries)).toEqual(["chrome109", "firefox115", "ios16.4", "safari16.4"]);
  });

  it("package.json declares one, and it reaches back to Firefox ESR 115 and Safari 16.4", () => {
    const targets = bcdTargets();
    expect(targets.get("firefox")).toBe("115");
    expect(targets.get("safari")).toBe("16.4");
    expect(targets.get("safari_ios")).toBe("16.4");
    expect(targets.get("chrome")).toBe("109");
  });
});
