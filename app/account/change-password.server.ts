import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import type { FormReply } from "~/forms/reply";
import { FORM_FIELD } from "~/forms/names";
import { changePassword } from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";
import { createChangePasswordSchema, SECRET_FIELDS } from "./change-password.schema.server";
import { CHANGE_PASSWORD_FORM } from "./names";
import { takeTries } from "~/forms/limits/allowance.server";
import { accountKey } from "~/forms/limits/account-key.server";
import { signInPerAccount } from "~/forms/limits/guesses.server";
import {
  clearSessionCookie,
  endAccountSessions,
  endSession,
  SessionsFullError,
  startSession,
} from "./session.server";
import { signInRefusal } from "./sign-in.server";
import { visitorOf } from "./user.server";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** The sign-in page that returns to `path`, with why the visitor is asked (if anything). */
function signInFor(path: string, lang: LangCode, reason?: "expired"): string {
  const query = new URLSearchParams({ to: path });
  if (reason) query.set("reason", reason);
  return `${localizePath("/sign-in", lang)}?${query.toString()}`;
}

/**
 * A signed-in page's gate: anonymous visitors go to sign in (and come back), a session the
 * provider ended (401) is cleared and the visitor asked to sign in again.
 */
export async function requireVisitor(request: Request, here: string, lang: LangCode) {
  const visitor = await visitorOf(request);
  if (visitor.state === "anonymous") {
    throw redirect(signInFor(here, lang), { status: 302, headers: NO_STORE });
  }
  if (visitor.state === "ended") {
    throw redirect(signInFor(here, lang, "expired"), {
      status: 302,
      headers: { ...NO_STORE, "Set-Cookie": clearSessionCookie() },
    });
  }
  return visitor;
}

/** Refusals of `change-password/` shown on the form: the wrong current password, a weak one. */
const FIELD_REFUSALS: Record<string, { field: string; key: string }> = {
  INVALID_USERNAME_OR_PASSWORD: { field: "current", key: "api.INVALID_USERNAME_OR_PASSWORD" },
  PASSWORD_BAD: { field: "password", key: "validation.PASSWORD_BAD" },
};

/**
 * The change-password form's action (signed in): per-address limit → the SPEC §5 rules with a
 * real strength estimate (the visitor's e-mail and current password count against the new one) →
 * wrong current passwords limited per account like failed sign-ins (a stolen session cannot
 * guess it) → `auth/change-password/` → every session of the account ends (on every instance)
 * and this visitor goes on in a new one → 303 to the account page, which says it is done. No
 * password ever comes back in a page.
 */
export async function changePasswordAction(args: ActionFunctionArgs, form: FormData) {
  const { request, context } = args;
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const here = localizePath("/account/change-password", lang);
  if (form.get(FORM_FIELD) !== CHANGE_PASSWORD_FORM) return undefined;
  const visitor = await requireVisitor(request, here, lang);
  const email = visitor.info?.email;
  const schema = createChangePasswordSchema(email ? [email] : []);
  const submission = parseWithZod(form, { schema });
  const fail = (
    status: number,
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
  ) => {
    const result = submission.reply({ ...errors, hideFields: SECRET_FIELDS });
    return data({ form: CHANGE_PASSWORD_FORM, result } satisfies FormReply, {
      status,
      headers: NO_STORE,
    });
  };
  if (!(await consumeSharedAddressPost(CHANGE_PASSWORD_FORM, context.clientIp))) {
    return fail(429, { formErrors: ["api.TOO_MANY_REQUESTS"] });
  }
  if (submission.status !== "success") return fail(400);
  const { session } = visitor;
  const account = email ? accountKey(email) : session.account;
  const tries = await takeTries([
    { allowance: signInPerAccount, key: `${account ?? `session ${session.sid}`} password` },
  ]);
  if (!tries.allowed) return fail(429, { formErrors: ["api.TOO_MANY_REQUESTS"] });
  const auth = { authToken: session.authToken, accessToken: session.accessToken };
  try {
    await changePassword(auth, submission.value.current, submission.value.password);
  } catch (error) {
    const code = isUpstreamError(error) ? error.code : undefined;
    if (code !== "INVALID_USERNAME_OR_PASSWORD") await tries.giveBack();
    if (isUpstreamError(error) && error.statusCode === 401) {
      await endSession(request);
      throw redirect(signInFor(here, lang, "expired"), {
        status: 302,
        headers: { ...NO_STORE, "Set-Cookie": clearSessionCookie() },
      });
    }
    const onField = code && Object.hasOwn(FIELD_REFUSALS, code) ? FIELD_REFUSALS[code] : null;
    if (onField) return fail(400, { fieldErrors: { [onField.field]: [onField.key] } });
    const refusal = signInRefusal(error, "");
    if (refusal.status >= 500) log.error("Password change failed upstream", error);
    return fail(refusal.status, { formErrors: [refusal.key] });
  }
  await tries.giveBack();
  // Every other session of the account ends now; this visitor goes on in a new one.
  await endSession(request);
  if (account) await endAccountSessions(account);
  const done = `${localizePath("/account", lang)}?changed=1`;
  const renewed = await startSession(
    {
      authToken: session.authToken,
      ...(session.accessToken ? { accessToken: session.accessToken } : {}),
      ...(session.sessionId ? { sessionId: session.sessionId } : {}),
    },
    email,
  ).catch((error: unknown) => {
    // The place this session freed was taken meanwhile (memory full, no Redis): the password is
    // changed, and the visitor signs in again to see so.
    if (error instanceof SessionsFullError) return null;
    throw error;
  });
  if (renewed === null) {
    return redirect(signInFor(done, lang), {
      status: 303,
      headers: { ...NO_STORE, "Set-Cookie": clearSessionCookie() },
    });
  }
  return redirect(done, { status: 303, headers: { ...NO_STORE, "Set-Cookie": renewed } });
}
