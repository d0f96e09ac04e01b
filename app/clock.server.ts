import { getConfig } from "~/config.server";

/**
 * The server's idea of "now". CLOCK_NOW pins it (demos of a dated promotion, browser tests);
 * otherwise it is the real time. Everything dated (banners) reads the clock from here and passes
 * the value to the browser, so both agree.
 */
export function now(): number {
  return getConfig().clockNow ?? Date.now();
}
