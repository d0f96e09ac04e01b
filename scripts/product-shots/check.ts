/**
 * `npm run shots:check`: renders every product shot in Chromium, fails when a label is wider
 * than its box, and writes 1× and 2× PNGs to test-results/product-shots for a person to look at.
 *
 *   npm run shots:check -- --langs=de,ru --shots=vault --no-png
 *   npm run shots:check -- --font="DejaVu Sans"   # a wider fallback font than Inter
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../quality/chromium";
import { drawAll } from "./index";

const { values } = parseArgs({
  options: {
    langs: { type: "string" },
    shots: { type: "string" },
    font: { type: "string" },
    "no-png": { type: "boolean", default: false },
    out: { type: "string", default: join(process.cwd(), "test-results", "product-shots") },
  },
});
const pick = (list?: string) => (list ? new Set(list.split(",")) : undefined);
const langs = pick(values.langs);
const shots = pick(values.shots);
const drawn = drawAll().filter(
  (d) => (!langs || langs.has(d.lang)) && (!shots || shots.has(d.shot)),
);

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const problems: string[] = [];
for (const scale of values["no-png"] ? [1] : [1, 2]) {
  const page = await browser.newPage({ deviceScaleFactor: scale });
  for (const d of drawn) {
    let svg = d.svg;
    if (values.font)
      svg = svg.replace(/text\{font-family:[^}]+\}/, `text{font-family:"${values.font}"}`);
    await page.setViewportSize(d.size);
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    await page.evaluate(() => document.fonts.ready);
    if (scale === 1) {
      const widths = await page.$$eval("svg text", (texts) =>
        texts.map((t) => (t as SVGTextContentElement).getComputedTextLength()),
      );
      if (widths.length !== d.fits.length)
        problems.push(`${d.path}: labels drawn outside Svg.text`);
      widths.forEach((width, i) => {
        const fit = d.fits[i];
        if (fit && width > fit.max + 0.5) {
          problems.push(`${d.path}: “${fit.text}” is ${Math.ceil(width)}px in a ${fit.max}px box`);
        }
      });
    }
    if (!values["no-png"]) {
      await page.screenshot({ path: join(values.out, `${d.lang}-${d.shot}@${scale}x.png`) });
    }
  }
  await page.close();
}
await browser.close();
console.log(
  problems.length ? problems.join("\n") : `${drawn.length} shots: every label fits its box`,
);
process.exitCode = problems.length ? 1 : 0;
