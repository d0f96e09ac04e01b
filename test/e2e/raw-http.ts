import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/**
 * Sends bytes as they are over a fresh TCP connection (no client-side checks or normalisation, so
 * absolute-form targets, raw backslashes and odd methods reach the server as an attacker sends
 * them) and reads the answer until the server closes. Bodies are not chunk-decoded.
 */
export function rawRequest(
  baseURL: string,
  head: string,
  body: Buffer | string = "",
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => {
      // The server may close early (413 with Connection: close) while the body is still going.
      if (chunks.length > 0) socket.emit("end");
      else reject(error);
    });
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        const name = line.slice(0, at).trim().toLowerCase();
        headers[name] = headers[name]
          ? `${headers[name]}, ${line.slice(at + 1).trim()}`
          : line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: Buffer.from(text.slice(split + 4), "latin1").toString("utf8"),
        ms: performance.now() - started,
      });
      socket.destroy();
    });
    socket.on("connect", () => {
      socket.write(head.endsWith("\r\n\r\n") ? head : `${head}\r\nConnection: close\r\n\r\n`);
      if (body.length > 0) socket.write(body);
    });
  });
}

/** A plain request line plus headers, closed after the answer. */
export function requestHead(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  host = "localhost",
): string {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return lines.join("\r\n");
}
