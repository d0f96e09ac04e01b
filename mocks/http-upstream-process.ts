/**
 * The HTTP sandbox upstream (http-upstream.ts) as a process of its own, for a test runner that
 * cannot load the mocks itself (Playwright's loader refuses their JSON imports): run with
 * `node --import tsx mocks/http-upstream-process.ts`, it prints one JSON line
 * `{"url": …, "control": …}` and takes orders on the control address: `POST /faults` (a JSON list
 * of fault rules, `[]` clears them), `POST /stop`, `POST /restart`, and answers `GET /recorded?kind=`
 * with what the sandbox recorded of that kind (the bodies of subscriptions, purchases…), so a test
 * over HTTP can see what the site sent. It exits when its parent does
 * (stdin closes) or on SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startHttpUpstream, type FaultRule } from "./http-upstream";

const upstream = await startHttpUpstream();

function body(req: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

const control = createServer((req, res) => {
  const run = async () => {
    const url = new URL(req.url ?? "/", "http://control.local");
    if (req.method === "GET" && url.pathname === "/recorded") {
      const kind = url.searchParams.get("kind") ?? undefined;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(upstream.sandbox.recorder.all(kind)));
      return null;
    }
    if (req.method !== "POST") return 405;
    if (req.url === "/faults") {
      const rules = JSON.parse((await body(req)) || "[]") as FaultRule[];
      upstream.faults.set(...rules);
    } else if (req.url === "/stop") {
      await upstream.stop();
    } else if (req.url === "/restart") {
      await upstream.restart();
    } else {
      return 404;
    }
    return 204;
  };
  run().then(
    (status) => (status === null ? undefined : res.writeHead(status).end()),
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
});
control.listen(0, "127.0.0.1", () => {
  const { port } = control.address() as AddressInfo;
  process.stdout.write(
    `${JSON.stringify({ url: upstream.url, control: `http://127.0.0.1:${port}` })}\n`,
  );
});

const quit = () => process.exit(0);
process.stdin.on("close", quit);
process.stdin.resume();
process.on("SIGTERM", quit);
