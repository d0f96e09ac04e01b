import type { CaptchaProvider } from "~/config/config.server";
import type { CspSources } from "~/security/csp";

/** What the browser needs to show the captcha: no secret. */
export interface PublicCaptcha {
  provider: CaptchaProvider;
  siteKey: string;
}

/** The sandbox's stand-in captcha: served by the site itself, only in the sandbox. */
export const SANDBOX_CAPTCHA_SCRIPT = "/sandbox/captcha.js";
/** Where the sandbox's stand-in captcha is verified (answered by the sandbox upstream). */
export const SANDBOX_CAPTCHA_VERIFY = "http://captcha.sandbox.invalid/siteverify";

/** Each provider's script and the global it defines; all three render with the same call. */
export const CAPTCHA_SCRIPTS: Record<CaptchaProvider, { src: string; global: string }> = {
  sandbox: { src: SANDBOX_CAPTCHA_SCRIPT, global: "sandboxCaptcha" },
  hcaptcha: { src: "https://js.hcaptcha.com/1/api.js?render=explicit", global: "hcaptcha" },
  turnstile: {
    src: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
    global: "turnstile",
  },
};

export const CAPTCHA_VERIFY_URLS: Record<CaptchaProvider, string> = {
  sandbox: SANDBOX_CAPTCHA_VERIFY,
  hcaptcha: "https://api.hcaptcha.com/siteverify",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
};

/** Hosts the Content-Security-Policy must allow for a provider. */
export function captchaHosts(provider: CaptchaProvider | "none"): string[] {
  if (provider === "hcaptcha") return ["https://hcaptcha.com", "https://*.hcaptcha.com"];
  if (provider === "turnstile") return ["https://challenges.cloudflare.com"];
  return [];
}

/**
 * The provider's hosts per directive: its script, its challenge frame and the calls it makes;
 * hCaptcha also loads its own stylesheets. The sandbox's stand-in is served by the site.
 */
export function captchaCsp(provider: CaptchaProvider | "none"): CspSources {
  const hosts = captchaHosts(provider);
  if (hosts.length === 0) return {};
  return {
    script: hosts,
    frame: hosts,
    connect: hosts,
    ...(provider === "hcaptcha" ? { style: hosts } : {}),
  };
}
