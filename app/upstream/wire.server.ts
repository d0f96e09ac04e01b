/**
 * The upstream's wire format: call URLs, cache keys, and answers read with a size limit and
 * parsed as JSON, for client.server.ts.
 */

/** A call's query parameters; undefined and null are left out. */
export type UpstreamQuery = Record<string, string | number | boolean | undefined | null>;

/** Builds `<base>/api<path>?<query>`; GETs also carry a `ts` timestamp. */
export function buildUpstreamUrl(
  baseUrl: string,
  path: string,
  query: UpstreamQuery | undefined,
  ts: number | null,
): URL {
  const url = new URL(`${baseUrl}/api${path.startsWith("/") ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  if (ts !== null) url.searchParams.set("ts", String(ts));
  return url;
}

/** The shared cache's key for a call: its path and its query, in a fixed order. */
export function cacheKey(path: string, query: UpstreamQuery | undefined): string {
  const entries = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${String(v)}`)
    .sort();
  return `${path}?${entries.join("&")}`;
}

/** An answer over the size limit (MAX_UPSTREAM_BYTES). */
export class BodyTooLarge extends Error {}

/** The body as text, read up to `limit` bytes; a longer body is cancelled and refused. */
async function readText(response: Response, limit: number): Promise<string> {
  if (Number(response.headers.get("content-length") ?? 0) > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The body parsed as JSON (an empty body is null), or `ok: false` when it is not JSON. */
export async function readJson(
  response: Response,
  limit: number,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await readText(response, limit);
  if (!text) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** An error answer as an object, whatever JSON the upstream sent. */
export function asBody(value: unknown): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  return value === null || value === undefined ? {} : { data: value };
}
