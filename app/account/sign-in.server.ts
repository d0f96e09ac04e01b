import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { localizePath, splitLangPath } from "~/i18n/paths";
import type { LangCode } from "~/i18n/languages";
import { log } from "~/observability/log.server";
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
import { sameSitePath } from "~/http/redirects";
import {
  autologin,
  fastLogin,
  fastLoginUserInfo,
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
import { accountKey } from "~/forms/limits/account-key.server";
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

/**
 * `to` when a sign-in may lead there, else null: a same-site path that is no action route
 * (`/action/…`: the web vault hand-off, signing out) however it is spelled. Remix matches routes
 * whatever their case and after percent-decoding, so `/ACTION/vault` and `/%61ction/vault` are
 * the web vault hand-off too, and are refused with it.
 */
export function signInTarget(to: unknown): string | null {
  const path = sameSitePath(to);
  if (!path) return null;
  let route: string;
  try {
    route = decodeURIComponent(path.split(/[?#]/, 1)[0]!).toLowerCase();
  } catch {
    return null;
  }
  return route === "/action" || route.startsWith("/action/") ? null : path;
}

/** Where a sign-in leads: the same-site `to` it was given, else the account page. */
export function afterSignIn(to: string | undefined, lang: LangCode): string {
  return signInTarget(to) ?? localizePath("/account", lang);
}

/**
 * Where an autologin (a web vault session link) leads: always the account page, which names the
 * account just signed in to and offers to sign out of it. The provider has no call naming a web
 * vault session's account before the session is used, so the visitor could not see whose account
 * the link opens before pressing Continue; the account page is where they first can. The way on
 * (`to`, under `signInTarget`'s rule: never the web vault) is only a link there, followed once
 * the visitor has seen the account is theirs — never a redirect.
 */
export function afterAutologin(to: string | undefined, lang: LangCode): string {
  const account = localizePath("/account", lang);
  // `linked=1`: the account page names the account at its top (app/routes/pages/account.tsx).
  const query = new URLSearchParams({ linked: "1" });
  const next = signInTarget(to);
  if (next && next !== account) query.set("to", next);
  return `${account}?${query.toString()}`;
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
 * password is never sent back in a page. Another form's post (the footer newsletter) returns undefined,
 * for the route's page forms (withPageForms) to answer.
 */
export async function signInAction(args: ActionFunctionArgs, form: FormData) {
  const { request, context } = args;
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const id = form.get(FORM_FIELD);
  if (id === FAST_LOGIN_FORM || id === AUTOLOGIN_FORM) {
    return linkSignIn(form, id, lang, context);
  }
  if (id !== SIGN_IN_FORM) return undefined;
  const submission = parseWithZod(form, { schema: signInSchema });
  const fail = (status: number, formErrors?: string[]) => {
    const result = submission.reply({ formErrors, hideFields: ["password"] });
    return data({ form: SIGN_IN_FORM, result } satisfies FormReply, { status, headers: NO_STORE });
  };
  // A bot is told what a wrong password gets; nothing is asked upstream.
  if (isSpam(form)) return fail(401, ["api.INVALID_USERNAME_OR_PASSWORD"]);
  if (!(await consumeSharedAddressPost(SIGN_IN_FORM, context.clientIp))) {
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
  return signedIn(tokens, { destination: afterSignIn(to, lang), fail }, email);
}

/** Where a sign-in goes once it works, and how its form says it did not. */
interface Way {
  destination: string;
  fail: (status: number, formErrors: string[]) => ReturnType<typeof data<FormReply>>;
}

/**
 * A new session for `tokens` (with the web vault's session id when known) and the way on; the
 * form's 503 when the server has no room to record it.
 */
async function signedIn(
  tokens: { authToken: string; accessToken?: string },
  { destination, fail }: Way,
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
  return redirect(destination, { status: 303, headers });
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
 * A sign-in link's code checked upstream, as a guess: the service's refusal (a 4xx: an unknown or
 * used code) is a wrong guess, kept counted; any other failure is no answer at all (thrown, the
 * try given back).
 */
function asGuess<T>(check: Promise<T>): Promise<{ value: T } | { refused: unknown }> {
  return check.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (isUpstreamError(error) && error.statusCode >= 400 && error.statusCode < 500) {
        return { refused: error };
      }
      throw error;
    },
  );
}

/** What the sign-in-link page says of a fast-login code: whose account it opens, or why none. */
export type FastLoginAccount = { email: string } | { refusal: string };

/**
 * The account an e-mailed fast-login code signs in to (`fast-login-user-info/`), for the page
 * to name it before the visitor confirms: a link that signed a visitor into an account without
 * saying whose would let a stranger's link sign them into the stranger's account (login CSRF).
 * A GET that checks a code is a guessing oracle, so every look-up is a try under the sign-in
 * links' guess limits (`checkCode("sign-in-link")`, decision 022), the very tries the post
 * spends: an unknown code stays counted, a right one is given back. Past the limit nothing is
 * asked and the page says 'Too many requests'; a refused code gets its `api.*` text (an unknown
 * or used code: 'Your session has expired'); a failing service the general message.
 */
export async function nameFastLoginAccount(
  code: string,
  clientIp: string | undefined,
): Promise<FastLoginAccount> {
  try {
    const answer = await checkCode(
      "sign-in-link",
      clientIp,
      () => asGuess(fastLoginUserInfo(code)),
      (result) => "refused" in result,
    );
    if (answer === TRIES_SPENT) return { refusal: "api.TOO_MANY_REQUESTS" };
    if ("refused" in answer) throw answer.refused;
    return { email: answer.value.email };
  } catch (error) {
    const refusal = signInRefusal(error, getConfig().brand.provider);
    if (refusal.status >= 500)
      log.error("A fast-login code could not be looked up upstream", error);
    return { refusal: refusal.key };
  }
}

/**
 * The confirmations of a sign-in link (SPEC §7): an e-mailed fast-login code (`fastlogin/` with
 * the visitor's UTC offset) or a web vault session (`autologin/`). Both are posts the visitor
 * makes on the sign-in page — a link alone never signs anyone in (no sign-in by a forged link).
 * The page named a fast-login code's account before this post (`nameFastLoginAccount`), so it
 * leads on to `to`; the account of a web vault session can only be named once it is used, so an
 * autologin always lands on the account page naming it (`afterAutologin`). The codes are
 * guessed under the sign-in links' limits (per address and site-wide, decision 022), the page's
 * look-ups included: a refused code stays counted.
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
  if (!(await consumeSharedAddressPost(kind, context.clientIp)))
    return fail(429, ["api.TOO_MANY_REQUESTS"]);
  if (submission.status !== "success") return fail(400, [M.badRequest]);
  const { code, timezone, to } = submission.value;
  const confirm = () =>
    kind === FAST_LOGIN_FORM ? fastLogin(code, parseTimezoneOffset(timezone)) : autologin(code);
  try {
    const answer = await checkCode(
      "sign-in-link",
      context.clientIp,
      () => asGuess(confirm()),
      (result) => "refused" in result,
    );
    if (answer === TRIES_SPENT) return fail(429, ["api.TOO_MANY_REQUESTS"]);
    if ("refused" in answer) throw answer.refused;
    const destination = kind === AUTOLOGIN_FORM ? afterAutologin(to, lang) : afterSignIn(to, lang);
    return await signedIn(answer.value, { destination, fail });
  } catch (error) {
    const refusal = signInRefusal(error, getConfig().brand.provider);
    if (refusal.status >= 500) log.error(`Sign-in by ${kind} failed upstream`, error);
    return fail(refusal.status, [refusal.key]);
  }
}
