/**
 * Soak test: the production build under saturating load for a minute, with the traffic a real
 * origin sees mixed together — anonymous pages (a shared cache's misses: every request reaching the
 * site is rendered, decision 041), searches with new words from many addresses, signed-in pages (a
 * real sign-in's session) and form posts from many addresses (some over their per-IP limit: the
 * intended 429s, as searches past SEARCH_RATE_LIMIT are). It passes when no request fails other
 * than those 429s (no 5xx, no connection error, no timeout) and the server's memory stays flat:
 * the median RSS of the last 10 s is within 10 % of the median of the first 10 s after the
 * warm-up.
 *
 *   npm run soak                      # 60 s (SOAK_DURATION), 64 connections (SOAK_CONNECTIONS)
 *
 * Writes bench/soak.json and prints one table; exits 1 when a rule is broken.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { cpuMs, rssMb, USER_AGENT } from "./bench/load";
import { startServer } from "./quality/server";

const ROOT = join(import.meta.dirname, "..");
const PORT = 4420;
const DURATION_S = Number(process.env.SOAK_DURATION ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
const WARMUP_S = 10;
/** Seconds at each end of the measured run whose RSS medians are compared. */
const WINDOW_S = 10;
const MAX_RSS_GROWTH = 0.1;
const ACCOUNT = { email: "active@keynest.example", password: "Sandbox-Pass-2026" };

/** Each request draws its kind with these weights. */
const MIX = [
  { kind: "page", weight: 55 },
  { kind: "search", weight: 20 },
  { kind: "signed-in", weight: 15 },
  { kind: "post", weight: 10 },
] as const;
type Kind = (typeof MIX)[number]["kind"];

const PAGES = ["/", "/features", "/de/pricing", "/blog/passkeys-explained", "/fr/help/manuals"];
const SIGNED_IN = ["/account", "/features", "/de/pricing", "/account/change-password"];
const WORDS = ["vault", "passkey", "family", "sync", "autofill", "browser", "team", "import"];

