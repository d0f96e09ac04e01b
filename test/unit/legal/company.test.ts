import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/config.server";

describe("the footer's social links (SOCIAL_LINKS)", () => {
  it("name the demo brand's four profiles by default, in their order", () => {
    const { social } = parseConfig({}).brand;
    expect(social.map((link) => link.network)).toEqual([
      "mastodon",
      "linkedin",
      "youtube",
      "github",
    ]);
    for (const link of social) expect(link.url).toMatch(/^https:\/\//);
  });

  it("take network=address pairs, spaces around them ignored, and none when empty", () => {
    const { social } = parseConfig({
      SOCIAL_LINKS: " bluesky=https://bsky.example/profile/keynest , x=https://x.example/keynest ",
    }).brand;
    expect(social).toEqual([
      { network: "bluesky", name: "Bluesky", url: "https://bsky.example/profile/keynest" },
      { network: "x", name: "X", url: "https://x.example/keynest" },
    ]);
    expect(parseConfig({ SOCIAL_LINKS: "" }).brand.social).toEqual([]);
  });

  it.each([
    "myspace=https://myspace.example/keynest",
    "github=javascript:alert(1)",
    "github",
    "=https://github.example/keynest",
    "github=/keynest",
  ])("refuse %j, naming the variable", (value) => {
    expect(() => parseConfig({ SOCIAL_LINKS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ SOCIAL_LINKS: value })).toThrow(/SOCIAL_LINKS/);
  });
});

describe("the legal notice's facts (COMPANY_*)", () => {
  it("describe the demo company by default, reached at the support address", () => {
    const { company } = parseConfig({});
    expect(company).toEqual({
      legalName: "Orbitshield Ltd.",
      register: "Port Avalon Companies Registry, PA-204816",
      vatId: "PA 204 816 377",
      representative: "Dana Whitfield",
      email: "support@keynest.example",
      phone: undefined,
    });
  });

  it("take the operator's own, with an e-mail and a phone of its own", () => {
    const { company } = parseConfig({
      COMPANY_LEGAL_NAME: "Example GmbH",
      COMPANY_REGISTER: "Amtsgericht Berlin-Charlottenburg, HRB 123456",
      COMPANY_VAT_ID: "DE123456789",
      COMPANY_REPRESENTATIVE: "Erika Mustermann",
      COMPANY_EMAIL: "legal@example.com",
      COMPANY_PHONE: "+49 30 1234567",
    });
    expect(company.legalName).toBe("Example GmbH");
    expect(company.email).toBe("legal@example.com");
    expect(company.phone).toBe("+49 30 1234567");
  });

  it("refuse an e-mail or a phone that is none", () => {
    expect(() => parseConfig({ COMPANY_EMAIL: "legal" })).toThrow(/COMPANY_EMAIL/);
    expect(() => parseConfig({ COMPANY_PHONE: "call us" })).toThrow(/COMPANY_PHONE/);
  });
});
