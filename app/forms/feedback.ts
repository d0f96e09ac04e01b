/**
 * The feedback panels (SPEC §2): which pages carry one, and the cookie that remembers the pages a
 * visitor has answered, so each is asked once. Pure functions, shared by the page variant, the
 * content loader and the form handlers; every path here is the path without its language prefix.
 */

import { plainCookieNotice } from "~/http/set-cookie";

/** 'Was this helpful?' (`page`) or 'Have you successfully downloaded …?' (`download`). */
export type FeedbackKind = "page" | "download";

/** The form id (`_form`, anchor, flash) of each panel. */
export const FEEDBACK_FORM_IDS = { page: "feedback", download: "download" } as const;

/** The pages answered: short hashes of kind and path, oldest first, separated by dots. */
export const FEEDBACK_COOKIE = "kn_fb";
/** How many answered pages the cookie keeps (older ones may be asked again). */
export const FEEDBACK_REMEMBERED = 50;
export const FEEDBACK_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const FEEDBACK_COOKIE_NOTICE = plainCookieNotice(FEEDBACK_COOKIE, {
  purpose: "feedback",
  maxAgeS: FEEDBACK_COOKIE_MAX_AGE,
  scriptReadable: true,
});

/** `path` lies strictly below `section` (`/help/x` below `/help`, not `/help` itself). */
function isBelow(path: string, section: string): boolean {
  return path.startsWith(`${section}/`) && path.length > section.length + 1;
}

/**
 * The panel a page shows: help, manual and use-case pages ask whether they helped, download
 * pages whether the download worked; the section overviews (`/help`, `/downloads`) ask nothing.
 */
export function feedbackPanelFor(path: string): FeedbackKind | null {
  if (isBelow(path, "/help")) return "page";
  if (isBelow(path, "/downloads")) return "download";
  return null;
}

/** A page's entry in the cookie: FNV-1a (32 bit) of kind and path, in base 36 (≤ 7 characters). */
export function feedbackHash(kind: FeedbackKind, path: string): string {
  let hash = 0x811c9dc5;
  const text = `${kind}:${path}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const ENTRY = /^[0-9a-z]{1,7}$/;

/** The entries of a cookie value; anything malformed is skipped, at most the last 50 kept. */
export function parseAnswered(raw: string | null | undefined): string[] {
  if (!raw || raw.length > 2048) return [];
  const entries = [...new Set(raw.split(".").filter((entry) => ENTRY.test(entry)))];
  return entries.slice(-FEEDBACK_REMEMBERED);
}

export function isAnswered(
  raw: string | null | undefined,
  kind: FeedbackKind,
  path: string,
): boolean {
  return parseAnswered(raw).includes(feedbackHash(kind, path));
}

/** The cookie's new value once the page is answered: it moves to the end, the oldest drop out. */
export function rememberAnswer(
  raw: string | null | undefined,
  kind: FeedbackKind,
  path: string,
): string {
  const entry = feedbackHash(kind, path);
  const kept = parseAnswered(raw).filter((e) => e !== entry);
  return [...kept, entry].slice(-FEEDBACK_REMEMBERED).join(".");
}

/**
 * What a content page tells its panel: which one. Whether this visitor answered it is read from
 * the cookie in the browser (so the page's HTML is the same for everyone) and by the form's
 * handler, which does not count a page's vote twice.
 */
export interface FeedbackPanelState {
  kind: FeedbackKind;
}
