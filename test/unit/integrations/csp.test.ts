import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/security/csp";
import { integrationHosts } from "~/integrations/csp";
import type { IntegrationsConfig } from "~/config/integrations";

const none: IntegrationsConfig = { tagManager: null, consent: null, errors: null };

describe("integrationHosts", () => {
  it("adds nothing when no integration is configured", () => {
    expect(integrationHosts(none)).toEqual({ script: [], connect: [], frame: [] });
  });

  it("allows Google's tag and analytics hosts for Google's own tag manager", () => {
    const hosts = integrationHosts({
      ...none,
      tagManager: { id: "GTM-AB12CD3", host: "https://www.googletagmanager.com" },
    });
    expect(hosts.script).toEqual(["https://*.googletagmanager.com"]);
    expect(hosts.connect).toEqual([
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
    ]);
    expect(hosts.frame).toEqual([]);
  });

  it("allows only the own host of a server-side tagging domain", () => {
    const hosts = integrationHosts({
      ...none,
      tagManager: { id: "GTM-AB12CD3", host: "https://tags.keynest.example" },
    });
    expect(hosts).toEqual({
      script: ["https://tags.keynest.example"],
      connect: ["https://tags.keynest.example"],
      frame: [],
    });
  });

  it("allows the consent script's origin and the hosts named for it everywhere it needs", () => {
    const hosts = integrationHosts({
      ...none,
      consent: {
        src: "https://consent.cmp.example/uc.js",
        attributes: {},
        hosts: ["https://api.cmp.example"],
      },
    });
    const expected = ["https://consent.cmp.example", "https://api.cmp.example"];
    expect(hosts).toEqual({ script: expected, connect: expected, frame: expected });
  });

  it("lets error reports reach the DSN's ingest host, and nothing more", () => {
    const hosts = integrationHosts({
      ...none,
      errors: {
        dsn: "https://publickey1@o1.ingest.sentry.io/42",
        environment: "production",
        release: undefined,
      },
    });
    expect(hosts).toEqual({ script: [], connect: ["https://o1.ingest.sentry.io"], frame: [] });
    const csp = contentSecurityPolicy({
      dev: false,
      extra: [hosts],
      reportUri: "/csp-report",
    });
    expect(csp).toContain("connect-src 'self' https://o1.ingest.sentry.io;");
    expect(csp).toContain("script-src 'self';");
  });
});
