import { describe, expect, it } from "vitest";
import { otherLanguage, pageTitle, resultKind } from "~/content/search-result";

describe("resultKind", () => {
  it.each([
    ["/blog/passkeys-explained", "post"],
    ["/de/blog/passkeys-explained", "post"],
    ["/blog", "page"],
    ["/help", "guide"],
    ["/help/manuals/import", "guide"],
    ["/jp/help/use-cases/travel", "guide"],
    ["/downloads", "download"],
    ["/downloads/windows?x=1", "download"],
    ["/pricing", "page"],
    ["/helpful", "page"],
    ["/", "page"],
  ] as const)("%s is a %s", (url, kind) => {
    expect(resultKind(url)).toBe(kind);
  });
});

describe("pageTitle", () => {
  const names = ["KeyNest", "Orbitshield"];
  it.each([
    ["Passkeys explained | KeyNest Blog", "Passkeys explained"],
    ["End User Agreement — KeyNest", "End User Agreement"],
    ["Pricing – Orbitshield", "Pricing"],
    ["Family plan - KeyNest", "Family plan"],
    [
      "KeyNest security — zero-knowledge encryption explained",
      "KeyNest security — zero-knowledge encryption explained",
    ],
    ["Download for Windows | Free trial", "Download for Windows | Free trial"],
    ["KeyNest", "KeyNest"],
    ["  Two-factor   | keynest blog ", "Two-factor"],
    ["Blog — KeyNest | Orbitshield", "Blog — KeyNest"],
  ])("%j → %j", (title, expected) => {
    expect(pageTitle(title, names)).toBe(expected);
  });

  it("keeps a title that is only its last part", () => {
    expect(pageTitle("| KeyNest", names)).toBe("| KeyNest");
  });
});

describe("otherLanguage", () => {
  it("names a result's language when it is not the visitor's, from a URL code or an ISO tag", () => {
    expect(otherLanguage("en", "de")).toBe("en");
    expect(otherLanguage("ja", "en")).toBe("jp");
    expect(otherLanguage("de", "de")).toBeNull();
    expect(otherLanguage(undefined, "de")).toBeNull();
    expect(otherLanguage("xx", "de")).toBeNull();
  });
});
