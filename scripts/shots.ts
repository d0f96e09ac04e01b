/**
 * `npm run shots`: the main pages (test/support/main-pages.ts) at phone, tablet and laptop widths,
 * in a long language and a CJK one, in Chromium, WebKit and Firefox, JS on (and off with --no-js),
 * written into one folder with an index.html that lays them side by side, for a person to look
 * through before a release. It checks nothing itself: the layout checks and the screenshot
 * baselines in `npm test` do.
 *
 *   npm run shots                              # de and jp, every engine, JS on
 *   npm run shots -- --langs=fr,zh --engines=webkit --no-js --out=/tmp/shots
 *   npm run shots -- --pages=home,checkout --widths=390   # a few pages after a change
 *
 * Chromium shoots the whole page at once; WebKit and Firefox (driven as in the engines suite)
 * the window's height at a time, at most MAX_SCREENS screens a page, shown one under another.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { launchFirefox } from "../test/engines/firefox";
import { launchWebKit } from "../test/engines/webkit";
import type { Driver } from "../test/engines/driver";
import { startSite, ROOT } from "../test/engines/server";
import { inLanguage, MAIN_PAGES, MAIN_WIDTHS } from "../test/support/main-pages";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./quality/chromium";

const ENGINES = ["chromium", "webkit", "firefox"] as const;
type Engine = (typeof ENGINES)[number];
const HEIGHT = 900;
const MAX_SCREENS = 8;

const { values } = parseArgs({
  options: {
    langs: { type: "string", default: "de,jp" },
    engines: { type: "string", default: ENGINES.join(",") },
    "no-js": { type: "boolean", default: false },
    pages: { type: "string", default: MAIN_PAGES.map((page) => page.name).join(",") },
    widths: { type: "string", default: MAIN_WIDTHS.join(",") },
    out: { type: "string", default: join(ROOT, "test-results", "shots") },
  },
});
const langs = values.langs.split(",").filter(Boolean);
const engines = values.engines.split(",").filter((e): e is Engine => ENGINES.includes(e as Engine));
const js = !values["no-js"];
const pages = MAIN_PAGES.filter((page) => values.pages.split(",").includes(page.name));
const widths = values.widths
  .split(",")
  .map(Number)
  .filter((width) => width > 0);
const out = values.out;

interface Shot {
  engine: Engine;
  lang: string;
  page: string;
  width: number;
  files: string[];
}

/** The files of one page: the whole page (Chromium) or its screens from the top (the others). */
type Shoot = (path: string, width: number, file: string) => Promise<string[]>;

async function chromiumShooter(baseUrl: string): Promise<{ shoot: Shoot; close(): Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ javaScriptEnabled: js, reducedMotion: "reduce" });
  await context.addCookies([{ name: "dismissed", value: "cookie", url: baseUrl }]);
  const page = await context.newPage();
  return {
    async shoot(path, width, file) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(new URL(path, baseUrl).href, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${file}.png`, fullPage: true, animations: "disabled" });
      return [`${file}.png`];
    },
    close: () => browser.close(),
  };
}

function driverShooter(driver: Driver): { shoot: Shoot; close(): Promise<void> } {
  return {
    async shoot(path, width, file) {
      await driver.setViewport({ width, height: HEIGHT });
      await driver.goto(path);
      const height = await driver.evaluate(() => document.documentElement.scrollHeight);
      const files: string[] = [];
      for (let screen = 0; screen < MAX_SCREENS && screen * HEIGHT < height; screen += 1) {
        await driver.evaluate((y: number) => window.scrollTo(0, y), screen * HEIGHT);
        const name = `${file}-${screen + 1}.png`;
        writeFileSync(name, await driver.screenshot());
        files.push(name);
      }
      return files;
    },
    close: () => driver.close(),
  };
}

async function shooter(engine: Engine, baseUrl: string) {
  if (engine === "chromium") return chromiumShooter(baseUrl);
  const driver = await (engine === "webkit" ? launchWebKit : launchFirefox)(baseUrl, js);
  await driver.resetCookies({ dismissed: "cookie" });
  return driverShooter(driver);
}

function contactSheet(shots: Shot[]): string {
  const rows = shots
    .map((shot) => {
      const images = shot.files
        .map((file) => `<img src="${relative(out, file)}" width="${shot.width / 2}" alt="">`)
        .join("");
      return `<figure><figcaption>${shot.page} · ${shot.lang} · ${shot.width} px · ${shot.engine}</figcaption>${images}</figure>`;
    })
    .join("\n");
  return `<!doctype html><meta charset="utf-8"><title>Shots (JS ${js ? "on" : "off"})</title>
<style>body{font:14px system-ui;margin:1rem}figure{display:inline-flex;flex-direction:column;vertical-align:top;margin:0 1rem 2rem 0}img{display:block;border:1px solid #888}</style>
<h1>Main pages, JS ${js ? "on" : "off"}</h1>
${rows}
`;
}

async function main(): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const site = await startSite();
  const shots: Shot[] = [];
  try {
    for (const engine of engines) {
      const camera = await shooter(engine, site.baseUrl);
      try {
        for (const lang of langs) {
          const folder = join(out, engine, lang);
          mkdirSync(folder, { recursive: true });
          for (const page of pages) {
            for (const width of widths) {
              const file = join(folder, `${page.name}-${width}`);
              const files = await camera.shoot(inLanguage(lang, page.path), width, file);
              shots.push({ engine, lang, page: page.name, width, files });
            }
          }
          console.log(`${engine} ${lang}: ${MAIN_PAGES.length * MAIN_WIDTHS.length} pages`);
        }
      } finally {
        await camera.close();
      }
    }
  } finally {
    await site.stop();
  }
  shots.sort((a, b) => a.page.localeCompare(b.page) || a.lang.localeCompare(b.lang));
  writeFileSync(join(out, "index.html"), contactSheet(shots));
  console.log(`${shots.length} shots in ${out} — open ${join(out, "index.html")}`);
}

await main();
