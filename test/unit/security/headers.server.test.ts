import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config/config.server";
import { ERROR_PAGE_STYLE } from "~/layout/error-page.server";
import { securityHeaderSet, type SecurityHeaderOptions } from "~/security/headers.server";
import { hashSource } from "~/security/inline-hashes";
import { integrationCsp, pageIntegrationCsp } from "~/server/third-party-csp";

const config = parseConfig({
  API_URL: "https://api.keynest.example",
  SESSION_SECRET: "s".repeat(32),
  SITE_URL: "https://www.keynest.example",
});

const OPTIONS: SecurityHeaderOptions = {
  reportOnly: false,
  dev: false,
  extra: integrationCsp(config),
  pageExtra: pageIntegrationCsp(config),
  strictDynamic: false,
  reportUri: "https://www.keynest.example/csp-report",
  hsts: { preload: false },
  paymentFrameOrigins: [],
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((part) => {
      const [name, ...sources] = part.split(" ");
      return [name!, sources];
    }),
  );
}

const hashesOf = (sources: readonly string[] = []) =>
  sources.filter((source) => source.startsWith("'sha256-"));

describe("securityHeaderSet", () => {
  const set = securityHeaderSet(OPTIONS);
  const own = ['window.__remixContext = {"basename":"/"};', 'import("/assets/entry-1.js");'];

  it("allows a document exactly the scripts its writers wrote, and no inline style", () => {
    const policy = directives(
      set.documentPolicy({ scripts: own.map(hashSource), integrations: [] }),
    );
    expect(hashesOf(policy.get("script-src"))).toEqual(own.map(hashSource));
    expect(hashesOf(policy.get("style-src"))).toEqual([]);
    expect(policy.get("style-src")).not.toContain("'unsafe-inline'");
    for (const loose of ["'unsafe-inline'", "'strict-dynamic'", "https:", "*", "data:"]) {
      expect(policy.get("script-src")).not.toContain(loose);
    }
    expect(policy.get("script-src")!.some((source) => source.startsWith("'nonce-"))).toBe(false);
  });

  it("lets no inline script run in anything but a document", () => {
    const policy = directives(set.basePolicy);
    expect(hashesOf(policy.get("script-src"))).toEqual([]);
    expect(hashesOf(policy.get("style-src"))).toEqual([hashSource(ERROR_PAGE_STYLE)]);
  });

  it("names the wallet's hosts on the page that loads the wallet, and nowhere else", () => {
    const wallet = ["https://static-na.payments-amazon.com", "https://*.payments-amazon.com"];
    const walletPage = set.documentPolicy({ scripts: [], integrations: ["wallet"] });
    const other = set.documentPolicy({ scripts: [], integrations: [] });
    for (const name of ["script-src", "connect-src", "frame-src"]) {
      expect(directives(walletPage).get(name), name).toContain(wallet[1]);
    }
    expect(other).not.toContain("payments-amazon");
    expect(set.basePolicy).not.toContain("payments-amazon");
  });
});
