import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_TEXT } from "~/http/not-found";
import { startHttpUpstream, type HttpUpstream } from "../../../mocks/http-upstream";
import { startCompiledSite, type CompiledSite } from "../../support/compiled-site";
import { TEST_SESSION_SECRET, TEST_SITE_URL } from "../../support/site-http";

/**
 * The compiled server's Content-Security-Policy as a browser gets it (decision 042): a page may
 * run the scripts Remix wrote for it, named by their hashes, and nothing else — not a script that
 * reached the page in the upstream's content or in a reflected query; the wallet's hosts are
 * named on the wallet page alone. And `/assets` is no folder to redirect into.
 */

/** A script the upstream's content carries (the content's cleaning would drop it first). */
const INJECTED = "alert(1)";
const INJECTED_HASH = `'sha256-${createHash("sha256").update(INJECTED).digest("base64")}'`;
/** The standing pending order bought with Amazon Pay (mocks/sales/catalogue.json). */
const WALLET_ORDER = "101-0a1b2c3d4e5f-00000004";
const WALLET_HOST = "https://*.payments-amazon.com";

let upstream: HttpUpstream;
let site: CompiledSite;

beforeAll(async () => {
  upstream = await startHttpUpstream();
  site = await startCompiledSite({
    API_URL: upstream.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SITE_URL: TEST_SITE_URL,
  });
  // A content page whose rich text holds a script.
  const features = upstream.sandbox.store.page("en", "/features")!.data as {
    components: unknown[];
    settings?: Record<string, unknown>;
  };
  upstream.faults.set({
    path: "/coms/pages/page/",
    query: { path: "/csp-probe" },
    fault: {
      kind: "json",
      body: {
        ...features,
        hreflangLocales: ["en"],
        settings: { canonical: "", ...features.settings },
        components: [
          ...features.components,
          {
            name: "rich-text",
            data: { html: `<p>Probe</p><script>${INJECTED}</script><p>end</p>` },
          },
        ],
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await upstream?.stop();
});

const get = (path: string) =>
  fetch(`${site.url}${path}`, {
    redirect: "manual",
    headers: { Accept: "text/html", "Accept-Language": "en" },
  });

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((part) => {
      const [name, ...sources] = part.split(" ");
      return [name!, sources];
    }),
  );
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The hashes of the inline scripts a browser would run in `html` (read here, by the test). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!) || /type="application\/(ld\+)?json"/.test(attributes!)) continue;
    hashes.add(sha(text!));
  }
  return [...hashes];
}

interface Page {
  status: number;
  html: string;
  policy: Map<string, string[]>;
  raw: string;
}

async function page(path: string): Promise<Page> {
  const answer = await get(path);
  const raw = answer.headers.get("content-security-policy") ?? "";
  return { status: answer.status, html: await answer.text(), policy: directives(raw), raw };
}

/** Whatever would let a script the site did not write run: none may be in script-src. */
function expectNoOtherWay(policy: Map<string, string[]>) {
  const scripts = policy.get("script-src") ?? [];
  for (const source of scripts) {
    expect(source).not.toMatch(/^'(unsafe-inline|unsafe-hashes|unsafe-eval|strict-dynamic)'$/);
    expect(source).not.toMatch(/^'nonce-/);
    expect(source).not.toMatch(/^(\*|https?:|data:|blob:)$/);
  }
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.has("script-src-elem")).toBe(false);
  expect(policy.has("script-src-attr")).toBe(false);
}

describe("the policy names the site's own scripts only", { retry: 2, timeout: 60_000 }, () => {
  it.each(["/", "/features", "/de/pricing", "/search?q=vault", "/nothing-here"])(
    "on %s: exactly the scripts Remix wrote into the page, by their hashes",
    async (path) => {
      const { html, policy } = await page(path);
      const hashes = (policy.get("script-src") ?? []).filter((s) => s.startsWith("'sha256-"));
      expect(hashes.length).toBeGreaterThan(2);
      expect(new Set(hashes)).toEqual(new Set(inlineScriptHashes(html)));
      expectNoOtherWay(policy);
    },
  );

  it("allows neither by hash nor otherwise a script the upstream's content carries", async () => {
    const { status, html, policy, raw } = await page("/csp-probe");
    expect(status).toBe(200);
    expect(html).toContain("Probe");
    expect(raw).not.toContain(INJECTED_HASH);
    expectNoOtherWay(policy);
    // The page's own scripts still run: their hashes, and only theirs.
    const hashes = (policy.get("script-src") ?? []).filter((s) => s.startsWith("'sha256-"));
    for (const hash of hashes) expect(inlineScriptHashes(html)).toContain(hash);
  });

  it("allows neither by hash nor otherwise a script in a reflected query", async () => {
    const q = encodeURIComponent(`</script><script>${INJECTED}</script>`);
    const { status, html, policy, raw } = await page(`/search?q=${q}`);
    expect(status).toBe(200);
    expect(html).not.toContain(`<script>${INJECTED}</script>`);
    expect(raw).not.toContain(INJECTED_HASH);
    expectNoOtherWay(policy);
  });
});

describe("the wallet's hosts", { retry: 2, timeout: 60_000 }, () => {
  it.each([`/amazon/payment?order=${WALLET_ORDER}`, `/de/amazon/payment?order=${WALLET_ORDER}`])(
    "are named on the wallet page %s, which loads the wallet's script",
    async (path) => {
      const { status, html, policy } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain("payments-amazon.com/checkout.js");
      for (const name of ["script-src", "connect-src", "frame-src", "style-src"]) {
        expect(policy.get(name), name).toContain(WALLET_HOST);
      }
    },
  );

  it.each([
    "/",
    "/features",
    "/pricing",
    "/de/features",
    "/order/checkout?plan=102",
    "/sign-in",
    "/search?q=vault",
    "/nothing-here",
    "/csp-probe",
  ])("are not named on %s", async (path) => {
    const { raw } = await page(path);
    expect(raw).toContain("default-src 'none'");
    expect(raw).not.toContain("payments-amazon");
  });

  it("are not named on what is no page", async () => {
    for (const path of ["/assets/nothing.js", "/robots.txt", "/healthz"]) {
      const answer = await get(path);
      expect(answer.headers.get("content-security-policy"), path).not.toContain("payments-amazon");
    }
  });
});

describe("the built files' folder", { retry: 2, timeout: 60_000 }, () => {
  it.each(["/assets", "/assets/", "/ASSETS", "/assets//", "/Assets/"])(
    "%s ends at the plain 404 within one redirect",
    async (start) => {
      let path = start;
      let redirects = 0;
      let answer = await get(path);
      while (answer.status >= 300 && answer.status < 400 && redirects < 5) {
        redirects += 1;
        path = new URL(answer.headers.get("location")!, site.url).pathname;
        answer = await get(path);
      }
      expect(redirects, `${start} → ${path}`).toBeLessThanOrEqual(1);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(NOT_FOUND_TEXT);
    },
  );
});
