import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/config.server";

describe("the web vault's sign-up and password reset (SIGN_UP_URL, PASSWORD_RESET_URL)", () => {
  it("lie under the web vault by default", () => {
    const { brand } = parseConfig({});
    expect(brand.signUpUrl).toBe("https://vault.keynest.example/sign-up");
    expect(brand.passwordResetUrl).toBe("https://vault.keynest.example/forgot-password");
  });

  it("follow a web vault served under a path, with or without its last slash", () => {
    for (const vault of ["https://app.example.com/vault", "https://app.example.com/vault/"]) {
      const { brand } = parseConfig({ WEB_VAULT_URL: vault });
      expect(brand.signUpUrl).toBe("https://app.example.com/vault/sign-up");
      expect(brand.passwordResetUrl).toBe("https://app.example.com/vault/forgot-password");
    }
  });

  it("take addresses of their own", () => {
    const { brand } = parseConfig({
      SIGN_UP_URL: "https://accounts.example.com/register?from=site",
      PASSWORD_RESET_URL: "https://accounts.example.com/recover",
    });
    expect(brand.signUpUrl).toBe("https://accounts.example.com/register?from=site");
    expect(brand.passwordResetUrl).toBe("https://accounts.example.com/recover");
  });

  it("refuse what is not an address, naming the variable", () => {
    expect(() => parseConfig({ SIGN_UP_URL: "/sign-up" })).toThrow(ConfigError);
    expect(() => parseConfig({ PASSWORD_RESET_URL: "recover" })).toThrow(/PASSWORD_RESET_URL/);
  });

  // Addresses that would run script or show a page of their own when a visitor follows the link.
  it.each(["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://files.example/x"])(
    "refuse %j for the links the site shows: WEB_VAULT_URL, SIGN_UP_URL, PASSWORD_RESET_URL, SUPPORT_CHAT_URL",
    (url) => {
      for (const name of [
        "WEB_VAULT_URL",
        "SIGN_UP_URL",
        "PASSWORD_RESET_URL",
        "SUPPORT_CHAT_URL",
      ]) {
        expect(() => parseConfig({ [name]: url }), name).toThrow(new RegExp(name));
      }
    },
  );
});

describe("the End User Agreement and the Privacy Policy (TERMS_URL, PRIVACY_URL)", () => {
  it("are the site's own pages by default, shown in the visitor's language where linked", () => {
    const { brand } = parseConfig({});
    expect(brand.termsUrl).toBe("/terms");
    expect(brand.privacyUrl).toBe("/privacy");
  });

  it.each(["/legal/eula", "https://legal.example.com/terms", "http://intranet.example/privacy"])(
    "take %s",
    (url) => {
      expect(parseConfig({ TERMS_URL: url }).brand.termsUrl).toBe(url);
      expect(parseConfig({ PRIVACY_URL: url }).brand.privacyUrl).toBe(url);
    },
  );

  it.each([
    "//evil.example/terms",
    "javascript:alert(1)",
    "terms",
    "/terms page",
    "ftp://x.example/t",
  ])("refuse %j, naming the variable", (url) => {
    expect(() => parseConfig({ TERMS_URL: url })).toThrow(/TERMS_URL/);
    expect(() => parseConfig({ PRIVACY_URL: url })).toThrow(/PRIVACY_URL/);
  });
});
