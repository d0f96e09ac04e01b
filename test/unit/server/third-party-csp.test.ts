import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config/config.server";
import { contentSecurityPolicy, mergeSources } from "~/security/csp";
import { integrationCsp, pageIntegrationCsp, paymentFrameOrigins } from "~/server/third-party-csp";

const UPSTREAM = {
  API_URL: "https://api.keynest.example",
  SESSION_SECRET: "s".repeat(32),
  SITE_URL: "https://www.keynest.example",
};

function merged(env: Record<string, string>) {
  return mergeSources(integrationCsp(parseConfig(env)));
}

describe("integrationCsp", () => {
  it("allows no third party on every page with a real upstream and nothing else configured", () => {
    const sources = merged(UPSTREAM);
    expect(sources.script).toEqual([]);
    expect(sources.form).toEqual([]);
    expect(JSON.stringify(sources)).not.toMatch(/stripe|hcaptcha|cloudflare|amazon/);
  });

  it("leaves the wallet's hosts to the page that loads the wallet (pageIntegrationCsp)", () => {
    const sources = merged({
      ...UPSTREAM,
      AMAZON_PAY_SCRIPT_URL: "https://static-eu.payments-amazon.com/checkout.js",
    });
    expect(JSON.stringify(sources)).not.toMatch(/amazon/);
    const wallet = mergeSources([pageIntegrationCsp(parseConfig(UPSTREAM)).wallet]);
    expect(wallet.script).toEqual([
      "https://static-na.payments-amazon.com",
      "https://*.payments-amazon.com",
    ]);
  });

  it.each([
    [{ STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }, "script", "https://js.stripe.com"],
    [{ STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }, "frame", "https://hooks.stripe.com"],
    [{ STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }, "connect", "https://api.stripe.com"],
    [
      { CAPTCHA_PROVIDER: "hcaptcha", CAPTCHA_SITE_KEY: "k", CAPTCHA_SECRET: "s" },
      "style",
      "https://*.hcaptcha.com",
    ],
    [
      { CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SITE_KEY: "k", CAPTCHA_SECRET: "s" },
      "frame",
      "https://challenges.cloudflare.com",
    ],
    [
      { PAYMENT_HOSTS: "pay.example.com, checkout.example.net" },
      "form",
      "https://checkout.example.net",
    ],
  ] as const)("with %j allows %s from %s", (env, kind, host) => {
    expect(merged({ ...UPSTREAM, ...env })[kind]).toContain(host);
  });

  it("lets the checkout's redirect reach a configured payment host (form-action)", () => {
    const policy = contentSecurityPolicy({
      dev: false,
      extra: integrationCsp(parseConfig({ ...UPSTREAM, PAYMENT_HOSTS: "pay.example.com" })),
    });
    expect(policy).toContain("form-action 'self' https://pay.example.com;");
  });
});

describe("pageIntegrationCsp", () => {
  it.each(["script", "connect", "frame", "img", "style"] as const)(
    "gives the wallet page %s from the configured wallet script's hosts",
    (kind) => {
      const config = parseConfig({
        ...UPSTREAM,
        AMAZON_PAY_SCRIPT_URL: "https://static-eu.payments-amazon.com/checkout.js",
      });
      expect(pageIntegrationCsp(config).wallet[kind]).toContain(
        "https://static-eu.payments-amazon.com",
      );
    },
  );
});

describe("paymentFrameOrigins", () => {
  it.each([
    [{}, []],
    [{ STRIPE_PUBLISHABLE_KEY: "pk_live_abc" }, ["https://js.stripe.com"]],
  ])("with %j is %j", (env, origins) => {
    expect(paymentFrameOrigins(parseConfig({ ...UPSTREAM, ...env }))).toEqual(origins);
  });
});
