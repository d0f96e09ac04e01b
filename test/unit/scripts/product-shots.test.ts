import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { drawAll } from "../../../scripts/product-shots/index";

const PUBLIC = join(__dirname, "../../../public");
const BUDGET = 16 * 1024;
const shots = drawAll();
const cases = shots.map((shot) => [shot.path, shot] as const);

/** The problems that keep `xml` from being well-formed: unbalanced tags, bad attributes or text. */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const text = xml.replace(/<[^>]*>/g, (tag) => {
    const m =
      /^<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot);[^"<&]*)*")*)\s*(\/?)>$/.exec(
        tag,
      );
    if (!m) problems.push(`malformed tag ${tag}`);
    else if (m[1]) {
      if (open.pop() !== m[2]) problems.push(`unbalanced ${tag}`);
    } else if (!m[4]) open.push(m[2] ?? "");
    return "";
  });
  if (open.length) problems.push(`unclosed ${open.join(", ")}`);
  if (/[<>]|&(?!(?:amp|lt|gt|quot);)/.test(text)) problems.push("unescaped text");
  return problems;
}

const attribute = (svg: string, name: string) =>
  new RegExp(`^<svg[^>]* ${name}="([^"]*)"`).exec(svg)?.[1];

describe("product shots (scripts/product-shots, `npm run shots:draw`)", () => {
  it("draws all twenty-four shots in all nine languages", () => {
    expect(shots).toHaveLength(24 * 9);
  });

  it.each(cases)("%s on disk is what the generator draws now", (path, shot) => {
    expect(readFileSync(join(PUBLIC, path), "utf8") === shot.svg, `run npm run shots:draw`).toBe(
      true,
    );
  });

  it.each(cases)("%s is well-formed SVG with a size, a viewBox and a title", (_, shot) => {
    expect(xmlProblems(shot.svg)).toEqual([]);
    expect(shot.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(attribute(shot.svg, "width")).toBe(String(shot.size.width));
    expect(attribute(shot.svg, "height")).toBe(String(shot.size.height));
    expect(attribute(shot.svg, "viewBox")).toBe(`0 0 ${shot.size.width} ${shot.size.height}`);
    expect(/^<title>([^<]{20,})<\/title>$/m.exec(shot.svg)?.[1]).toBe(
      shot.title.replace(/&/g, "&amp;"),
    );
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
