import { createServer } from "node:net";

/**
 * The ports the checks may use: `QUALITY_PORTS` (`from-to`, e.g. `4820-4899`) when several
 * checkouts run checks on one machine, else 4300–4399.
 */
export function portRange(value = process.env.QUALITY_PORTS): [number, number] {
  const match = /^(\d+)-(\d+)$/.exec(value?.trim() ?? "");
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 1024 || to > 65535 || from > to) return [4300, 4399];
  return [from, to];
}

/** A port in the range that nobody listens on. */
export async function freePort(): Promise<number> {
  const [from, to] = portRange();
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
