import { createServer } from "node:net";

/** A port in 4300–4399 that nobody listens on. */
export async function freePort(from = 4300, to = 4399): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((done) => {
      const probe = createServer()
        .once("error", () => done(false))
        .once("listening", () => probe.close(() => done(true)));
      probe.listen(port);
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}–${to}`);
}
