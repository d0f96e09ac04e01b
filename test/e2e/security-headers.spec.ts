import { HTML_ACCEPT } from "./csp-watch";
import { expect, test } from "./fixtures";

/**
 * The response headers of decision 014 on the plain-http test server (SITE_URL is
 * http://localhost:…): an enforced policy that reports to the site, no HSTS, no https redirect
 * whatever a proxy says, and cookies without Secure on http.
 */
test.describe("security headers", () => {
  test("a page is sent with an enforced policy that reports to the site", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto("/pricing");
    const headers = response!.headers();
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toMatch(/^default-src 'none'; script-src 'self' 'sha256-[^']+'/);
    // No tag manager here: nothing but the named scripts and the site's own files run.
    expect(csp).not.toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(`report-uri ${baseURL}/csp-report; report-to csp`);
    expect(headers["reporting-endpoints"]).toBe(`csp="${baseURL}/csp-report"`);
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(headers["permissions-policy"]).toContain('payment=(self "https://js.stripe.com")');
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // An http site: no HSTS, no upgrade of subresources.
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(csp).not.toContain("upgrade-insecure-requests");
    // The page writes no <style>: its stylesheet is the site's file; no inline style is allowed.
    const html = await response!.text();
    expect(html).not.toContain("<style");
    const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(styleSrc[0]).toBe("'self'");
    expect(
      styleSrc.filter((source) => source.startsWith("'sha") || source.includes("inline")),
    ).toEqual([]);
  });

  test("never redirects to https on the http test server, whatever a proxy says", async ({
    request,
  }) => {
    for (const path of ["/features", "/healthz"]) {
      const answer = await request.get(path, {
        headers: { ...HTML_ACCEPT, "X-Forwarded-Proto": "http" },
        maxRedirects: 0,
      });
      expect(answer.status(), path).toBe(200);
    }
  });

  test("takes violation reports without an Origin and answers 204", async ({ request }) => {
    const answer = await request.post("/csp-report", {
      headers: { "Content-Type": "application/csp-report" },
      data: JSON.stringify({
        "csp-report": {
          "document-uri": "http://localhost/features",
          "blocked-uri": "inline",
          "effective-directive": "style-src-elem",
        },
      }),
    });
    expect(answer.status()).toBe(204);
    const wrongType = await request.post("/csp-report", {
      headers: { "Content-Type": "text/plain" },
      data: "{}",
    });
    expect(wrongType.status()).toBe(415);
  });

  test("the language cookie on the http server is HttpOnly and Lax, without Secure", async ({
    request,
    baseURL,
  }) => {
    const answer = await request.post("/action/set-language", {
      headers: { Origin: baseURL! },
      form: { lang: "de", to: "/features" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers()["set-cookie"]).toBe(
      "lang=de; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax",
    );
  });
});
