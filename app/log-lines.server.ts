import type { DestinationStream } from "pino";

/**
 * The request log's lines: built by hand (`requestLine`), written as bytes straight into the
 * buffers (`batchedLines`, `requestLineBytes`) the destination is given. The logger and the
 * request logging around them are in log.server.ts.
 */

/** A destination that also takes a request line's fields, writing the line's bytes itself. */
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
 * `request` writes a request line's bytes into the buffer without making its text
 * (`requestLineBytes`): a line built as a string and encoded cost several times more between
 * requests than in a loop (measured in decision 025). Lines are written in the order of the calls.
 */
export function batchedLines(inner: FlushableDestination, batchBytes: number): BatchedLines {
  let batch: Buffer = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  let written = false;
  // Buffers written out are filled again: a fresh batch costs the process page faults.
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
  const lineBytes = requestLineBytes();
  return {
    write(line: string) {
      written = true;
      put(line);
    },
    request(level, id, method, path, status, responseTime, time) {
      written = true;
      const most = lineBytes.prepare(level, id, method, path, status, time);
      if (most > batchBytes) {
        put(requestLine(level, id, method, path, status, responseTime, time));
        return;
      }
      if (used + most > batchBytes) pass();
      used = lineBytes.write(batch, used, id, responseTime);
    },
    flush(callback) {
      written = false;
      pass();
      inner.flush(callback);
    },
    flushSync() {
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
    `"req":{"id":"${id}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)}},` +
    `"res":{"status":${status}},"responseTime":${responseTime},"msg":"request"}\n`
  );
}

/** The most characters a number takes as text (`-1.7976931348623157e+308`). */
const MAX_NUMBER_CHARS = 24;
const END = Buffer.from(',"msg":"request"}\n');

/**
 * `requestLine`'s bytes, written into a buffer without making the line's text: the part before
 * the id (level and time) is kept as bytes per level for the millisecond it was made in, the
 * part after it (method, path, status) for the last three it was made of, so a line is three
 * copies, the id's characters and the response time's digits. `prepare` readies the parts for a
 * line and answers the most bytes it will take; `write` writes it at `at` and answers where it
 * ends. `id` is plain ASCII (log.server.ts checks a proxy's), like everything else but the path,
 * whose JSON is encoded as UTF-8 once per part.
 */
export function requestLineBytes() {
  const heads = {
    info: { ms: Number.NaN, bytes: Buffer.alloc(0) },
    warn: { ms: Number.NaN, bytes: Buffer.alloc(0) },
  };
  let head = heads.info.bytes;
  let tailMethod = "";
  let tailPath = "";
  let tailStatus = Number.NaN;
  let tail = Buffer.alloc(0);
  return {
    prepare(
      level: "info" | "warn",
      id: string,
      method: string,
      path: string,
      status: number,
      time: number,
    ): number {
      const kept = heads[level];
      if (kept.ms !== time) {
        kept.ms = time;
        kept.bytes = Buffer.from(`{"level":"${level}","time":"${isoTime(time)}","req":{"id":"`);
      }
      head = kept.bytes;
      if (method !== tailMethod || path !== tailPath || status !== tailStatus) {
        tailMethod = method;
        tailPath = path;
        tailStatus = status;
        tail = Buffer.from(
          `","method":${JSON.stringify(method)},"path":${JSON.stringify(path)}},` +
            `"res":{"status":${status}},"responseTime":`,
        );
      }
      return head.length + id.length + tail.length + MAX_NUMBER_CHARS + END.length;
    },
    write(buffer: Buffer, at: number, id: string, responseTime: number): number {
      let end = at;
      buffer.set(head, end);
      end += head.length;
      end += buffer.write(id, end, "latin1");
      buffer.set(tail, end);
      end += tail.length;
      if (Number.isSafeInteger(responseTime) && responseTime >= 0) {
        // Digits from the last: the number's length first.
        let digits = 1;
        for (let rest = responseTime; rest >= 10; rest = Math.floor(rest / 10)) digits++;
        let rest = responseTime;
        for (let i = end + digits - 1; i >= end; i--) {
          buffer[i] = 48 + (rest % 10);
          rest = Math.floor(rest / 10);
        }
        end += digits;
      } else {
        end += buffer.write(String(responseTime), end, "latin1");
      }
      buffer.set(END, end);
      return end + END.length;
    },
  };
}
