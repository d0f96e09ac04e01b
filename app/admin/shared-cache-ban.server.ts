import { log } from "~/observability/log.server";

/** How the shared cache in front of the instances took a clear (SHARED_CACHE_BAN_URL). */
export type SharedCacheBan =
  /** It answered the BAN with a 2xx: everything it kept is gone. */
  | { status: "banned" }
  /** It refused the BAN, or did not answer in time. */
  | { status: "failed"; error: string }
  /** No SHARED_CACHE_BAN_URL: there is no shared cache to clear, or it is purged another way. */
  | { status: "off" };

export interface SharedCacheBanOptions {
  /** Where the shared cache takes a `BAN` (compose: http://cache:6081/); undefined: off. */
  url: string | undefined;
  /** How long one BAN may take. */
  timeoutMs?: number;
  /**
   * When the BAN is sent once more. The other instances hear a clear through Redis a little
   * later than this one clears itself, so the shared cache could refill from one of them with a
   * page rendered before; the second BAN drops that copy too.
   */
  repeatAfterMs?: number;
}

/** Sends one `BAN` to the shared cache. */
export async function sendBan(url: string, timeoutMs = 5_000): Promise<SharedCacheBan> {
  try {
    const response = await fetch(url, { method: "BAN", signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    if (response.ok) return { status: "banned" };
    return { status: "failed", error: `the shared cache answered ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: "failed", error: cause ?? (error as Error).name ?? "unreachable" };
  }
}

/**
 * The admin clear's last step: empties the shared cache in front of the instances with a BAN,
 * answers how that went, and bans once more `repeatAfterMs` later (logged, not awaited).
 */
export function sharedCacheBanner(options: SharedCacheBanOptions): () => Promise<SharedCacheBan> {
  const { url, timeoutMs = 5_000, repeatAfterMs = 1_000 } = options;
  return async () => {
    if (!url) return { status: "off" };
    const first = await sendBan(url, timeoutMs);
    const timer = setTimeout(() => {
      void sendBan(url, timeoutMs).then((again) => {
        if (again.status === "banned") log.info("Shared cache banned again after the clear");
        else log.warn("The shared cache's second ban failed", { sharedCache: again });
      });
    }, repeatAfterMs);
    timer.unref();
    return first;
  };
}
