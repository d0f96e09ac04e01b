import type { DestinationStream } from "pino";

/**
 * The request log's lines: built by hand (`requestLine`), kept and built together, and written in
 * buffers (`batchedLines`). The logger and the request logging around them are in log.server.ts.
 */

/** Request lines are built this many at a time (about 47 KB of lines). */
const REQUESTS_PER_BUILD = 256;
/** The fields `request` keeps per request line. */
const FIELDS = 7;

/** A destination that also takes a request line's fields, building the line later (`batchedLines`). */
export interface RequestLines {
  request(...fields: Required<Parameters<typeof requestLine>>): void;
}

export type BatchedLines = DestinationStream &
  RequestLines & {
    flush(callback?: (error?: Error) => void): void;
    flushSync(): void;
    flushIfWritten(): void;
  };

/** What `batchedLines` needs of pino's destination (sonic-boom in buffer mode). */
export interface FlushableDestination {
  write(chunk: Buffer): unknown;
  /** sonic-boom's `write` event: `n` bytes of what it was given have been written out. */
  on?(event: "write", listener: (n: number) => void): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Lines encoded straight into a buffer of `batchBytes` that goes to `inner` whole when full. Each
 * line's string is garbage as soon as it is written here, the destination gets one buffer per
 * few hundred lines and never re-reads or re-encodes what it holds (sonic-boom given strings
 * measures everything it holds on each write). A buffer `inner` reports written out (its `write`
 * events count the bytes, in order) is filled again. `flush` and `flushSync` pass on what is gathered
 * first, so nothing is held back from a flush; `flushIfWritten` flushes only when a line came
 * since the last flush.
 *
 * `request` keeps a request line's fields and builds the lines of `requestsPerBuild` requests
 * together into one string: between requests a line costs several times what it costs in a loop
 * (measured in decision 025). Kept lines are built before any other line, flush or sync flush, so
 * the order of lines is the order of the calls.
 */
export function batchedLines(
  inner: FlushableDestination,
  batchBytes: number,
  requestsPerBuild = REQUESTS_PER_BUILD,
): BatchedLines {
  let batch: Buffer = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  let written = false;
  // Buffers written out are filled again: a fresh 64 KB costs the process page faults.
  const spares: Buffer[] = [];
  /** Buffers handed on and not yet written out, with the byte count handed on up to their end. */
  const handed: { buffer: Buffer; end: number }[] = [];
  let handedBytes = 0;
  let writtenBytes = 0;
  inner.on?.("write", (n) => {
    writtenBytes += n;
    while (handed.length > 0 && handed[0]!.end <= writtenBytes) {
      const { buffer } = handed.shift()!;
      if (spares.length < 4) spares.push(buffer);
    }
  });
  const handOn = (chunk: Buffer, whole?: Buffer) => {
    handedBytes += chunk.length;
    if (whole && inner.on) {
      handed.push({ buffer: whole, end: handedBytes });
      // A destination that stopped writing (a closed pipe) is not waited for.
      if (handed.length > 16) handed.shift();
    }
    inner.write(chunk);
  };
  const pass = () => {
    if (used === 0) return;
    const full = batch;
    const chunk = batch.subarray(0, used);
    batch = spares.pop() ?? Buffer.allocUnsafe(batchBytes);
    used = 0;
    handOn(chunk, full);
  };
  const put = (text: string) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: most texts need no exact count.
    if (used + text.length * 3 > batchBytes) {
      const bytes = Buffer.byteLength(text);
      if (used + bytes > batchBytes) pass();
      if (bytes > batchBytes) {
        handOn(Buffer.from(text));
        return;
      }
    }
    used += batch.write(text, used);
  };
  /**
   * The fields of requests whose lines are not built yet, FIELDS slots each. A new array per
   * build: a young one takes the requests' young strings without the write barrier recording
   * each store, as a long-lived array's would, and dies with them.
   */
  const slots = requestsPerBuild * FIELDS;
  let kept: (string | number)[] = [];
  let keptSlots = 0;
  const build = () => {
    if (keptSlots === 0) return;
    let text = "";
    for (let i = 0; i < keptSlots; i += FIELDS) {
      text += requestLine(
        kept[i] as "info" | "warn",
        kept[i + 1] as string,
        kept[i + 2] as string,
        kept[i + 3] as string,
        kept[i + 4] as number,
        kept[i + 5] as number,
        kept[i + 6] as number,
      );
    }
    keptSlots = 0;
    kept = [];
    // Whole lines only: a text longer than a batch is handed on whole.
    put(text);
  };
  return {
    write(line: string) {
      written = true;
      build();
      put(line);
    },
    request(level, id, method, path, status, responseTime, time) {
      written = true;
      const at = keptSlots;
      kept[at] = level;
      kept[at + 1] = id;
      kept[at + 2] = method;
      kept[at + 3] = path;
      kept[at + 4] = status;
      kept[at + 5] = responseTime;
      kept[at + 6] = time;
      keptSlots = at + FIELDS;
      if (keptSlots === slots) build();
    },
    flush(callback) {
      written = false;
      build();
      pass();
      inner.flush(callback);
    },
    flushSync() {
      build();
      pass();
      inner.flushSync();
    },
    flushIfWritten() {
      if (written) this.flush();
    },
  };
}

let isoMs = -1;
let isoText = "";

/** `new Date(ms).toISOString()`, made once per millisecond (a busy server logs several). */
function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * A text as a JSON string, kept for the last text asked: requests come in runs of one method and
 * often of one path, and `JSON.stringify` costs more than the rest of a line.
 */
function jsonMemo(): (text: string) => string {
  let last = "";
  let lastJson = '""';
  return (text) => {
    if (text !== last) {
      last = text;
      lastJson = JSON.stringify(text);
    }
    return lastJson;
  };
}

const methodJson = jsonMemo();
const pathJson = jsonMemo();

/**
 * The line pino writes for `logger[level]({ req: { id, method, path }, res: { status },
 * responseTime }, "request")` with `createLogger`'s options, built by hand: it is the one line
 * every request writes, and pino's generic serializer costs several times more than this.
 * `id` is a UUID or a proxy's id checked to be plain (log.server.ts), so it needs no escaping.
 */
export function requestLine(
  level: "info" | "warn",
  id: string,
  method: string,
  path: string,
  status: number,
  responseTime: number,
  time = Date.now(),
): string {
  return (
    `{"level":"${level}","time":"${isoTime(time)}",` +
    `"req":{"id":"${id}","method":${methodJson(method)},"path":${pathJson(path)}},` +
    `"res":{"status":${status}},"responseTime":${responseTime},"msg":"request"}\n`
  );
}
