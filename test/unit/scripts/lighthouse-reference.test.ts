import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  copiedHeaders,
  REFERENCE_HTML,
  type ReferenceServer,
  referenceLine,
  startReferenceServer,
} from "../../../scripts/quality/lighthouse-reference";

const SITE = {
  "content-security-policy": "default-src 'none'; script-src 'self' 'sha256-abc'",
  "cross-origin-opener-policy": "same-origin-allow-popups",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
};

describe("the Lighthouse reference page's headers", () => {
  it("copies the loading and security headers of a site response, and nothing else", () => {
    const headers = new Headers({
      ...SITE,
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Set-Cookie": "lang=de; HttpOnly",
      "Cache-Control": "public, max-age=60",
      "Content-Length": "83000",
      Vary: "Accept-Encoding",
    });
    expect(copiedHeaders(headers)).toEqual({
      ...SITE,
      "referrer-policy": "strict-origin-when-cross-origin",
    });
  });

  it("copies nothing from a response without them", () => {
    expect(copiedHeaders(new Headers({ "Content-Type": "text/html" }))).toEqual({});
  });
});

describe("the Lighthouse reference server", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer(0, SITE);
  });
  afterAll(() => server.stop());

  it("serves the page with the site's headers on one path", async () => {
    const response = await fetch(server.url("site-headers"));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(REFERENCE_HTML);
    for (const [name, value] of Object.entries(SITE))
      expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("serves the same page with none of them on the other", async () => {
    const response = await fetch(server.url("no-headers"));
    expect(await response.text()).toBe(REFERENCE_HTML);
    for (const name of Object.keys(SITE)) expect(response.headers.get(name)).toBeNull();
  });

  it("answers 404 to anything else", async () => {
    const base = server.url("no-headers").replace(/no-headers$/, "");
    for (const path of ["", "other", "site-headers/x"]) {
      expect((await fetch(base + path)).status).toBe(404);
    }
    expect((await fetch(server.url("no-headers"), { method: "POST" })).status).toBe(404);
  });

  it("is a page with no script, style, font or image: the least a page can be", () => {
    expect(REFERENCE_HTML).not.toMatch(/<(script|style|link|img|svg)\b/i);
    expect(REFERENCE_HTML).toMatch(/<html lang="en">/);
  });
});

describe("the reference line of the report", () => {
  it("says when Lighthouse gave no result, as a failure", () => {
    expect(referenceLine({ variant: "site-headers", lhr: undefined })).toMatch(/^FAIL /);
  });
});
