/**
 * `npx tsx scripts/fonts/subset-inter.ts`: writes the site's Inter files (app/styles/fonts/) from
 * @fontsource-variable/inter (decision 019). Each file keeps the characters of its @font-face's
 * `unicode-range` in app/styles/fonts.css and the weights the site sets (400–900 of the variable
 * font's 100–900), with HarfBuzz's default layout features: a third fewer bytes for the browser
 * to fetch and decode. Run it again after updating the package or changing those ranges.
 */
import { STYLESHEET, readStylesheet } from "../stylesheet";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import subsetFont from "subset-font";

/** The weights the stylesheet uses (its `font-weight` values and `<b>`/`<strong>`). */
export const WEIGHTS = { min: 400, max: 900 };

const ROOT = join(import.meta.dirname, "../..");
const OUT_DIR = join(ROOT, "app/styles/fonts");

interface Face {
  file: string;
  text: string;
}

/** The code points of a CSS `unicode-range` (`U+0000-00FF, U+0131, …`), as a string. */
export function charactersOf(unicodeRange: string): string {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match) throw new Error(`Not a unicode-range part: ${part}`);
    const from = parseInt(match[1]!, 16);
    const to = match[2] ? parseInt(match[2], 16) : from;
    for (let code = from; code <= to; code++) {
      // Surrogate code points are not characters.
      if (code < 0xd800 || code > 0xdfff) text += String.fromCodePoint(code);
    }
  }
  return text;
}

/** The stylesheet's Inter faces: the file each loads from ./fonts/ and its characters. */
export function facesOf(css: string): Face[] {
  const faces: Face[] = [];
  for (const [block] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
    const file = /url\("\.\/fonts\/([^"]+\.woff2)"\)/.exec(block)?.[1];
    const range = /unicode-range:([^;]+);/.exec(block)?.[1];
    if (file && range) faces.push({ file, text: charactersOf(range) });
  }
  return faces;
}

async function main() {
  const require = createRequire(import.meta.url);
  const faces = facesOf(readStylesheet());
  if (faces.length === 0) throw new Error(`No @font-face loads from ./fonts/ in ${STYLESHEET}`);
  for (const { file, text } of faces) {
    const source = readFileSync(require.resolve(`@fontsource-variable/inter/files/${file}`));
    const subset = await subsetFont(source, text, {
      targetFormat: "woff2",
      variationAxes: { wght: WEIGHTS },
    });
    writeFileSync(join(OUT_DIR, file), subset);
    console.log(`${file}: ${source.length} → ${subset.length} bytes`);
  }
}

if (process.argv[1] === import.meta.filename) await main();
