import { createHash, timingSafeEqual } from "node:crypto";

/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(header: string | undefined): string | null {
  if (!header || header.length > 1024) return null;
  const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(header);
  return match ? match[1]! : null;
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Whether `given` is the admin token, in constant time: both are hashed first, so neither the
 * content nor the length of the real token shows in how long a wrong guess takes.
 */
export function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null || expected === "") return false;
  return timingSafeEqual(digest(given), digest(expected));
}
