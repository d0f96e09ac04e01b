import { z } from "zod";
import { getConfig } from "~/config/config.server";
import { upstream, type UpstreamAuth } from "./client.server";

/**
 * The provider's auth service (SPEC §7, `/{provider}/auth/`). Never cached: every answer is one
 * visitor's. The tokens travel as X-Auth-Token / X-Access-Token (client.server.ts).
 */

const token = z.string().min(1).max(1024);

const loginAnswerSchema = z.object({
  auth_token: token,
  access_token: token.optional(),
});

/** Unix seconds, as the service sends them (numbers or numeric strings). */
const seconds = z.coerce.number().int().min(0).max(32_503_680_000);

export const userInfoSchema = z.object({
  email: z.string().max(254).optional(),
  plan: z.string().max(100).optional(),
  status: z.object({ createdtime: seconds, expiredtime: seconds }),
  autologin_url: z.string().max(2048).optional(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;

const autologinSchema = z.object({ url: z.string().max(2048) });
const fastLoginUserSchema = z.object({ email: z.string().trim().min(1).max(254) });
const okSchema = z.object({}).passthrough();

const authPath = (endpoint: string) => `/${getConfig().brand.provider}/auth/${endpoint}`;

/** `POST login/`: the tokens of the account, or an UpstreamError with the service's key. */
export async function login(email: string, password: string) {
  const answer = await upstream().request({
    method: "POST",
    path: authPath("login/"),
    body: { email, password },
    schema: loginAnswerSchema,
  });
  return { authToken: answer.auth_token, accessToken: answer.access_token };
}

/** `POST fastlogin/`: the code's account's tokens; the body carries the visitor's UTC offset. */
export async function fastLogin(code: string, timezone: string) {
  const answer = await upstream().request({
    method: "POST",
    path: authPath("fastlogin/"),
    body: { code, timezone },
    schema: loginAnswerSchema,
  });
  return { authToken: answer.auth_token, accessToken: answer.access_token };
}

/**
 * `GET fast-login-user-info/`: the e-mail of the account an e-mailed fast-login code signs in to,
 * so the sign-in-link page can name it before the visitor confirms. Never cached (one code, one
 * visitor); a code the service does not know is its refusal (401 EXPIRED_SESSION). The caller
 * counts every look-up as a guess of the code (`nameFastLoginAccount`, sign-in.server.ts).
 */
export async function fastLoginUserInfo(code: string): Promise<{ email: string }> {
  const answer = await upstream().request({
    path: authPath("fast-login-user-info/"),
    query: { code },
    schema: fastLoginUserSchema,
  });
  return { email: answer.email };
}

/** `autologin/`: the tokens of the account whose web vault session this is. */
export async function autologin(session: string) {
  const answer = await upstream().request({
    method: "POST",
    path: authPath("autologin/"),
    body: { session },
    schema: loginAnswerSchema,
  });
  return { authToken: answer.auth_token, accessToken: answer.access_token };
}

/** `GET user-info/`: the subscription of the signed-in visitor (a 401: the session is over). */
export function getUserInfo(auth: UpstreamAuth) {
  return upstream().request({ path: authPath("user-info/"), auth, schema: userInfoSchema });
}

/** `GET autologin-url/`: the web vault's sign-in URL for this session. */
export async function getAutologinUrl(auth: UpstreamAuth): Promise<string> {
  const answer = await upstream().request({
    path: authPath("autologin-url/"),
    auth,
    schema: autologinSchema,
  });
  return answer.url;
}

/** `POST change-password/`. */
export async function changePassword(auth: UpstreamAuth, current: string, next: string) {
  await upstream().request({
    method: "POST",
    path: authPath("change-password/"),
    auth,
    body: { current_password: current, new_password: next },
    schema: okSchema,
  });
}

/** The session id the web vault takes as `?session=`, from an autologin URL (SPEC §3). */
export function sessionIdFrom(autologinUrl: string | undefined): string | null {
  if (!autologinUrl) return null;
  try {
    const id = new URL(autologinUrl).searchParams.get("session");
    return id && /^[A-Za-z0-9_-]{1,256}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
