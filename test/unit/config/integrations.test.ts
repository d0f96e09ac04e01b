import { describe, expect, it } from "vitest";
import {
  dsnOrigin,
  dsnProblem,
  isHttpsOrigin,
  parseOrigins,
  parseScriptAttributes,
  TAG_MANAGER_ID,
} from "~/config/integrations";

describe("dsnProblem", () => {
  it.each([
    "https://0123456789abcdef0123456789abcdef@o123456.ingest.sentry.io/4504",
    "https://0123456789abcdef0123456789abcdef@o123456.ingest.us.sentry.io/4504",
    "https://publickey1@errors.keynest.example/sentry/7",
    "https://publickey1@errors.keynest.example:8443/7",
    "http://publickey1@localhost:9000/1",
  ])("takes %s", (dsn) => {
    expect(dsnProblem(dsn)).toBeNull();
  });

  it.each([
    ["not a URL", "sentry", /must be a DSN/],
    ["plain http to a remote host", "http://publickey1@errors.keynest.example/7", /https/],
    ["no public key", "https://errors.keynest.example/7", /public key/],
    ["a key with odd characters", "https://pub<key>@errors.keynest.example/7", /public key/],
    ["a secret key (old DSN)", "https://publickey1:secretkey1@errors.keynest.example/7", /secret/],
    ["no project id", "https://publickey1@errors.keynest.example/", /project id/],
    ["a project that is no number", "https://publickey1@errors.keynest.example/shop", /project id/],
    ["a query", "https://publickey1@errors.keynest.example/7?x=1", /query/],
  ])("refuses %s", (_name, dsn, message) => {
    expect(dsnProblem(dsn)).toMatch(message);
  });

  it("sends reports to the DSN's origin", () => {
    expect(dsnOrigin("https://publickey1@o1.ingest.sentry.io/42")).toBe(
      "https://o1.ingest.sentry.io",
    );
    expect(dsnOrigin("https://publickey1@errors.keynest.example:8443/s/7")).toBe(
      "https://errors.keynest.example:8443",
    );
  });
});

describe("TAG_MANAGER_ID", () => {
  it.each([
    ["GTM-AB12CD3", true],
    ["GTM-K9Z8", true],
    ["GTM-ab12cd3", false],
    ["G-AB12CD3", false],
    ["GTM-", false],
    ["GTM-AB12CD3&l=x", false],
    ["UA-1234-1", false],
  ])("%s → %s", (id, valid) => {
    expect(TAG_MANAGER_ID.test(id)).toBe(valid);
  });
});

describe("isHttpsOrigin", () => {
  it.each([
    ["https://www.googletagmanager.com", true],
    ["https://tags.keynest.example/", true],
    ["https://tags.keynest.example:8443", true],
    ["http://tags.keynest.example", false],
    ["https://tags.keynest.example/gtm", false],
    ["https://tags.keynest.example?x", false],
    ["tags.keynest.example", false],
  ])("%s → %s", (value, valid) => {
    expect(isHttpsOrigin(value)).toBe(valid);
  });
});

describe("parseScriptAttributes", () => {
  it("takes id and data-* pairs", () => {
    expect(
      parseScriptAttributes("id=Cookiebot, data-cbid=00000000-aaaa-bbbb, data-blockingmode=auto"),
    ).toEqual({
      id: "Cookiebot",
      "data-cbid": "00000000-aaaa-bbbb",
      "data-blockingmode": "auto",
    });
    expect(parseScriptAttributes("")).toEqual({});
    expect(parseScriptAttributes("data-flag")).toEqual({ "data-flag": "" });
  });

  it.each([
    ["src=https://evil.example/x.js", /src.*not allowed/],
    ["onload=alert(1)", /onload.*not allowed/],
    ["data-x=<script>", /value of data-x/],
    ['data-x="quoted"', /value of data-x/],
    ["data-x=a b", /value of data-x/],
    [Array.from({ length: 11 }, (_, i) => `data-a${i}=1`).join(","), /at most 10/],
  ])("refuses %s", (text, message) => {
    expect(parseScriptAttributes(text)).toMatch(message);
  });
});

describe("parseOrigins", () => {
  it("takes https origins separated by commas", () => {
    expect(parseOrigins("https://a.example, https://*.b.example/")).toEqual([
      "https://a.example",
      "https://*.b.example",
    ]);
    expect(parseOrigins("")).toEqual([]);
  });

  it.each(["http://a.example", "https://a.example/path", "https://a.example; script-src *"])(
    "refuses %s",
    (text) => {
      expect(parseOrigins(text)).toBeNull();
    },
  );
});
