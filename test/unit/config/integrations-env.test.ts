import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/config.server";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

const DSN = "https://0123456789abcdef@o1.ingest.sentry.io/42";

describe("third-party integrations in the configuration", () => {
  it("are all off by default, and an empty value counts as unset", () => {
    const off = { tagManager: null, consent: null, errors: null };
    expect(parseConfig({}).integrations).toEqual(off);
    expect(
      parseConfig({ TAG_MANAGER_ID: "", CONSENT_SCRIPT_URL: "", SENTRY_DSN: "" }).integrations,
    ).toEqual(off);
  });

  it("take a tag manager id, on Google's host unless another is named", () => {
    expect(parseConfig({ TAG_MANAGER_ID: "GTM-AB12CD3" }).integrations.tagManager).toEqual({
      id: "GTM-AB12CD3",
      host: "https://www.googletagmanager.com",
    });
    expect(
      parseConfig({
        TAG_MANAGER_ID: "GTM-AB12CD3",
        TAG_MANAGER_HOST: "https://tags.keynest.example/",
      }).integrations.tagManager,
    ).toEqual({ id: "GTM-AB12CD3", host: "https://tags.keynest.example" });
  });

  it("take a consent script with its attributes and extra hosts", () => {
    const { consent } = parseConfig({
      CONSENT_SCRIPT_URL: "https://consent.cmp.example/uc.js?v=2",
      CONSENT_SCRIPT_ATTRIBUTES: "id=cmp, data-settings-id=AbC123",
      CONSENT_HOSTS: "https://api.cmp.example",
    }).integrations;
    expect(consent).toEqual({
      src: "https://consent.cmp.example/uc.js?v=2",
      attributes: { id: "cmp", "data-settings-id": "AbC123" },
      hosts: ["https://api.cmp.example"],
    });
  });

  it("take a DSN; the environment defaults to NODE_ENV", () => {
    expect(
      parseConfig({ SENTRY_DSN: DSN, NODE_ENV: "production", SANDBOX: "1" }).integrations.errors,
    ).toEqual({
      dsn: DSN,
      environment: "production",
      release: undefined,
    });
    expect(
      parseConfig({
        SENTRY_DSN: DSN,
        SENTRY_ENVIRONMENT: "staging",
        SENTRY_RELEASE: "keynest-site@1.4.2",
      }).integrations.errors,
    ).toEqual({ dsn: DSN, environment: "staging", release: "keynest-site@1.4.2" });
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ TAG_MANAGER_ID: "UA-1234-1" }, /^TAG_MANAGER_ID: must be a Tag Manager container id/],
    [
      { TAG_MANAGER_ID: "GTM-AB12CD3", TAG_MANAGER_HOST: "http://tags.example" },
      /^TAG_MANAGER_HOST: must be an https origin/,
    ],
    [
      { TAG_MANAGER_ID: "GTM-AB12CD3", TAG_MANAGER_HOST: "https://tags.example/gtm.js" },
      /^TAG_MANAGER_HOST: must be an https origin/,
    ],
    [
      { TAG_MANAGER_HOST: "https://tags.example" },
      /^TAG_MANAGER_ID: is required when TAG_MANAGER_HOST/,
    ],
    [
      { CONSENT_SCRIPT_URL: "http://consent.example/cmp.js" },
      /^CONSENT_SCRIPT_URL: must be an https URL/,
    ],
    [{ CONSENT_SCRIPT_URL: "javascript:alert(1)" }, /^CONSENT_SCRIPT_URL: must be an https URL/],
    [
      { CONSENT_SCRIPT_URL: "https://c.example/c.js", CONSENT_SCRIPT_ATTRIBUTES: "onload=x()" },
      /^CONSENT_SCRIPT_ATTRIBUTES: "onload" is not allowed/,
    ],
    [
      { CONSENT_SCRIPT_URL: "https://c.example/c.js", CONSENT_HOSTS: "http://c.example" },
      /^CONSENT_HOSTS: must be https origins/,
    ],
    [{ CONSENT_SCRIPT_ATTRIBUTES: "id=cmp" }, /^CONSENT_SCRIPT_URL: is required/],
    [
      { SENTRY_DSN: "https://publickey1:secret123@o1.ingest.sentry.io/42" },
      /^SENTRY_DSN: must not hold a secret key/,
    ],
    [{ SENTRY_DSN: "not a dsn" }, /^SENTRY_DSN: must be a DSN/],
    [
      { SENTRY_DSN: DSN, SENTRY_ENVIRONMENT: "prod env" },
      /^SENTRY_ENVIRONMENT: must be a short name/,
    ],
    [{ SENTRY_DSN: DSN, SENTRY_RELEASE: "1.0<script>" }, /^SENTRY_RELEASE: must be a release name/],
    [{ SENTRY_RELEASE: "1.0.0" }, /^SENTRY_DSN: is required/],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(problemsOf(env)).toContainEqual(expect.stringMatching(message));
  });
});
