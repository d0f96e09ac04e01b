import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { drawAll } from "../../scripts/product-shots/index";

const PUBLIC = join(__dirname, "../../public");
const BUDGET = 16 * 1024;
const shots = drawAll();
const cases = shots.map((shot) => [shot.path, shot] as const);

describe("product shots (scripts/product-shots, `npm run shots:draw`)", () => {
  it("draws all eight shots in all nine languages", () => {
    expect(shots).toHaveLength(72);
  });

  it.each(cases)("%s on disk is what the generator draws now", (path, shot) => {
    expect(readFileSync(join(PUBLIC, path), "utf8") === shot.svg, `run npm run shots:draw`).toBe(
      true,
    );
  });

  it.each(cases)("%s is well-formed SVG with a size, a viewBox and a title", (_, shot) => {
    const doc = new JSDOM(shot.svg, { contentType: "image/svg+xml" }).window.document;
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    const svg = doc.documentElement;
    expect(svg.tagName).toBe("svg");
    expect(svg.getAttribute("width")).toBe(String(shot.size.width));
    expect(svg.getAttribute("height")).toBe(String(shot.size.height));
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${shot.size.width} ${shot.size.height}`);
    expect(svg.querySelector("title")?.textContent?.length).toBeGreaterThan(20);
  });

  it.each(cases)("%s stays vector and within the size budget", (_, shot) => {
    expect(Buffer.byteLength(shot.svg)).toBeLessThanOrEqual(BUDGET);
    expect(shot.svg).not.toMatch(/<image|data:|@font-face|@import|url\((?!#)/);
  });

  it("labels each language's shots in that language, not in English", () => {
    const english = new Map(shots.filter((s) => s.lang === "en").map((s) => [s.shot, s.title]));
    const copied = shots.filter((s) => s.lang !== "en" && s.title === english.get(s.shot));
    expect(copied.map((s) => s.path)).toEqual([]);
  });
});
