import { consumeFormPost } from "~/forms/form-limit.server";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getConfig } from "~/config.server";
import { readForm } from "~/http/form.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
import { pageAction } from "~/forms/page-action.server";
import { isSpam } from "~/forms/honeypot.server";
import { takeTries, type Charge } from "~/forms/limits/allowance.server";
import {
  addressKey,
  checkCode,
  signInNewDevices,
  signInPerAccount,
  signInPerAddress,
  TRIES_SPENT,
} from "~/forms/limits/guesses.server";
import type { FormReply } from "~/forms/reply";
import { FORM_FIELD, LIMITS, M } from "~/forms/names";
import { sameSitePath } from "~/security/redirects";
import {
  autologin,
  fastLogin,
  getAutologinUrl,
  login,
  sessionIdFrom,
} from "~/upstream/auth.server";
import { isUpstreamError } from "~/upstream/errors";
import {
  AUTOLOGIN_FORM,
  FAST_LOGIN_FORM,
  MAX_PASSWORD,
  SIGN_IN_FORM,
  type LinkForm,
} from "./names";
import { parseTimezoneOffset } from "./timezone";
import { accountKey } from "./account-key.server";
import { deviceCookie, knownDevice } from "./device.server";
import { SessionsFullError, startSession } from "./session.server";

const signInSchema = z.object({
  email: z
    .string({ required_error: M.required })
    .trim()
    .toLowerCase()
    .max(LIMITS.email, M.tooLong)
    .email(M.invalidEmail),
  password: z.string({ required_error: M.required }).max(MAX_PASSWORD, M.tooLong),
  to: z.string().max(512).optional(),
});

/**
 * The provider's sign-in refusals (SPEC §8) shown as their localized `api.*` text; the status
 * the page answers with for each. Any other failure is the general 'Something went wrong'.
 */
const REFUSALS: Record<string, number> = {
  INVALID_USERNAME: 400,
  INVALID_USERNAME_OR_PASSWORD: 401,
  SERVER_MAINTENANCE: 503,
  LOGIN_ATTEMPTS_EXCEEDED: 429,
  ACCOUNT_BANNED: 403,
  ACCOUNT_NOT_CONFIRMED: 403,
  EMAIL_ALREADY_USED_FOR_LOGIN: 409,
  TOO_MANY_REQUESTS: 429,
  EXPIRED_SESSION: 401,
  INTERNAL_ERROR: 502,
};

/**
 * A sign-in the server has no room to record (no Redis, memory full of live sessions): the
 * general "try again later" text, as a 503.
 */
const NO_ROOM = { key: "errors.undefinedError", status: 503 } as const;

/** The message key and page status for a failed sign-in. */
export function signInRefusal(error: unknown, provider: string): { key: string; status: number } {
  if (isUpstreamError(error)) {
    const code = error.code;
    if (code && Object.hasOwn(REFUSALS, code)) {
      return { key: `api.${code}`, status: REFUSALS[code]! };
    }
    if (code === `INVALID_${provider.toUpperCase()}_ID`) {
      return { key: "api.INVALID_PROVIDER_ID", status: 400 };
    }
  }
  return { key: "errors.undefinedError", status: 502 };
}

/** Where a sign-in leads: the same-site `to` it was given, else the account page. */
export function afterSignIn(to: string | undefined, lang: LangCode): string {
  const path = sameSitePath(to);
  return path && !path.startsWith("/action/") ? path : localizePath("/account", lang);
}

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * What a password sign-in counts its failure on (decision 022), in the order they are taken. From
 * a browser that signed in to the account before (its device cookie holds): that browser alone.
 * From any other: the address's failures over every account (one password sprayed over many),
 * the account and address together, and the account's failures from new browsers everywhere.
 * `forgiven` is the count a sign-in that works clears.
 */
function signInCharges(
  account: string,
  device: string | null,
  clientIp: string | undefined,
): { charges: Charge[]; forgiven: Charge } {
  if (device) {
    const browser = { allowance: signInPerAccount, key: `${account} browser ${device}` };
    return { charges: [browser], forgiven: browser };
  }
  const address = addressKey(clientIp);
  const here = { allowance: signInPerAccount, key: `${account} ${address}` };
  return {
    charges: [
      { allowance: signInPerAddress, key: address },
      here,
      { allowance: signInNewDevices, key: account },
    ],
    forgiven: here,
  };
}

/**
 * The sign-in page's action: honeypot → per-address form limit (429) → zod (400) → the guess
 * limits (429, nothing asked upstream) → `auth/login/` → a new sealed session recorded on the
 * server (never the old cookie: no fixation) with the autologin session id, the browser noted as
 * the account's → 303 to the same-site page asked for. Only a wrong password stays counted. The
 * password is never sent back in a page. The page's other forms (the footer newsletter) go to
 * the page action.
 */
