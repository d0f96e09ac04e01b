import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { charactersOf, facesOf } from "../../../scripts/fonts/subset-inter";
import { readStylesheet } from "../../../scripts/stylesheet";

describe("the Inter subsets", () => {
  it.each([
    ["U+0041-0043", "ABC"],
    ["U+0041-0042, U+00E9", "ABé"],
    [" U+2116 ", "№"],
    ["U+D7FF-E000", "\uD7FF\uE000"],
  ])("%s holds %j", (range, text) => {
    expect(charactersOf(range)).toBe(text);
  });

  it("refuses what is not a unicode-range", () => {
    expect(() => charactersOf("U+00ZZ")).toThrow(/unicode-range/);
  });

  const css = readStylesheet();
  const faces = facesOf(css);

  it("covers every face of the stylesheet, each written and smaller than Fontsource's", () => {
    expect(faces.map((face) => face.file)).toEqual([
      "inter-cyrillic-wght-normal.woff2",
      "inter-latin-ext-wght-normal.woff2",
      "inter-latin-wght-normal.woff2",
      "inter-cyrillic-wght-italic.woff2",
      "inter-latin-ext-wght-italic.woff2",
      "inter-latin-wght-italic.woff2",
    ]);
    const require = createRequire(import.meta.url);
    for (const { file } of faces) {
      const ours = new URL(`../../../app/styles/fonts/${file}`, import.meta.url);
      expect(existsSync(ours), file).toBe(true);
      const theirs = require.resolve(`@fontsource-variable/inter/files/${file}`);
      expect(statSync(ours).size, file).toBeLessThan(statSync(theirs).size);
    }
  });

  it("declares the weights the files hold", () => {
    expect(css.match(/font-weight: 400 900;/g)).toHaveLength(faces.length);
  });
});
