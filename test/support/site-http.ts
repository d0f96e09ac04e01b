/**
 * Requests to a running site as a browser without JS would make them, and what the tests read
 * from the answers.
 */

/** The public origin the test sites are configured with (POSTs carry it as their Origin). */
export const TEST_SITE_URL = "https://www.keynest.test";
export const TEST_SESSION_SECRET = "fault-tests-session-secret-0123456789abcdef";

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** How long the answer took, in ms. */
  ms: number;
}

async function timed(request: Promise<Response>): Promise<Answer> {
  const started = performance.now();
  const response = await request;
  const body = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body,
    ms: performance.now() - started,
  };
}

/** A page as a browser asks for it (HTML, gzip), without following redirects. */
export function getPage(base: string, path: string): Promise<Answer> {
  return timed(
    fetch(`${base}${path}`, {
      headers: {
        Accept: "text/html",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      },
      redirect: "manual",
    }),
  );
}

/** A form post from a page of the site, without JS. */
export function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
): Promise<Answer> {
  return timed(
    fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        Accept: "text/html",
        Origin: TEST_SITE_URL,
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    }),
  );
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#x27": "'",
  "#39": "'",
};
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name] ?? "");

/** The text of the page's first `<h1>`. */
export function h1Of(body: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body);
  return match ? decode(match[1]!.replace(/<[^>]+>/g, "")).trim() : undefined;
}

/** The `lang` of the page's `<html>`. */
export function langOf(body: string): string | undefined {
  return /<html[^>]*\slang="([^"]+)"/.exec(body)?.[1];
}

/** The texts of the page's alerts (form errors). */
export function alertsOf(body: string): string[] {
  return [...body.matchAll(/role="alert"[^>]*>([^<]*)</g)].map((m) => decode(m[1]!).trim());
}

/**
 * The sum of the samples of one metric in a Prometheus text exposition whose labels include
 * `labels` (all of its series when none are given); undefined when there is none.
 */
export function sample(
  metrics: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  let total: number | undefined;
  for (const line of metrics.split("\n")) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== " " && rest[0] !== "{") continue;
    const labelText = rest[0] === "{" ? rest.slice(1, rest.indexOf("}")) : "";
    const found = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total = (total ?? 0) + Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return total;
}
