/**
 * The optional third-party integrations (SPEC §7, §8, §9): what the environment may name and how
 * each value is checked. Parsed by app/config/config.server.ts; every check is a pure function.
 */

/** Google Tag Manager's own host; a server-side tagging domain can replace it. */
export const DEFAULT_TAG_MANAGER_HOST = "https://www.googletagmanager.com";

/** A web container's id, as Tag Manager shows it (GTM-XXXXXXX). */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** SPEC §9: the share of page loads and navigations traced by error reporting. */
export const TRACES_SAMPLE_RATE = 0.2;

export interface IntegrationsConfig {
  /** The tag manager, when an id is configured. */
  tagManager: { id: string; host: string } | null;
  /** The consent-management script, loaded before the tag manager. */
  consent: { src: string; attributes: Record<string, string>; hosts: string[] } | null;
  /** Error reporting to a Sentry-compatible ingest, when a DSN is configured. */
  errors: { dsn: string; environment: string; release: string | undefined } | null;
}

/** Hosts that may be named without TLS: a developer's own machine. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a DSN cannot be used, or null when it can. A DSN is
 * `https://<public key>@<host>[/<path>]/<project id>`; its public key is public by design, but
 * an old-style DSN with a secret key (`key:secret@`) must never reach a browser.
 */
export function dsnProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a DSN such as https://<public key>@o1.ingest.sentry.io/<project id>";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname))) {
    return "must be an https DSN";
  }
  if (!/^[A-Za-z0-9]{8,64}$/.test(url.username)) return "must name the project's public key";
  if (url.password) return "must not hold a secret key (use the public DSN)";
  if (url.search || url.hash) return "must not have a query or fragment";
  if (!/^(\/[\w.-]+)*\/\d{1,20}$/.test(url.pathname)) return "must end with the project id";
  return null;
}

/** The origin error reports are sent to (the DSN without key and path). */
export function dsnOrigin(dsn: string): string {
  return new URL(dsn).origin;
}

/** Whether `value` is an https URL (a third-party script may only come over TLS). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** An https origin: scheme, host and optional port, nothing else (`https://gtm.example.com`). */
export function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && `${url.origin}` === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

const ATTRIBUTE_NAME = /^(id|data-[a-z0-9-]{1,50})$/;
const ATTRIBUTE_VALUE = /^[\w.:/@+=-]{0,200}$/;
const MAX_ATTRIBUTES = 10;

/**
 * The consent script's attributes, from `name=value` pairs separated by commas
 * (`id=Cookiebot,data-cbid=0000,data-blockingmode=auto`). Only `id` and `data-*` attributes with
 * plain values are taken: a CMP identifies itself with them, and nothing else (no `src`, no
 * event handlers) can be smuggled in. Returns the attributes, or a message naming the bad pair.
 */
export function parseScriptAttributes(text: string): Record<string, string> | string {
  const attributes: Record<string, string> = {};
  const pairs = text
    .split(",")
    .map((pair) => pair.trim())
    .filter(Boolean);
  if (pairs.length > MAX_ATTRIBUTES) return `may name at most ${MAX_ATTRIBUTES} attributes`;
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const name = (at < 0 ? pair : pair.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? "" : pair.slice(at + 1).trim();
    if (!ATTRIBUTE_NAME.test(name)) {
      return `"${name.slice(0, 40)}" is not allowed: only id and data-* attributes`;
    }
    if (!ATTRIBUTE_VALUE.test(value)) {
      return `the value of ${name} may hold only letters, digits and . : / @ + = _ -`;
    }
    attributes[name] = value;
  }
  return attributes;
}

/** Comma-separated https origins (`https://a.example, https://b.example`), or null if any is not. */
export function parseOrigins(text: string): string[] | null {
  const origins = text
    .split(",")
    .map((origin) => origin.trim().replace(/\/$/, ""))
    .filter(Boolean);
  return origins.every(isHttpsOrigin) ? origins : null;
}
