/**
 * The MDN HTTP Observatory gate: the package's own tests and grading (observatory-scan.mjs)
 * against the built server, placed as production places it — behind a TLS-terminating proxy
 * that says `X-Forwarded-Proto: https` and a plain-http front that says `http`, with
 * SITE_URL=https://localhost:<tls port> and TRUST_PROXY=loopback. The certificate is made for the
 * run with the `openssl` CLI and trusted by the scan through NODE_EXTRA_CA_CERTS. Needs no
 * network. Run alone: `npx tsx scripts/quality/observatory.ts` (after `npm run build`).
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer, get as httpsGet } from "node:https";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "./ports";
import { startServer } from "./server";
import type { CheckResult } from "./types";

/** A+ with room: 100 plus the extra credit a site on localhost can earn (see decision 014). */
export const OBSERVATORY_BUDGET = 120;

const SCAN_SCRIPT = fileURLToPath(new URL("./observatory-scan.mjs", import.meta.url));

export interface ObservatoryTest {
  name: string;
  pass: boolean;
  result: string;
  modifier: number;
  description: string;
}

interface ScanOutput {
  url: string | null;
  status: number;
  score: number;
  grade: string;
  tests: ObservatoryTest[];
}

/**
 * The package reads the HSTS preload list from its own `conf/hsts-preload.json`, which its
 * postinstall downloads (install scripts do not run here, and there is no network). Without a
 * list the tests cannot run; an empty one is what it means for localhost anyway (never
 * preloaded). A list someone downloaded is left alone.
 */
export async function ensureHstsPreloadList(): Promise<string> {
  const require = createRequire(import.meta.url);
  const conf = join(dirname(require.resolve("@mdn/mdn-http-observatory/package.json")), "conf");
  const list = join(conf, "hsts-preload.json");
  if (!existsSync(list)) await writeFile(list, "{}\n");
  return list;
}

/** A throw-away certificate for localhost (P-256, one day), made with the openssl CLI. */
async function makeCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  const args = "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1";
  await promisify(execFile)("openssl", [
    ...args.split(" "),
    "-keyout",
    key,
    "-out",
    cert,
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1",
  ]);
  return { cert, key };
}

/** A proxy hop as production has one: forwards to the app and says which scheme it was asked on. */
function forwardTo(appPort: () => number, proto: "http" | "https") {
  return (req: IncomingMessage, res: ServerResponse) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !name.startsWith("x-forwarded-")),
    );
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: appPort(),
        method: req.method,
        path: req.url,
        headers: {
          ...headers,
          "x-forwarded-proto": proto,
          "x-forwarded-for": req.socket.remoteAddress ?? "",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
}

async function listen(server: Server): Promise<number> {
  const port = await freePort();
  await new Promise<void>((done, fail) => server.once("error", fail).listen(port, () => done()));
  return port;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

/** GETs a page over the TLS proxy once, so the scan does not time the first renders. */
function warm(url: string, ca: Buffer): Promise<void> {
  return new Promise((done) => {
    httpsGet(url, { ca, headers: { Accept: "text/html" } }, (res) => {
      res.resume();
      res.on("end", () => done());
    }).on("error", () => done());
  });
}

function runScan(httpPort: number, tlsPort: number, certPath: string): Promise<ScanOutput> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [SCAN_SCRIPT, "localhost", String(httpPort), String(tlsPort)],
      {
        env: {
          ...process.env,
          NODE_EXTRA_CA_CERTS: certPath,
          // The package's defaults (10 s for a page and its redirects) are for idle machines.
          ABORT_TIMEOUT: "60000",
          CLIENT_TIMEOUT: "50000",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.once("exit", (code) => {
      if (code !== 0) return fail(new Error(`The scan failed (${code}): ${err.trim()}`));
      try {
        done(JSON.parse(out) as ScanOutput);
      } catch {
        fail(new Error(`The scan printed no result: ${out}${err}`));
      }
    });
  });
}

/** One line per test, aligned, for the log and the failure details. */
export function formatTests(tests: readonly ObservatoryTest[]): string[] {
  const width = Math.max(...tests.map((test) => test.name.length));
  const resultWidth = Math.max(...tests.map((test) => test.result.length));
  return tests.map(
    (test) =>
      `${test.pass ? "pass" : "FAIL"}  ${test.name.padEnd(width)}  ${String(
        test.modifier > 0 ? `+${test.modifier}` : test.modifier,
      ).padStart(3)}  ${test.result.padEnd(resultWidth)}  ${test.description}`,
  );
}

export async function checkObservatory(): Promise<CheckResult> {
  await ensureHstsPreloadList();
  const dir = await mkdtemp(join(tmpdir(), "observatory-"));
  let appPort = 0;
  const servers: Server[] = [];
  let app: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { cert, key } = await makeCertificate(dir);
    const ca = await readFile(cert);
    const tls = createHttpsServer(
      { cert: ca, key: await readFile(key) },
      forwardTo(() => appPort, "https"),
    );
    const plain = createHttpServer(forwardTo(() => appPort, "http"));
    servers.push(tls, plain);
    const tlsPort = await listen(tls);
    const httpPort = await listen(plain);
    appPort = await freePort();
    app = await startServer(appPort, {
      env: { SITE_URL: `https://localhost:${tlsPort}`, TRUST_PROXY: "loopback" },
    });
    for (const path of ["/", "/en", "/robots.txt"]) {
      await warm(`https://localhost:${tlsPort}${path}`, ca);
    }
    const scan = await runScan(httpPort, tlsPort, cert);
    const lines = formatTests(scan.tests);
    console.log(`  Observatory on ${scan.url} (status ${scan.status}):`);
    for (const line of lines) console.log(`    ${line}`);
    console.log(`  score ${scan.score} (${scan.grade})`);
    const failing = scan.tests.filter((test) => !test.pass).length;
    return {
      name: "MDN HTTP Observatory",
      ok: scan.score >= OBSERVATORY_BUDGET,
      summary: `score ${scan.score} (${scan.grade}), budget ≥ ${OBSERVATORY_BUDGET}; ${scan.tests.length - failing} of ${scan.tests.length} tests pass`,
      details: lines,
    };
  } finally {
    await app?.stop();
    await Promise.all(servers.filter((server) => server.listening).map(close));
    await rm(dir, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  const result = await checkObservatory();
  console.log(`${result.ok ? "PASS" : "FAIL"} ${result.name}: ${result.summary}`);
  process.exit(result.ok ? 0 : 1);
}
