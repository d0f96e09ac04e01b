import { getConfig } from "~/config/config.server";

/**
 * The server's idea of "now". CLOCK_NOW pins it (demos of a dated promotion, browser tests);
 * otherwise it is the real time. Everything dated (banners) reads the clock from here and passes
 * the value to the browser, so both agree.
 */
export function now(): number {
  return getConfig().clockNow ?? Date.now();
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The date a page is rendered for: `now()` at the start of its UTC hour. Everything a page shows
 * from the clock is by the day (the footer's year, banner windows), so two renders of a page in the
 * same hour — on any instance — give the same bytes, and a shared cache may keep either.
 */
export function pageDate(): number {
  return startOfUtcHour(now());
}

export function startOfUtcHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}
