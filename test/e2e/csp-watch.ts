import { createHash } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const HTML_ACCEPT = { Accept: "text/html" };

/**
 * The CSP hash source of every inline script in a page that a browser may run (data blocks
 * aside), computed here from the HTML as sent: the page's policy must name each one.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...sources];
}

/**
 * Everything that says a page broke its Content-Security-Policy or Permissions-Policy, or that
 * the browser could not read them: console errors and warnings about either,
 * `securitypolicyviolation` events, and reports posted to /csp-report. Call before the first
 * navigation; read `violations()` at the end.
 */
export async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (
      (message.type() === "error" || message.type() === "warning") &&
      /Content Security Policy|Permissions-Policy|Refused to/i.test(message.text())
    ) {
      seen.push(`console: ${message.text()}`);
    }
  });
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/csp-report") {
      seen.push(`report: ${request.postData() ?? ""}`);
    }
  });
  await page.addInitScript(() => {
    const events: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = events;
    document.addEventListener("securitypolicyviolation", (event) => {
      events.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return async () => {
    const events = await page
      .evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])
      .catch(() => []);
    return [...seen, ...events.map((event) => `event: ${event}`)];
  };
}

/** An image address no policy of the site allows (img-src is 'self', data: and https:). */
const PROBE = "http://csp-probe.invalid/probe.png";

/**
 * What `violations` has seen once it has caught up with the page: the page breaks its policy once
 * on purpose (an image from a host no policy allows), and this waits until that violation has
 * come through the console and, when the page's scripts run (`js`), as a
 * `securitypolicyviolation` event. Each channel delivers in the order the page met them, so every
 * earlier violation has come through too. The probe's own entries are left out.
 */
export async function violationsCaughtUp(
  page: Page,
  violations: () => Promise<string[]>,
  js: boolean,
): Promise<string[]> {
  await page.evaluate((src) => {
    new Image().src = src;
  }, PROBE);
  const channels = js ? ["console: ", "event: "] : ["console: "];
  await expect
    .poll(
      async () => {
        const probes = (await violations()).filter((entry) => entry.includes(PROBE));
        return channels.filter((channel) => !probes.some((entry) => entry.startsWith(channel)));
      },
      { message: "the probe violation comes through every channel" },
    )
    .toEqual([]);
  return (await violations()).filter((entry) => !entry.includes(PROBE));
}
