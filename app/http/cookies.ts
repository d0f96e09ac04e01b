import { parseCookie, stringifyCookie } from "cookie";

/**
 * The site reads cookie values as they were sent: its values are codes and base64url, which need
 * no decoding, and a reader that decodes does so itself.
 */
const asSent = (value: string) => value;

/** The cookies of a Cookie header by name, each as sent; of two of one name, the first. */
function parse(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header, { decode: asSent }) : {};
}

/** The raw value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  return parse(header)[name] ?? null;
}

/**
 * The raw values of the named cookies in a Cookie header, read in one pass: for each name what
 * `readCookie` answers (the first cookie of that name), absent when there is none.
 */
export function readCookies<Name extends string>(
  header: string | null | undefined,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const all = parse(header);
  const found: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = all[name];
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/** No cookie of the site's is longer than this (the session cookie is the largest, ~1 KB). */
const MAX_COOKIE_VALUE = 4096;

function isWellFormed(value: string): boolean {
  if (value.length > MAX_COOKIE_VALUE) return false;
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** The site's own cookies (`own`) in `cookies` that are malformed: undecodable or oversized. */
function malformed(cookies: Record<string, string | undefined>, own: readonly string[]): string[] {
  return own.filter((name) => {
    const value = cookies[name];
    return value !== undefined && !isWellFormed(value);
  });
}

/** Whether `dropMalformedCookies` would drop a cookie from this header, without making the header. */
export function hasMalformedCookie(header: string, own: readonly string[]): boolean {
  return malformed(parse(header), own).length > 0;
}

/**
 * The Cookie header without the site's own cookies that are malformed (undecodable or oversized),
 * and the names of those: a bad cookie is ignored and cleared, so the visitor is never stuck
 * with a page that cannot be rendered. When one is dropped, the header is written again from the
 * cookies every reader sees (the first of each name); another site's cookie that cannot be
 * written in a Cookie header is left out with it.
 */
export function dropMalformedCookies(
  header: string,
  own: readonly string[],
): { header: string; dropped: string[] } {
  const cookies = parse(header);
  const dropped = malformed(cookies, own);
  if (dropped.length === 0) return { header, dropped };
  const kept: string[] = [];
  for (const [name, value] of Object.entries(cookies)) {
    if (value === undefined || dropped.includes(name)) continue;
    try {
      kept.push(stringifyCookie({ [name]: value }, { encode: asSent }));
    } catch {
      // Not a cookie a browser could have sent as it is: nothing of the site's reads it.
    }
  }
  return { header: kept.join("; "), dropped };
}
