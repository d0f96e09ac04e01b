import { http, HttpResponse } from "msw";
import { SandboxAccounts } from "../auth/accounts";
import type { Brand } from "../content-store";
import type { Recorder } from "../recorder";
import { authToken, fail, readBody, safe } from "./shop-kit";

/**
 * The provider's auth service (SPEC §7, `/{provider}/auth/`) over the sandbox accounts: sign-in,
 * user info (401 for a token it does not know), the autologin URL and the password change.
 */
export function authHandlers(brand: Brand, recorder: Recorder, accounts: SandboxAccounts) {
  const api = `*/api/${brand.provider}/auth`;
  const signedIn = (request: Request) => {
    const token = authToken(request);
    const account = accounts.accountOf(token);
    return account && token ? { account, token } : null;
  };
  return [
    http.post(
      `${api}/login/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const email = body?.email;
        const password = body?.password;
        recorder.record("auth.login", { email });
        if (typeof email !== "string" || typeof password !== "string") {
          return fail(400, "INVALID_USERNAME");
        }
        if (!/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(email)) return fail(400, "INVALID_USERNAME");
        const answer = accounts.login(email, password);
        if (!answer.ok) return fail(answer.status, answer.key);
        return HttpResponse.json({
          auth_token: answer.authToken,
          access_token: answer.accessToken,
        });
      }),
    ),
    http.get(
      `${api}/user-info/`,
      safe(({ request }) => {
        const session = signedIn(request);
        recorder.record("auth.user-info", { signedIn: session !== null });
        if (!session) return fail(401, "EXPIRED_SESSION");
        return HttpResponse.json(accounts.userInfo(session.account));
      }),
    ),
    http.get(
      `${api}/autologin-url/`,
      safe(({ request }) => {
        const session = signedIn(request);
        if (!session) return fail(401, "EXPIRED_SESSION");
        return HttpResponse.json({
          url: accounts.userInfo(session.account).autologin_url,
        });
      }),
    ),
    http.post(
      `${api}/change-password/`,
      safe(async ({ request }) => {
        const session = signedIn(request);
        if (!session) return fail(401, "EXPIRED_SESSION");
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const current = body?.current_password;
        const next = body?.new_password;
        recorder.record("auth.change-password", { email: session.account.email });
        if (typeof current !== "string" || typeof next !== "string" || next.length < 8) {
          return fail(400, "PASSWORD_BAD");
        }
        const refusal = accounts.changePassword(session.account, current, next);
        return refusal ? fail(400, refusal) : HttpResponse.json({ ok: true });
      }),
    ),
    http.get(
      `${api}/fast-login-user-info/`,
      safe(({ request }) => {
        const code = new URL(request.url).searchParams.get("code") ?? "";
        const account = code.length <= 256 ? accounts.fastLoginAccount(code) : null;
        if (!account) return fail(401, "EXPIRED_SESSION");
        return HttpResponse.json({ email: account.email });
      }),
    ),
    http.post(
      `${api}/fastlogin/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const code = body?.code;
        const timezone = body?.timezone;
        if (typeof code !== "string" || typeof timezone !== "string")
          return fail(400, "BAD_REQUEST");
        recorder.record("auth.fastlogin", { timezone });
        const answer = accounts.fastLogin(code, timezone);
        if (!answer.ok) return fail(answer.status, answer.key);
        return HttpResponse.json({
          auth_token: answer.authToken,
          access_token: answer.accessToken,
        });
      }),
    ),
    http.post(
      `${api}/autologin/`,
      safe(async ({ request }) => {
        const body = await readBody(request);
        if (body === "too-large") return fail(413, "TOO_LARGE");
        const session = body?.session;
        if (typeof session !== "string") return fail(400, "BAD_REQUEST");
        recorder.record("auth.autologin", {});
        const answer = accounts.autologin(session);
        if (!answer.ok) return fail(answer.status, answer.key);
        return HttpResponse.json({
          auth_token: answer.authToken,
          access_token: answer.accessToken,
        });
      }),
    ),
  ];
}
