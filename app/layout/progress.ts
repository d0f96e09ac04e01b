/** SPEC §9: the progress bar appears after 200 ms of navigation and fills over 5 s. */
export const PROGRESS = { throttleMs: 200, durationMs: 5_000 } as const;

/** SPEC §9: after a failed chunk load the page reloads at most once every 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = "chunk-reload-at";

/** Whether a chunk-load failure may reload the page now, given when it last did. */
export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS
  );
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_ERROR.test(message);
}

/** Search-engine cache viewers serve a copy of the page from their own host (SPEC §1). */
const CACHE_HOSTS = [
  /^webcache\.googleusercontent\.com$/,
  /^cc\.bingj\.com$/,
  /(^|\.)yandexwebcache\.net$/,
  /^webcache\.yandex\.[a-z.]+$/,
];

export function isCacheViewerHost(hostname: string): boolean {
  return CACHE_HOSTS.some((re) => re.test(hostname.toLowerCase()));
}
