import type { SharedEntry } from "./cache.server";

/**
 * Answers larger than this stay in each instance's own cache: a shared copy would cost every
 * instance the transfer on each miss, and one huge answer should not crowd Redis. The demo
 * content's largest answer is under 20 KB.
 */
export const MAX_SHARED_ENTRY_BYTES = 256 * 1024;

/** The stored form of an entry, `{"t":<storedAt>,"v":<value>}`; null when it is not to be shared. */
export function encodeSharedEntry(
  entry: SharedEntry,
  maxBytes = MAX_SHARED_ENTRY_BYTES,
): string | null {
  if (!Number.isSafeInteger(entry.storedAt) || entry.value === undefined) return null;
  let text: string;
  try {
    text = JSON.stringify({ t: entry.storedAt, v: entry.value });
  } catch {
    return null;
  }
  // Bytes, not characters: cheap check first, exact count only near the bound.
  if (text.length > maxBytes) return null;
  if (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes) return null;
  return text;
}

/** An entry read back, or undefined for anything that is not one (an old format, a stray key). */
export function decodeSharedEntry(text: string | null | undefined): SharedEntry | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    const { t, v } = parsed as { t?: unknown; v?: unknown };
    if (typeof t !== "number" || !Number.isSafeInteger(t) || v === undefined) return undefined;
    return { value: v, storedAt: t };
  } catch {
    return undefined;
  }
}
