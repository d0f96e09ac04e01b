import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { getResponse } from "msw";
import type { Brand } from "./content-store";
import { createSandbox, type Sandbox } from "./handlers";

/**
 * What the upstream does wrong, for the calls a rule matches:
 * - `status`: answers that status with a JSON error body (500, 503…);
 * - `hang`: never answers (the site's 20 s timeout has to end the call);
 * - `slow`: answers correctly after `delayMs`;
 * - `invalid-json`: 200 with a body that is not JSON;
 * - `missing-fields`: 200 with the real answer emptied: an object loses every field (`{}`), a
 *   list every item (`[]`);
 * - `reset`: drops the connection without an answer;
 * - `json`: 200 with `body` instead of the real answer (an answer that parses but says something
 *   the site must refuse, such as a price of a product it does not sell).
 */
export type Fault =
  | { kind: "status"; status: number }
  | { kind: "hang" }
  | { kind: "slow"; delayMs: number }
  | { kind: "invalid-json" }
  | { kind: "missing-fields" }
  | { kind: "reset" }
  | { kind: "json"; body: unknown };

export interface FaultRule {
  /** Calls whose path (under `/api`) starts with this, e.g. `/coms/pages/page/`; "" for all. */
  path: string;
  /** Only calls with these query parameters, e.g. `{ path: "/de/features" }` for one page. */
  query?: Record<string, string>;
  fault: Fault;
}

/** The faults in force; the first rule that matches a call applies. */
export class FaultSwitch {
  private rules: FaultRule[] = [];

  set(...rules: FaultRule[]): void {
    this.rules = rules;
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for a call to `/api<path>` with these query parameters, if any. */
  match(apiPath: string, query: URLSearchParams = new URLSearchParams()): Fault | undefined {
    return this.rules.find(
      (rule) =>
        apiPath.startsWith(rule.path) &&
        Object.entries(rule.query ?? {}).every(([name, value]) => query.get(name) === value),
    )?.fault;
  }
}

export interface HttpUpstream {
  /** The base URL to give the site as API_URL. */
  url: string;
  port: number;
  sandbox: Sandbox;
  faults: FaultSwitch;
  /** Calls received, newest last: method and path under `/api` (no query). */
  received: { method: string; path: string }[];
  /** Stops listening and drops every open connection: the site then meets "connection refused". */
  stop(): Promise<void>;
  /** Listens again on the same port (after `stop`). */
  restart(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function answer(
  sandbox: Sandbox,
  faults: FaultSwitch | undefined,
  received: HttpUpstream["received"] | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://upstream.local");
  const apiPath = url.pathname.replace(/^\/api(?=\/)/, "");
  const method = req.method ?? "GET";
  received?.push({ method, path: apiPath });
  const fault = faults?.match(apiPath, url.searchParams);
  if (fault?.kind === "reset") {
    req.socket.destroy();
    return;
  }
  if (fault?.kind === "hang") return;
  if (fault?.kind === "status") {
    res.writeHead(fault.status, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "INTERNAL_ERROR", statusCode: fault.status }));
    return;
  }
  if (fault?.kind === "json") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(fault.body));
    return;
  }
  if (fault?.kind === "invalid-json") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"components": [ this is not JSON');
    return;
  }
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const request = new Request(url, {
    method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
  const response = await getResponse(sandbox.handlers, request);
  if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  if (!response) {
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "NOT_FOUND" }));
    return;
  }
  let text = await response.text();
  if (fault?.kind === "missing-fields" && /^\s*[[{]/.test(text)) {
    text = /^\s*\[/.test(text) ? "[]" : "{}";
  }
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "content-encoding") out[name] = value;
  });
  res.writeHead(response.status, out);
  res.end(text);
}

/**
 * The request handler of the sandbox upstream over HTTP: answers every call with the sandbox's
 * msw handlers (404 JSON when none matches, 500 JSON when one throws). `faults` make chosen calls
 * fail; `received` collects every call (tests only: it grows for ever).
 */
export function upstreamRequestHandler(
  sandbox: Sandbox,
  options: { faults?: FaultSwitch; received?: HttpUpstream["received"] } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    answer(sandbox, options.faults, options.received, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: "INTERNAL_ERROR" }));
    });
  };
}

/**
 * The sandbox upstream over real HTTP: the same msw handlers and demo content as the in-process
 * sandbox, served on a local port, with a switch that makes chosen calls fail. Site servers
 * started with `API_URL` pointing here share one upstream (several instances, one content), and
 * tests can break it in every way a real upstream breaks: error statuses, hanging, slow or
 * malformed answers, dropped or refused connections.
 */
export async function startHttpUpstream(
  options: { port?: number; host?: string; brand?: Brand; contentDir?: string } = {},
): Promise<HttpUpstream> {
  const sandbox = createSandbox(options.brand, options.contentDir);
  const faults = new FaultSwitch();
  const received: HttpUpstream["received"] = [];
  const host = options.host ?? "127.0.0.1";
  const sockets = new Set<Socket>();
  const handle = upstreamRequestHandler(sandbox, { faults, received });
  let server: Server;

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const s = createServer(handle);
      s.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      s.once("error", reject);
      s.listen(port, host, () => resolve(s));
    });

  server = await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}`,
    port,
    sandbox,
    faults,
    received,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restart() {
      server = await listen(port);
    },
  };
}
