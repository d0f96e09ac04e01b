/** Promotional banners and the days they run (inclusive, UTC), judged against the server's date. */
export interface BannerWindow {
  start: string;
  end: string;
}

export const BANNERS = {
  rewards: { start: "2025-07-09", end: "2025-12-31" },
  coinRewards: { start: "2025-05-14", end: "2025-10-30" },
} as const satisfies Record<string, BannerWindow>;

export type BannerName = keyof typeof BANNERS;

const DAY_MS = 24 * 60 * 60 * 1000;

/** True from the first moment of `start` to the last moment of `end` (UTC). */
export function isWithinWindow(now: number, window: BannerWindow): boolean {
  const from = Date.parse(`${window.start}T00:00:00Z`);
  const until = Date.parse(`${window.end}T00:00:00Z`) + DAY_MS;
  return now >= from && now < until;
}

export function isBannerLive(name: BannerName, serverDate: number): boolean {
  return isWithinWindow(serverDate, BANNERS[name]);
}
