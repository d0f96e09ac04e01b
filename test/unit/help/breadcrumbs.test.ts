import { describe, expect, it } from "vitest";
import { breadcrumbListLd, buildBreadcrumbs, isHelpPath, trailPaths } from "~/help/breadcrumbs";

const NAMES: Record<string, string> = {
  "/": "Home",
  "/help": "Help",
  "/help/manuals": "Manuals",
  "/help/manuals/how-to-install": "How to install",
  "/help/glossary": "Glossary",
};
const nameOf = (path: string) => NAMES[path] ?? null;
const ORIGIN = "https://www.keynest.test";

describe("isHelpPath / trailPaths", () => {
  it.each([
    ["/help", true, ["/", "/help"]],
    ["/help/", true, ["/", "/help"]],
    ["/help/manuals", true, ["/", "/help", "/help/manuals"]],
    [
      "/help/manuals/how-to-install",
      true,
      ["/", "/help", "/help/manuals", "/help/manuals/how-to-install"],
    ],
    ["//help//glossary", true, ["/", "/help", "/help/glossary"]],
    ["/helpdesk", false, []],
    ["/features", false, []],
    ["/", false, []],
    ["/blog/help", false, []],
  ])("%s → help: %s, trail %j", (path, help, trail) => {
    expect(isHelpPath(path)).toBe(help);
    expect(trailPaths(path)).toEqual(trail);
  });
});

describe("buildBreadcrumbs", () => {
  it.each([
    [
      "en",
      "/help/manuals/how-to-install",
      [
        ["Home", "/", `${ORIGIN}/`, false],
        ["Help", "/help", `${ORIGIN}/help`, false],
        ["Manuals", "/help/manuals", `${ORIGIN}/help/manuals`, false],
        [
          "How to install",
          "/help/manuals/how-to-install",
          `${ORIGIN}/help/manuals/how-to-install`,
          true,
        ],
      ],
    ],
    [
      "de",
      "/help/glossary",
      [
        ["Home", "/de", `${ORIGIN}/de`, false],
        ["Help", "/de/help", `${ORIGIN}/de/help`, false],
        ["Glossary", "/de/help/glossary", `${ORIGIN}/de/help/glossary`, true],
      ],
    ],
    [
      "jp",
      "/help",
      [
        ["Home", "/jp", `${ORIGIN}/jp`, false],
        ["Help", "/jp/help", `${ORIGIN}/jp/help`, true],
      ],
    ],
    // A page on the way whose name is unknown is left out; the page itself stays last.
    [
      "en",
      "/help/unknown/how-to-install",
      [
        ["Home", "/", `${ORIGIN}/`, false],
        ["Help", "/help", `${ORIGIN}/help`, false],
      ],
    ],
    ["en", "/features", []],
  ] as const)("%s %s", (lang, path, expected) => {
    const crumbs = buildBreadcrumbs({ lang, path, origin: `${ORIGIN}/`, nameOf });
    expect(crumbs.map((c) => [c.name, c.href, c.url, c.current])).toEqual(expected);
  });

  it("takes every absolute URL from the given origin", () => {
    const crumbs = buildBreadcrumbs({
      lang: "fr",
      path: "/help/manuals",
      origin: "https://example.org",
      nameOf,
    });
    expect(crumbs.every((c) => c.url.startsWith("https://example.org/fr"))).toBe(true);
  });
});

describe("breadcrumbListLd", () => {
  it("numbers the crumbs from 1 with names and absolute URLs", () => {
    const crumbs = buildBreadcrumbs({ lang: "en", path: "/help/manuals", origin: ORIGIN, nameOf });
    expect(breadcrumbListLd(crumbs)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Help", item: `${ORIGIN}/help` },
        { "@type": "ListItem", position: 3, name: "Manuals", item: `${ORIGIN}/help/manuals` },
      ],
    });
  });
});
