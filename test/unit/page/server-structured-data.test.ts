/**
 * The schema.org items as the compiled server writes them into pages: each a
 * `<script type="application/ld+json">` in the head whose text parses, holds no markup a browser
 * could read as the element's end, names the site by SITE_URL whatever the request says its host
 * is, and — on the pricing page — prices each offer as the page's visible text does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownUrls } from "../support/head";
import { formatMoney } from "~/commerce/price";
import { hashSource } from "~/security/inline-hashes";
import { startCompiledServer, type Started } from "../support/compiled-server";

const SITE = "https://www.keynest.test";

type Item = Record<string, unknown> & { "@type": string };

interface Rendered {
  html: string;
  csp: string;
  /** The raw text of each JSON-LD script, in page order. */
  scripts: string[];
  items: Item[];
}

let server: Started;

async function render(path: string): Promise<Rendered> {
  const answer = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: {
      Accept: "text/html",
      "Accept-Language": "en",
      // A proxy's word for the host is never the site's address.
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "evil.example",
    },
  });
  expect(answer.status, path).toBe(200);
  const html = await answer.text();
  const scripts = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => match[1]!);
  return {
    html,
    csp: answer.headers.get("content-security-policy") ?? "",
    scripts,
    items: scripts.map((text) => JSON.parse(text) as Item),
  };
}

/** The page's text as a reader sees it: no scripts, no tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

// Starts a Node process; on a busy machine it may be cut short, so a case may retry.
describe("JSON-LD in the rendered pages", { retry: 2, timeout: 60_000 }, () => {
  beforeAll(async () => {
    server = await startCompiledServer({ SITE_URL: SITE, TRUST_PROXY: "loopback" });
  }, 60_000);
  afterAll(() => {
    server?.child.kill("SIGKILL");
  });

  it.each([
    ["/", ["Organization", "WebSite"], "en"],
    ["/de", ["Organization", "WebSite"], "de"],
    ["/jp", ["Organization", "WebSite"], "ja"],
    ["/zh", ["Organization", "WebSite"], "zh"],
    ["/pricing", ["SoftwareApplication", "FAQPage"], "en"],
    ["/de/pricing", ["SoftwareApplication", "FAQPage"], "de"],
    ["/jp/pricing", ["SoftwareApplication", "FAQPage"], "ja"],
    ["/zh/pricing", ["SoftwareApplication", "FAQPage"], "zh"],
    ["/blog/passkeys-explained", ["BlogPosting"], "en"],
    ["/de/blog/passkeys-explained", ["BlogPosting"], "en"],
    ["/jp/help/manuals/how-to-install", ["BreadcrumbList"], null],
    ["/features", [], null],
  ])("%s carries %j", async (path, types, inLanguage) => {
    const page = await render(path);
    expect(page.items.map((item) => item["@type"])).toEqual(types);
    for (const [i, item] of page.items.entries()) {
      expect(item["@context"]).toBe("https://schema.org");
      // Data blocks, never run: no markup in their text, and no place in the policy's hashes.
      expect(page.scripts[i]).not.toMatch(/[<>]/);
      expect(page.csp).not.toContain(hashSource(page.scripts[i]!));
      if (inLanguage && "inLanguage" in item) expect(item.inLanguage).toBe(inLanguage);
    }
    const urls = ownUrls(page.items);
    if (types.length > 0) expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`${SITE}/`), url).toBe(true);
    expect(page.scripts.join("")).not.toContain("evil.example");
  });

  it.each([
    ["/pricing", "en"],
    ["/de/pricing", "de"],
    ["/jp/pricing", "ja"],
    ["/zh/pricing", "zh"],
  ])("%s: every offer's price is in the page's text, in its language", async (path, locale) => {
    const page = await render(path);
    const app = page.items.find((item) => item["@type"] === "SoftwareApplication")!;
    const offers = app.offers as { name: string; price: number; priceCurrency: string }[];
    expect(offers.length).toBeGreaterThan(0);
    const text = visibleText(page.html);
    for (const offer of offers) {
      const money = formatMoney(Math.round(offer.price * 100), locale, offer.priceCurrency);
      expect(text, `${offer.name}: ${money}`).toContain(money);
    }
  });
});
