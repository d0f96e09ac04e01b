import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { visitorIp } from "./fixtures";

/** The session secret of the e2e servers (playwright.config). */
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";

/** The sandbox's demo accounts (mocks/auth/accounts.ts) the tests sign in as. */
export const ACCOUNTS = {
  active: "active@keynest.example",
  expired: "expired@keynest.example",
  lifetime: "lifetime@keynest.example",
  teams: "teams@keynest.example",
} as const;

/**
 * Signs in as a sandbox account the way a visitor does (the sign-in form, posted from the site's
 * own pages) and returns the session's `name=value` cookie: sessions are recorded by the server,
 * so a test holds one only by signing in.
 */
export async function signedInCookie(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<string> {
  const answer = await request.post("/sign-in", {
    headers: { Origin: baseURL },
    form: { _form: "sign-in", email, password: SANDBOX_PASSWORD, website_url: "" },
    maxRedirects: 0,
  });
  const session = answer
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === "set-cookie")
    .map(({ value }) => value.split(";")[0]!)
    .find((cookie) => cookie.startsWith("__session="));
  if (answer.status() !== 303 || !session) {
    throw new Error(`Signing in as ${email} answered ${answer.status()}, no session`);
  }
  return session;
}

/**
 * The same, from a request context of its own (its own visitor address), so the session cookie
 * goes only where the test sends it — the test's `request` keeps the cookies it is answered.
 */
export async function signInApart(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  email: string,
): Promise<string> {
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": visitorIp() },
  });
  try {
    return await signedInCookie(context, baseURL, email);
  } finally {
    await context.dispose();
  }
}
