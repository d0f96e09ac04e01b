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

/**
 * The extensions of what a site serves as files (its own assets and public files, and what
 * scanners ask for): a path ending in one names a file, never one of the pages. A page's slug
 * may hold a dot ("/blog/whats-new-3.5") and stays a page.
 */
const FILE_EXTENSIONS = new Set(
  (
    "js mjs cjs css map json txt xml webmanifest ico svg png jpg jpeg gif webp avif bmp tif tiff " +
    "woff woff2 ttf otf eot pdf zip gz br tar rar 7z exe dmg msi pkg apk deb rpm mp3 mp4 webm " +
    "ogg wav mov csv wasm html htm php asp aspx jsp cgi pl py rb sh env ini cfg conf bak old " +
    "orig swp sql sqlite db log yml yaml toml lock"
  ).split(" "),
);

/** Whether a path names a file (it ends in one of FILE_EXTENSIONS): never one of the pages. */
export function isFilePath(path: string): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1];
  return extension !== undefined && FILE_EXTENSIONS.has(extension.toLowerCase());
}