let counter = 0;
function pickKind(): Kind {
  const total = MIX.reduce((sum, entry) => sum + entry.weight, 0);
  let draw = Math.random() * total;
  for (const entry of MIX) {
    draw -= entry.weight;
    if (draw < 0) return entry.kind;
  }
  return "page";
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

interface Built {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function buildRequest(kind: Kind, origin: string, session: string): Built {
  const headers: Record<string, string> = {
    "Accept-Encoding": "gzip",
    Accept: "text/html",
    "User-Agent": USER_AGENT,
    Cookie: "dismissed=cookie",
  };
  counter += 1;
  switch (kind) {
    case "page":
      return { method: "GET", path: pick(PAGES), headers };
    case "search":
      // A new search every time, from 100 visitors behind the proxy: each stays near its
      // per-address limit (SEARCH_RATE_LIMIT); any search past it is answered 429, as intended.
      return {
        method: "GET",
        path: `/search?q=${pick(WORDS)}+${counter % 997}`,
        headers: { ...headers, "X-Forwarded-For": `198.18.1.${1 + (counter % 100)}` },
      };
    case "signed-in":
      return {
        method: "GET",
        path: pick(SIGNED_IN),
        headers: { ...headers, Cookie: `dismissed=cookie; ${session}` },
      };
    case "post": {
      // 40 visitors behind the proxy, each posting again and again: past FORM_RATE_LIMIT in the
      // window, their posts are answered 429 (with the page), as intended.
      const visitor = `198.18.0.${1 + (counter % 40)}`;
      const body = new URLSearchParams({
        _form: "newsletter",
        website_url: "",
        email: `soak-${counter}@keynest.example`,
      }).toString();
      return {
        method: "POST",
        path: "/features",
        headers: {
          ...headers,
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": visitor,
        },
        body,
      };
    }
  }
}

/** Signs the demo account in with the sign-in form and returns its session cookie. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": USER_AGENT,
    },
    body: new URLSearchParams({
      _form: "sign-in",
      website_url: "",
      email: ACCOUNT.email,
      password: ACCOUNT.password,
    }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("__session="));
  if (response.status !== 303 || !cookie) {
    throw new Error(`Sign-in answered ${response.status} without a session cookie`);
  }
  const account = await fetch(`${base}/account`, { headers: { Cookie: cookie } });
  if (account.status !== 200) throw new Error(`/account answered ${account.status} signed in`);
  return cookie;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const server = await startServer(PORT, {
    env: {
      // Posts come from many visitors behind one proxy (X-Forwarded-For).
      TRUST_PROXY: "loopback",
      SESSION_SECRET: "soak-session-secret-of-at-least-32-characters",
    },
  });
  const base = server.url;
  try {
    const session = await signIn(base);
    const kinds = new Map<Kind, number>();
    const statuses = new Map<Kind, Record<string, number>>();
    const samples: { second: number; rssMb: number }[] = [];
    const started = Date.now();
    const cpuBefore = cpuMs(server.pid);
    const sampler = setInterval(() => {
      const rss = rssMb(server.pid);
      if (rss !== null) samples.push({ second: (Date.now() - started) / 1000, rssMb: rss });
    }, 1000);

    // Each connection's next request is drawn anew; its kind is remembered for its answer.
    const pending = new WeakMap<object, Kind[]>();
    const instance = autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION_S + WARMUP_S,
      timeout: 10,
      requests: [
        {
          setupRequest: (request, context) => {
            const kind = pickKind();
            kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
            const queue = pending.get(context) ?? [];
            queue.push(kind);
            pending.set(context, queue);
            const built = buildRequest(kind, base, session);
            return { ...request, ...built };
          },
          onResponse: (status, _body, context) => {
            const kind = pending.get(context)?.shift() ?? "page";
            const byStatus = statuses.get(kind) ?? {};
            byStatus[status] = (byStatus[status] ?? 0) + 1;
            statuses.set(kind, byStatus);
          },
        },
      ],
    });
    const result = await instance;
    clearInterval(sampler);
    const cpuAfter = cpuMs(server.pid);

    const measured = samples.filter((s) => s.second >= WARMUP_S);
    const first = measured.filter((s) => s.second < WARMUP_S + WINDOW_S).map((s) => s.rssMb);
    const last = measured
      .filter((s) => s.second >= WARMUP_S + DURATION_S - WINDOW_S)
      .map((s) => s.rssMb);
    const rssStart = median(first);
    const rssEnd = median(last);
    const growth = rssStart ? rssEnd / rssStart - 1 : 0;

    const unintended: string[] = [];
    for (const [kind, byStatus] of statuses) {
      for (const [status, count] of Object.entries(byStatus)) {
        const code = Number(status);
        const intended = code < 400 || (code === 429 && (kind === "post" || kind === "search"));
        if (!intended) unintended.push(`${kind}: ${count} × ${status}`);
      }
    }
    if (result.errors > 0) unintended.push(`${result.errors} connection errors`);
    if (result.timeouts > 0) unintended.push(`${result.timeouts} timeouts`);

    const total = result["2xx"] + result.non2xx;
    const figures = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      connections: CONNECTIONS,
      requests: total,
      requestsPerSec: Math.round(result.requests.mean),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      mix: Object.fromEntries(kinds),
      statuses: Object.fromEntries(statuses),
      errors: result.errors,
      timeouts: result.timeouts,
      cpuMsPerRequest:
        cpuBefore !== null && cpuAfter !== null && total
          ? Number(((cpuAfter - cpuBefore) / total).toFixed(2))
          : null,
      rssMb: {
        start: rssStart,
        end: rssEnd,
        max: Math.max(...measured.map((s) => s.rssMb)),
        growthPercent: Number((growth * 100).toFixed(1)),
      },
      samples,
    };
    mkdirSync(join(ROOT, "bench"), { recursive: true });
    writeFileSync(join(ROOT, "bench/soak.json"), `${JSON.stringify(figures, null, 2)}\n`);

    console.log(`\nSoak: ${DURATION_S} s (+${WARMUP_S} s warm-up), ${CONNECTIONS} connections`);
    console.log(`  ${figures.machine}`);
    console.log(
      `  ${total} requests, ${figures.requestsPerSec} req/s, p50 ${figures.latencyMs.p50} ms, ` +
        `p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms, ` +
        `CPU ${figures.cpuMsPerRequest ?? "?"} ms/request`,
    );
    for (const [kind, byStatus] of statuses) {
      console.log(`  ${kind.padEnd(10)} ${JSON.stringify(byStatus)}`);
    }
    console.log(
      `  RSS ${rssStart} MB → ${rssEnd} MB (${figures.rssMb.growthPercent} %), ` +
        `max ${figures.rssMb.max} MB`,
    );
    const broken: string[] = [...unintended];
    if (growth > MAX_RSS_GROWTH) {
      broken.push(`RSS grew ${(growth * 100).toFixed(1)} % (budget ${MAX_RSS_GROWTH * 100} %)`);
    }
    if (broken.length) {
      console.error(`\nSOAK FAILED:\n  ${broken.join("\n  ")}`);
      process.exitCode = 1;
    } else {
      console.log("\nSoak passed: no errors but intended 429s, memory flat.");
    }
  } finally {
    await server.stop();
  }
}

await main();
