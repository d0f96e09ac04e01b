/**
 * SPEC §8's plain answer to a request for something that is not a page — a missing asset or
 * public file, an unknown API or UI-strings path: no page to render, so no page around it. A page
 * that does not exist gets the site's 404 page instead.
 */
export const NOT_FOUND_TEXT = "The request URL was not found on this server";

/** Headers of the plain 404: text, never sniffed, kept by a shared cache for `maxAge` seconds. */
export function notFoundHeaders(maxAge: number): Record<string, string> {
  return {
    "Content-Type": "text/plain; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": `public, max-age=${maxAge}`,
  };
}

/** The plain 404 as a Fetch response (resource routes). */
export function notFoundResponse(maxAge: number): Response {
  return new Response(NOT_FOUND_TEXT, { status: 404, headers: notFoundHeaders(maxAge) });
}

/** Whether a path names a file (its last segment has an extension): never one of the pages. */
export function isFilePath(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}
