import { createHash } from "node:crypto";

/**
 * What a stored page is answered with: the content coding a client takes best, and whether the
 * page it already has (`If-None-Match`) is this one. Used by the page cache on every hit.
 */

/** The content codings a stored page is kept in, best first. */
export type Coding = "br" | "gzip" | "identity";

/**
 * The coding to answer an `Accept-Encoding` with: brotli when the page has it and the client
 * takes it, else gzip, else the page as it is. A coding refused with `q=0` is never chosen; `*`
 * takes any. Equal preferences are decided by size (brotli, then gzip), not by order.
 */
export function codingFor(header: string | undefined, haveBr: boolean): Coding {
  if (!header) return "identity";
  const taken = new Map<string, number>();
  for (const entry of header.split(",")) {
    const [coding = "", ...params] = entry.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    taken.set(coding.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (coding: string) => taken.get(coding) ?? taken.get("*") ?? 0;
  if (haveBr && weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return "identity";
}

/** Whether `If-None-Match` names the page's tag (weak comparison, RFC 9110 §13.1.2), or `*`. */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === `"${tag}"`;
  });
}

/** A page's tag: the first 128 bits of its SHA-256, so every instance gives the same page the same. */
export function pageTag(body: Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 22);
}
