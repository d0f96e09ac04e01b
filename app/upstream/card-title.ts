/** Card titles of listed posts (applied on the server, when the list is fetched). */

/**
 * A post's title for a card: without a trailing site or blog suffix (`… | KeyNest Blog`,
 * `… | KeyNest`, `… - KeyNest Blog`), which the page title carries but a list of posts repeats.
 */
export function cardTitle(title: string, brand = ""): string {
  const trimmed = title.trim();
  const escaped = brand.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const patterns = [/\s+[|–—-]\s+[^|–—-]*\bBlog\s*$/i];
  if (escaped) patterns.push(new RegExp(`\\s+[|–—-]\\s+${escaped}\\s*$`, "i"));
  for (const pattern of patterns) {
    const stripped = trimmed.replace(pattern, "").trim();
    if (stripped && stripped !== trimmed) return stripped;
  }
  return trimmed;
}