export async function signInAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await readForm(request);
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const id = form.get(FORM_FIELD);
  if (id === FAST_LOGIN_FORM || id === AUTOLOGIN_FORM) {
    return linkSignIn(form, id, lang, context);
  }
  if (id !== SIGN_IN_FORM) return pageAction(args, form);
  const submission = parseWithZod(form, { schema: signInSchema });
  const fail = (status: number, formErrors?: string[]) => {
    const result = submission.reply({ formErrors, hideFields: ["password"] });
    return data({ form: SIGN_IN_FORM, result } satisfies FormReply, { status, headers: NO_STORE });
  };
  // A bot is told what a wrong password gets; nothing is asked upstream.
  if (isSpam(form)) return fail(401, ["api.INVALID_USERNAME_OR_PASSWORD"]);
  if (!(await consumeFormPost(SIGN_IN_FORM, context.clientIp))) {
    return fail(429, ["api.TOO_MANY_REQUESTS"]);
  }
  if (submission.status !== "success") return fail(400);
  const { email, password, to } = submission.value;
  const account = accountKey(email);
  const { charges, forgiven } = signInCharges(
    account,
    knownDevice(request, account),
    context.clientIp,
  );
  const tries = await takeTries(charges);
  if (!tries.allowed) return fail(429, ["api.TOO_MANY_REQUESTS"]);

  let tokens;
  try {
    tokens = await login(email, password);
  } catch (error) {
    const refusal = signInRefusal(error, getConfig().brand.provider);
    if (refusal.key !== "api.INVALID_USERNAME_OR_PASSWORD") await tries.giveBack();
    if (refusal.status >= 500) log.error("Sign-in failed upstream", error);
    return fail(refusal.status, [refusal.key]);
  }
  await tries.giveBack();
  // The owner got in: this address's (or browser's) earlier typos on the account are forgiven.
  await forgiven.allowance.reset(forgiven.key);
  return signedIn(tokens, { to, lang, fail }, email);
}

/** Where a sign-in goes once it works, and how its form says it did not. */
interface Way {
  to: string | undefined;
  lang: LangCode;
  fail: (status: number, formErrors: string[]) => ReturnType<typeof data<FormReply>>;
}

/**
 * A new session for `tokens` (with the web vault's session id when known) and the way on; the
 * form's 503 when the server has no room to record it.
 */
async function signedIn(
  tokens: { authToken: string; accessToken?: string },
  { to, lang, fail }: Way,
  email?: string,
) {
  // The web vault's session id, when the service gives one (the sign-in works without it).
  const sessionId = await getAutologinUrl(tokens)
    .then(sessionIdFrom)
    .catch((error: unknown) => {
      log.warn("Autologin URL unavailable", error);
      return null;
    });
  let session: string;
  try {
    session = await startSession(
      {
        authToken: tokens.authToken,
        ...(tokens.accessToken ? { accessToken: tokens.accessToken } : {}),
        ...(sessionId ? { sessionId } : {}),
      },
      email,
    );
  } catch (error) {
    if (!(error instanceof SessionsFullError)) throw error;
    log.warn("Sign-in refused: every place for a session in memory holds a live one");
    return fail(NO_ROOM.status, [NO_ROOM.key]);
  }
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", session);
  if (email) headers.append("Set-Cookie", deviceCookie(accountKey(email)));
  return redirect(afterSignIn(to, lang), { status: 303, headers });
}

const linkSchema = z.object({
  /** A fast-login code from an e-mailed link, or a web vault session id (autologin). */
  code: z
    .string({ required_error: M.required })
    .max(256, M.tooLong)
    .regex(/^[\w-]+$/, M.invalid),
  timezone: z.string().max(6).optional(),
  to: z.string().max(512).optional(),
});

/**
 * The confirmations of a sign-in link (SPEC §7): an e-mailed fast-login code (`fastlogin/` with
 * the visitor's UTC offset) or a web vault session (`autologin/`). Both are posts the visitor
 * makes on the sign-in page — a link alone never signs anyone in (no sign-in by a forged link),
 * and nothing is told about a code before it is used. The codes are guessed under the sign-in
 * links' limits (per address and site-wide, decision 022): a refused code stays counted.
 */
async function linkSignIn(
  form: FormData,
  kind: LinkForm,
  lang: LangCode,
  context: ActionFunctionArgs["context"],
) {
  const submission = parseWithZod(form, { schema: linkSchema });
  const fail = (status: number, formErrors?: string[]) =>
    data({ form: kind, result: submission.reply({ formErrors }) } satisfies FormReply, {
      status,
      headers: NO_STORE,
    });
  if (isSpam(form)) return fail(401, ["api.EXPIRED_SESSION"]);
  if (!(await consumeFormPost(kind, context.clientIp))) return fail(429, ["api.TOO_MANY_REQUESTS"]);
  if (submission.status !== "success") return fail(400, [M.badRequest]);
  const { code, timezone, to } = submission.value;
  const confirm = () =>
    kind === FAST_LOGIN_FORM ? fastLogin(code, parseTimezoneOffset(timezone)) : autologin(code);
  try {
    const answer = await checkCode(
      "sign-in-link",
      context.clientIp,
      () =>
        confirm().then(
          (tokens) => ({ tokens }),
          (error: unknown) => {
            // The service refused the code: a wrong guess. Anything else is no answer at all.
            if (isUpstreamError(error) && error.statusCode >= 400 && error.statusCode < 500) {
              return { refused: error };
            }
            throw error;
          },
        ),
      (result) => "refused" in result,
    );
    if (answer === TRIES_SPENT) return fail(429, ["api.TOO_MANY_REQUESTS"]);
    if ("refused" in answer) throw answer.refused;
    return await signedIn(answer.tokens, { to, lang, fail });
  } catch (error) {
    const refusal = signInRefusal(error, getConfig().brand.provider);
    if (refusal.status >= 500) log.error(`Sign-in by ${kind} failed upstream`, error);
    return fail(refusal.status, [refusal.key]);
  }
}
