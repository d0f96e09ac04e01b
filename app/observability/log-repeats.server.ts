import type { Logger } from "pino";
import { logger } from "~/observability/log.server";
import { isUpstreamError } from "~/upstream/errors";

/**
 * Failures that repeat, logged once per interval instead of once per request: while an upstream
 * endpoint keeps failing, every visitor who asks for it meets the same failure, and a line (with
 * a stack) for each would let anyone fill the log by asking often. The first failure of a kind is
 * written; the same kind again within the interval is only counted, and the next line of that
 * kind says how many were held back.
 */

/** A kind of failure is written at most once a minute. */
const REPEAT_INTERVAL_MS = 60_000;
/** Kinds remembered at once: beyond this, the one written longest ago is forgotten. */
const MAX_KINDS = 1_000;

/**
 * Per kind of event (a key), whether one is written now: `pass` answers how many of that kind were
 * held back since the last one written, or null to hold this one back (it is counted).
 */
export class RepeatGate {
  /** In the order they were last written: the first is the one to forget when full. */
  private readonly kinds = new Map<string, { writtenAt: number; held: number }>();

  constructor(
    private readonly intervalMs = REPEAT_INTERVAL_MS,
    private readonly now: () => number = () => Date.now(),
    private readonly maxKinds = MAX_KINDS,
  ) {}

  pass(key: string): number | null {
    const now = this.now();
    const seen = this.kinds.get(key);
    if (seen && now - seen.writtenAt < this.intervalMs) {
      seen.held += 1;
      return null;
    }
    if (seen) this.kinds.delete(key);
    else if (this.kinds.size >= this.maxKinds) {
      const oldest = this.kinds.keys().next();
      if (!oldest.done) this.kinds.delete(oldest.value);
    }
    this.kinds.set(key, { writtenAt: now, held: 0 });
    return seen?.held ?? 0;
  }
}

/** Upstream error keys and messages are the upstream's words: kept short in keys and lines. */
const clip = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}…` : text;

/**
 * What a failure is, for telling repeats apart (`kind`), and what its line shows (`fields`). An
 * upstream failure is expected (the upstream is down or refuses): its status, its error key and
 * its message say all there is, where a stack would only show the client's own code. Anything
 * else keeps its stack.
 */
export function describeFailure(error: unknown): { kind: string; fields: Record<string, unknown> } {
  if (isUpstreamError(error)) {
    const code = error.code === undefined ? null : clip(error.code, 64);
    return {
      kind: `upstream ${error.statusCode} ${code ?? ""}`,
      fields: { upstream: { status: error.statusCode, code, message: clip(error.message, 300) } },
    };
  }
  if (error instanceof Error) {
    return { kind: `${error.name} ${clip(error.message, 100)}`, fields: { err: error } };
  }
  return { kind: clip(String(error), 100), fields: { detail: error } };
}

export type FailureLevel = "warn" | "error";

/**
 * A failure log that writes each kind at most once per interval. `where` names what failed (a
 * route, an endpoint family): the same failure in two places is two kinds. `message` is the first
 * one's; a line after repeats carries `suppressed`, how many were held back since the last.
 */
export function repeatLimitedLog(
  gate = new RepeatGate(),
  target: () => Logger = logger,
): (level: FailureLevel, where: string, message: string, error: unknown) => void {
  return (level, where, message, error) => {
    const { kind, fields } = describeFailure(error);
    const suppressed = gate.pass(`${where}: ${kind}`);
    if (suppressed === null) return;
    target()[level]({ where, ...fields, ...(suppressed > 0 ? { suppressed } : {}) }, message);
  };
}

/** The process's failure log, once per kind and minute (`repeatLimitedLog`). */
export const logFailure = repeatLimitedLog();
