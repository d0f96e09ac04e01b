import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  mergeSources,
  reportingEndpoints,
  withoutCovered,
} from "~/security/csp";

/** The policy as directive name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((part) => {
      const [name = "", ...sources] = part.split(" ");
      return [name, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  const production = directives(
    contentSecurityPolicy({
      inline: { scripts: ["'sha256-s1'", "'sha256-s2'"], styles: ["'sha256-c1'"] },
      dev: false,
      reportUri: "https://w.example/csp-report",
    }),
  );

  it.each([
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", "'sha256-s1'", "'sha256-s2'"]],
    ["style-src", ["'self'", "'sha256-c1'"]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "https:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
    ["report-uri", ["https://w.example/csp-report"]],
    ["report-to", ["csp"]],
  ])("in production sets %s to %j", (name, sources) => {
    expect(production.get(name)).toEqual(sources);
  });

  it("trusts what an allowed script adds only when asked ('strict-dynamic', a tag manager)", () => {
    expect(production.get("script-src")).not.toContain("'strict-dynamic'");
    const tagged = directives(
      contentSecurityPolicy({
        dev: false,
        strictDynamic: true,
        inline: { scripts: ["'sha256-s1'"], styles: [] },
        extra: [{ script: ["https://*.googletagmanager.com"] }],
      }),
    );
    expect(tagged.get("script-src")).toEqual([
      "'self'",
      "'sha256-s1'",
      "'strict-dynamic'",
      "https://*.googletagmanager.com",
    ]);
  });

  it("has no inline source for a response that is not a document", () => {
    const policy = directives(contentSecurityPolicy({ dev: false }));
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
  });

  it("allows no frames, media or workers unless an integration needs them", () => {
    for (const name of ["frame-src", "media-src", "worker-src"]) {
      expect(production.has(name), name).toBe(false);
    }
  });

  it("has nothing unsafe in production and upgrades http: subresources only when asked", () => {
    const policy = contentSecurityPolicy({ dev: false });
    expect(policy).not.toMatch(/unsafe-eval|ws:|upgrade-insecure-requests|report-/);
    expect(directives(policy).get("script-src")).not.toContain("'unsafe-inline'");
    expect(contentSecurityPolicy({ dev: false, upgradeInsecureRequests: true })).toContain(
      "; upgrade-insecure-requests",
    );
  });

  it("gives the Vite dev server eval, its WebSocket and unnonced styles", () => {
    const dev = directives(
      contentSecurityPolicy({ dev: true, inline: { scripts: [], styles: ["'sha256-c1'"] } }),
    );
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.get("connect-src")).toContain("ws:");
    // A hash would void 'unsafe-inline' for Vite's injected <style> elements.
    expect(dev.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("adds each configured integration's hosts to its directives, once", () => {
    const policy = directives(
      contentSecurityPolicy({
        dev: false,
        extra: [
          { script: ["https://a.example"], frame: ["https://a.example"] },
          { script: ["https://a.example", "https://b.example"], form: ["https://pay.example"] },
          { media: ["https://video.example"], worker: ["blob:"] },
          {},
        ],
      }),
    );
    expect(policy.get("script-src")).toEqual(["'self'", "https://a.example", "https://b.example"]);
    expect(policy.get("frame-src")).toEqual(["https://a.example"]);
    expect(policy.get("form-action")).toEqual(["'self'", "https://pay.example"]);
    expect(policy.get("media-src")).toEqual(["https://video.example"]);
    expect(policy.get("worker-src")).toEqual(["blob:"]);
  });
});

describe("mergeSources", () => {
  it.each([
    [[], {}],
    [
      [{ img: ["https://i.example"] }, { img: ["https://i.example", "https://j.example"] }],
      { img: ["https://i.example", "https://j.example"] },
    ],
    [
      [{ connect: ["https://api.example"] }, { style: ["https://s.example"] }],
      { connect: ["https://api.example"], style: ["https://s.example"] },
    ],
  ])("merges %j", (integrations, expected) => {
    const merged = mergeSources(integrations);
    expect(Object.fromEntries(Object.entries(merged).filter(([, v]) => v.length > 0))).toEqual(
      expected,
    );
  });
});

describe("reportingEndpoints", () => {
  it("names the report group's URL", () => {
    expect(reportingEndpoints("https://www.keynest.example/csp-report")).toBe(
      'csp="https://www.keynest.example/csp-report"',
    );
  });
});

describe("withoutCovered", () => {
  it.each([
    // A subdomain under a wildcard of the same scheme, whatever the case of either.
    [
      ["'self'", "https://static-na.payments-amazon.com", "https://*.payments-amazon.com"],
      ["'self'", "https://*.payments-amazon.com"],
    ],
    [["https://*.Example.com", "https://a.b.EXAMPLE.com"], ["https://*.Example.com"]],
    // Every https host under the scheme source, wildcards too; other schemes and keywords stay.
    [
      ["'self'", "data:", "https:", "https://a.example", "https://*.b.example"],
      ["'self'", "data:", "https:"],
    ],
    // Not covered: the wildcard's own domain, another domain ending alike, another scheme, a
    // port or a path (kept as written: this check only knows plain hosts).
    [
      ["https://*.example.com", "https://example.com", "https://notexample.com"],
      ["https://*.example.com", "https://example.com", "https://notexample.com"],
    ],
    [
      ["https://*.example.com", "http://a.example.com", "https://a.example.com:8443"],
      ["https://*.example.com", "http://a.example.com", "https://a.example.com:8443"],
    ],
    [
      ["https://*.example.com", "https://a.example.com/v3/", "wss://a.example.com"],
      ["https://*.example.com", "https://a.example.com/v3/", "wss://a.example.com"],
    ],
    [[], []],
  ])("%j → %j", (sources, expected) => {
    expect(withoutCovered(sources)).toEqual(expected);
  });

  it("shortens the policy with Amazon Pay's hosts and allows the same hosts", () => {
    const amazon = ["https://static-na.payments-amazon.com", "https://*.payments-amazon.com"];
    const policy = directives(
      contentSecurityPolicy({
        dev: false,
        extra: [{ script: amazon, connect: amazon, frame: amazon, img: amazon, style: amazon }],
      }),
    );
    for (const name of ["script-src", "style-src", "connect-src", "frame-src"]) {
      expect(policy.get(name), name).toContain("https://*.payments-amazon.com");
      expect(policy.get(name), name).not.toContain("https://static-na.payments-amazon.com");
    }
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:"]);
  });
});
