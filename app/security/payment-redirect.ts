import { sameSitePath } from "~/http/redirects";

/**
 * Where a buyer may be sent to pay: the URL the provider's purchase call answered, when it is a
 * path on this site (the sandbox's `/sandbox/pay?order=…`), an address on the site's own origin
 * (answered as its path), or an https address on one of the configured payment hosts. Anything
 * else — another host, `http:` to a payment host, user info, odd ports, `javascript:` — is null:
 * the checkout never turns a provider answer into an open redirect.
 */
export function paymentRedirectTarget(
  url: unknown,
  allowed: { siteUrl: string; paymentHosts: readonly string[] },
): string | null {
  if (typeof url !== "string" || url.length > 2048) return null;
  if (url.startsWith("/")) return sameSitePath(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  const site = new URL(allowed.siteUrl);
  if (parsed.origin === site.origin) {
    return sameSitePath(parsed.pathname + parsed.search + parsed.hash);
  }
  if (parsed.protocol !== "https:" || parsed.port !== "") return null;
  const host = parsed.hostname.toLowerCase();
  return allowed.paymentHosts.some((allowedHost) => allowedHost.toLowerCase() === host)
    ? parsed.href
    : null;
}
