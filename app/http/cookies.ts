/** The raw value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The raw values of the named cookies in a Cookie header, read in one pass: for each name what
 * `readCookie` answers (the first cookie of that name), absent when there is none.
 */
export function readCookies<Name extends string>(
  header: string | null | undefined,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const found: Partial<Record<Name, string>> = {};
  if (!header) return found;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim() as Name;
    if (names.includes(name) && found[name] === undefined) found[name] = part.slice(eq + 1).trim();
  }
  return found;
}

/** No cookie of the site's is longer than this (the session cookie is the largest, ~1 KB). */
export const MAX_COOKIE_VALUE = 4096;

function isWellFormed(value: string): boolean {
  if (value.length > MAX_COOKIE_VALUE) return false;
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** The name of a cookie pair (`name=value`) that is one of the site's own and malformed, else null. */
function malformedOwn(part: string, own: readonly string[]): string | null {
  const eq = part.indexOf("=");
  const name = (eq === -1 ? part : part.slice(0, eq)).trim();
  if (!own.includes(name)) return null;
  return eq !== -1 && isWellFormed(part.slice(eq + 1).trim()) ? null : name;
}

/** Whether `dropMalformedCookies` would drop a cookie from this header, without making the header. */
export function hasMalformedCookie(header: string, own: readonly string[]): boolean {
  return header.split(";").some((part) => malformedOwn(part, own) !== null);
}

/**
 * The Cookie header without the site's own cookies that are malformed (undecodable or oversized),
 * and the names of those: a bad cookie is ignored and cleared, so the visitor is never stuck
 * with a page that cannot be rendered. Other sites' cookies on the domain are left as they are.
 */
export function dropMalformedCookies(
  header: string,
  own: readonly string[],
): { header: string; dropped: string[] } {
  const dropped: string[] = [];
  const kept = header.split(";").filter((part) => {
    const name = malformedOwn(part, own);
    if (name === null) return true;
    dropped.push(name);
    return false;
  });
  return { header: kept.join(";").trim(), dropped };
}
