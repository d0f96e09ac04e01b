/** Notices a visitor can close for good; the choice is kept in one cookie. */
export const DISMISSIBLE = ["cookie", "nonLanguage", "rewards"] as const;
export type Dismissible = (typeof DISMISSIBLE)[number];

export const DISMISSED_COOKIE = "dismissed";

export function isDismissible(value: unknown): value is Dismissible {
  return typeof value === "string" && (DISMISSIBLE as readonly string[]).includes(value);
}

/** The notices in their canonical (`DISMISSIBLE`) order, each once, unknown names dropped. */
function canonical(names: Iterable<unknown>): Dismissible[] {
  const named = new Set(names);
  return DISMISSIBLE.filter((name) => named.has(name));
}

/**
 * The notices named in the cookie's value (`cookie.rewards`), in any order, unknown names
 * ignored; returned in the canonical order, so the same notices always give the same page.
 */
export function parseDismissed(value: string | null | undefined): Dismissible[] {
  if (!value) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return [];
  }
  return canonical(decoded.split("."));
}

/**
 * The cookie's value, always in the canonical order: the raw value is then one of the few
 * variants a shared cache keys a page on (the `dismissed` cookie).
 */
export function serializeDismissed(list: readonly Dismissible[]): string {
  return canonical(list).join(".");
}
