import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/security/csp";
import { captchaCsp, captchaHosts, CAPTCHA_SCRIPTS } from "~/forms/captcha";

describe("captcha providers", () => {
  it("load their script from their own host, the sandbox's from the site", () => {
    expect(new URL(CAPTCHA_SCRIPTS.hcaptcha.src).host).toBe("js.hcaptcha.com");
    expect(new URL(CAPTCHA_SCRIPTS.turnstile.src).host).toBe("challenges.cloudflare.com");
    expect(CAPTCHA_SCRIPTS.sandbox.src).toBe("/sandbox/captcha.js");
  });

  it("add only the configured provider's hosts to the Content-Security-Policy", () => {
    expect(captchaHosts("none")).toEqual([]);
    expect(captchaCsp("none")).toEqual({});
    expect(captchaCsp("sandbox")).toEqual({});
    const csp = contentSecurityPolicy({ dev: false, extra: [captchaCsp("hcaptcha")] });
    expect(csp).toContain("script-src 'self' https://hcaptcha.com https://*.hcaptcha.com;");
    expect(csp).toContain("frame-src https://hcaptcha.com https://*.hcaptcha.com;");
    expect(csp).toContain("style-src 'self' https://hcaptcha.com https://*.hcaptcha.com;");
    expect(csp).not.toContain("cloudflare");
    const turnstile = contentSecurityPolicy({
      dev: false,
      extra: [captchaCsp("turnstile")],
    });
    expect(turnstile).toContain("frame-src https://challenges.cloudflare.com;");
    expect(turnstile).toContain("style-src 'self';");
  });
});
