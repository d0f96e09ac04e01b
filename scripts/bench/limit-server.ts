/**
 * The physical limit a page server can reach on this machine: each page's HTML gzipped once
 * (level 9) and served from memory by plain `node:http`, in a process of its own so the load
 * generator never shares its event loop.
 *
 *   node scripts/bench/limit-server.ts <port> <manifest.json>
 *
 * The manifest maps each path to a file holding that page's uncompressed HTML. The server prints
 * `listening <port>` once it accepts connections. It runs on Node's own TypeScript support and
 * imports nothing but Node, so it starts without a loader.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

/** The client takes gzip (and did not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((entry) => {
    const [coding = "", ...params] = entry.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}
interface Page {
  identity: Buffer;
  gzip: Buffer;
}

export function loadPages(manifest: Record<string, string>): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const [path, file] of Object.entries(manifest)) {
    const identity = readFileSync(file);
    pages.set(path, { identity, gzip: gzipSync(identity, { level: 9 }) });
  }
  return pages;
}

function main(): void {
  const [portArg, manifestPath] = process.argv.slice(2);
  const port = Number(portArg);
  if (!Number.isInteger(port) || !manifestPath) {
    console.error("usage: limit-server.ts <port> <manifest.json>");
    process.exit(2);
  }
  const pages = loadPages(JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, string>);
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const body = gzip ? page.gzip : page.identity;
    const headers: Record<string, string | number> = {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
    };
    if (gzip) headers["Content-Encoding"] = "gzip";
    res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
  });
  server.listen(port, "127.0.0.1", () => console.log(`listening ${port}`));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
