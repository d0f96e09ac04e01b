/** Notices a visitor can close for good; the choice is kept in one cookie. */
export const DISMISSIBLE = ["cookie", "nonLanguage", "rewards"] as const;
export type Dismissible = (typeof DISMISSIBLE)[number];

export const DISMISSED_COOKIE = "dismissed";

export function isDismissible(value: unknown): value is Dismissible {
  return typeof value === "string" && (DISMISSIBLE as readonly string[]).includes(value);
}

/** The notices named in the cookie's value (`cookie.rewards`), unknown names ignored. */
export function parseDismissed(value: string | null | undefined): Dismissible[] {
  if (!value) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return [];
  }
  return [...new Set(decoded.split("."))].filter(isDismissible);
}

export function serializeDismissed(list: readonly Dismissible[]): string {
  return [...new Set(list)].filter(isDismissible).join(".");
}
