/**
 * The one spelling of a path the site answers (decision 040). Every request is read in this form
 * first (app/server/request-target.ts): any other spelling of the same path is one 301 to it,
 * before a limit, mount, cache or route sees the request; and every redirect target is judged in
 * it (app/http/redirects.ts), so `/%61ction/vault` is `/action/vault` to every rule.
 *
 * - Each segment is percent-decoded, then written again with only what a path segment may not
 *   carry as it is (RFC 3986) encoded, in upper-case hex: `/se%61rch` is `/search`, `%2F` inside
 *   a segment stays `%2F` (it is no separator), `/ru/%d0%b1` is `/ru/%D0%B1`.
 * - Case is folded: the site's paths are lower-case (routes, content slugs, built assets), and
 *   routing matches without case anyway, so `/SEARCH` and `/Search` are `/search`.
 * - Empty segments are dropped (`//` → `/`), dot segments resolved (`%2e%2e` too), and a
 *   trailing slash dropped, except under `/api/`, whose hand-off paths mirror the upstream's.
 *
 * Null when a segment is not valid percent-encoded UTF-8 (the request is then a 400).
 */
export function canonicalPath(path: string): string | null {
  const out: string[] = [];
  const raw = path.split("/");
  for (let i = 1; i < raw.length; i++) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw[i]!).toLowerCase();
    } catch {
      return null;
    }
    if (segment === "" || segment === ".") continue;
    if (segment === "..") out.pop();
    else out.push(segment);
  }
  const joined = `/${out.map(encodeSegment).join("/")}`;
  const keepSlash = joined.startsWith("/api/") && path.endsWith("/");
  return keepSlash ? `${joined}/` : joined;
}

/** Whether `path` is already in its canonical spelling (`canonicalPath`). */
export function isCanonicalPath(path: string): boolean {
  return canonicalPath(path) === path;
}

/** The characters `encodeURIComponent` encodes that a path segment may carry as they are. */
const KEPT = /%(24|26|2B|2C|3B|3D|3A|40)/g;

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(KEPT, (escape) => decodeURIComponent(escape));
}
