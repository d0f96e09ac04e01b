import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/security/headers.server";
import { captchaHosts, CAPTCHA_SCRIPTS } from "./captcha";

describe("captcha providers", () => {
  it("load their script from their own host, the sandbox's from the site", () => {
    expect(new URL(CAPTCHA_SCRIPTS.hcaptcha.src).host).toBe("js.hcaptcha.com");
    expect(new URL(CAPTCHA_SCRIPTS.turnstile.src).host).toBe("challenges.cloudflare.com");
    expect(CAPTCHA_SCRIPTS.sandbox.src).toBe("/sandbox/captcha.js");
  });

  it("add only the configured provider's hosts to the Content-Security-Policy", () => {
    expect(captchaHosts("none")).toEqual([]);
    expect(captchaHosts("sandbox")).toEqual([]);
    const hosts = captchaHosts("hcaptcha");
    const csp = contentSecurityPolicy({
      nonce: "n",
      dev: false,
      extra: { script: hosts, frame: hosts, connect: hosts },
    });
    expect(csp).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' https://hcaptcha.com");
    expect(csp).toContain("frame-src 'self' https://hcaptcha.com https://*.hcaptcha.com");
    expect(csp).not.toContain("cloudflare");
  });
});
