import { z } from "zod";
import { getConfig } from "~/config/config.server";
import { log } from "~/observability/log.server";
import { CAPTCHA_VERIFY_URLS, type PublicCaptcha } from "./captcha";

const VERIFY_TIMEOUT_MS = 10_000;
const answerSchema = z.object({ success: z.boolean() }).passthrough();

/** The captcha the browser shows, or null when none is configured. */
export function publicCaptcha(): PublicCaptcha | null {
  const { captcha } = getConfig();
  return captcha.provider === "none"
    ? null
    : { provider: captcha.provider, siteKey: captcha.siteKey };
}

/** Whether JS posts of the captcha-guarded forms must carry a passed captcha. */
export function captchaConfigured(): boolean {
  return getConfig().captcha.provider !== "none";
}

export type CaptchaVerdict = "passed" | "failed" | "unavailable";

/**
 * Asks the provider whether a captcha answer is genuine (the providers share one protocol:
 * a form post of secret, response and remote IP answered with `{ success }`). A provider that
 * cannot be reached is `unavailable`, told apart from a failed check.
 */
export async function verifyCaptcha(token: string, remoteIp?: string): Promise<CaptchaVerdict> {
  const { captcha } = getConfig();
  if (captcha.provider === "none") return "passed";
  const body = new URLSearchParams({ secret: captcha.secret, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  if (captcha.provider === "hcaptcha") body.set("sitekey", captcha.siteKey);
  try {
    const response = await fetch(CAPTCHA_VERIFY_URLS[captcha.provider], {
      method: "POST",
      body,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`captcha verification answered ${response.status}`);
    const answer = answerSchema.parse(await response.json());
    return answer.success ? "passed" : "failed";
  } catch (error) {
    log.error("Captcha verification unavailable", error);
    return "unavailable";
  }
}
