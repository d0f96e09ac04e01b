import { CHUNK_RELOAD_KEY, isChunkLoadError, mayReloadAfterChunkError } from "./progress";

function lastReload(): number | null {
  try {
    const value = sessionStorage.getItem(CHUNK_RELOAD_KEY);
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}

/**
 * After a deploy, an open tab may ask for script chunks that no longer exist. Reload once to get
 * the new build, but never more than once a minute, so a real outage cannot loop.
 */
export function reloadAfterChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const now = Date.now();
  if (!mayReloadAfterChunkError(lastReload(), now)) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage may be unavailable (private mode); reloading once is still right.
  }
  window.location.reload();
  return true;
}

export function installChunkErrorReload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    const detail = (event as Event & { payload?: unknown }).payload;
    if (reloadAfterChunkError(detail ?? new Error("Unable to preload CSS"))) event.preventDefault();
  });
  window.addEventListener("unhandledrejection", (event) => {
    reloadAfterChunkError(event.reason);
  });
}
