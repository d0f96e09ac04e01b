import { createHash } from "node:crypto";

/**
 * A rendered page's validator: a weak ETag from its bytes, so a browser or a shared cache that has
 * the page gets a 304 instead of it (app/entry.server.tsx). Every instance gives the same page the
 * same tag.
 */
export function pageTag(body: Uint8Array): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Whether `If-None-Match` names `tag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesTag(ifNoneMatch: string | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === opaque;
  });
}
