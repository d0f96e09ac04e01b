import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT_URL = pathToFileURL(join(import.meta.dirname, "../..")).href + "/";

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTimeRow {
  function: string;
  location: string;
  area: string;
  selfMs: number;
  /** Share of the busy (non-idle) time. */
  busyPct: number;
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  idleMs: number;
  top: SelfTimeRow[];
  areas: { area: string; selfMs: number; busyPct: number }[];
}

/** The largest .cpuprofile that the process `pid` wrote into `dir` (the main thread's). */
export function findProfile(dir: string, pid: number): string | null {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".cpuprofile") && name.includes(`.${pid}.`))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  return files[0] ?? null;
}

/** Where a frame's code lives, in words a reader of the site's stack understands. */
export function areaOf(functionName: string, url: string): string {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "(program: native / unattributed)";
  if (functionName === "(idle)") return "(idle)";
  const rules: [RegExp, string][] = [
    [/node_modules\/react-dom\//, "React render (react-dom/server)"],
    [/node_modules\/(react|scheduler)\//, "React"],
    [/node_modules\/(i18next|react-i18next|remix-i18next)\//, "i18n"],
    [/node_modules\/(msw|@mswjs|@bundled-es-modules|headers-polyfill|outvariant)\//, "msw"],
    [/\/mocks\//, "sandbox upstream (mocks/)"],
    [/node_modules\/(sanitize-html|htmlparser2|domhandler|domutils|entities)\//, "sanitize-html"],
    [/node_modules\/zod\//, "zod"],
    [/node_modules\/lru-cache\//, "upstream cache (lru-cache)"],
    [/node_modules\/(@remix-run|react-router|@remix-run\/router|turbo-stream)/, "Remix"],
    [/node_modules\/(compression|compressible|negotiator|accepts|on-headers)\//, "compression"],
    [/node_modules\/(express|body-parser|send|serve-static|router|finalhandler)\//, "express"],
    [/\/build\/server\//, "app code and its server (build/server)"],
    [/\/build\/server\.js$/, "launcher (build/server.js)"],
    [/\/build\/server-chunks\//, "sandbox upstream (build/server-chunks)"],
    [/undici/, "node fetch (undici)"],
    [/^node:zlib|internal\/zlib/, "zlib (main-thread part)"],
    [/^node:internal\/(streams|webstreams)|^node:stream/, "node streams"],
    [/^node:/, "node internals"],
    [/node_modules\//, "other packages"],
  ];
  for (const [pattern, area] of rules) if (pattern.test(url)) return area;
  if (url.startsWith(ROOT_URL)) return "server.ts / app source";
  return url ? "other" : "(native / builtin)";
}

/** Self time per function (and per area) from the samples and time deltas of a .cpuprofile. */
export function summarizeProfile(file: string, limit = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  if (samples.length) {
    // Each sample owns the interval until the next one.
    samples.forEach((id, i) => {
      const us = deltas[i + 1] ?? 0;
      selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(us, 0));
    });
  } else {
    const perHit = (profile.endTime - profile.startTime) / Math.max(1, sumHits(profile.nodes));
    for (const node of profile.nodes) selfUs.set(node.id, (node.hitCount ?? 0) * perHit);
  }

  const functions = new Map<string, Omit<SelfTimeRow, "busyPct">>();
  const areas = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    totalUs += us;
    const area = areaOf(frame.functionName, frame.url);
    if (area === "(idle)") {
      idleUs += us;
      continue;
    }
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name = frame.functionName || "(anonymous)";
    const location = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : "";
    const key = `${name}@${location}`;
    const row = functions.get(key) ?? { function: name, location, area, selfMs: 0 };
    row.selfMs += us / 1000;
    functions.set(key, row);
  }
  const busyMs = (totalUs - idleUs) / 1000;
  const pct = (ms: number) => Math.round((ms / Math.max(busyMs, 1e-9)) * 1000) / 10;
  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    file,
    totalMs: ms(totalUs / 1000),
    idleMs: ms(idleUs / 1000),
    top: [...functions.values()]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, limit)
      .map((row) => ({ ...row, selfMs: ms(row.selfMs), busyPct: pct(row.selfMs) })),
    areas: [...areas.entries()]
      .map(([area, us]) => ({ area, selfMs: ms(us / 1000), busyPct: pct(us / 1000) }))
      .sort((a, b) => b.selfMs - a.selfMs),
  };
}

function sumHits(nodes: ProfileNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
}

function shortUrl(url: string): string {
  return url
    .replace(ROOT_URL, "")
    .replace(/^.*node_modules\//, "node_modules/")
    .replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, "node_modules/");
}
