import { getConfig } from "~/config/config.server";
import { readCookie } from "~/http/cookies";
import { SESSION_COOKIES } from "./session-cookies";
import type { CookieNotice } from "~/http/set-cookie";
import { siteCookie } from "~/http/set-cookie.server";
import { redis } from "~/redis/connection.server";
import type { UpstreamAuth } from "~/upstream/client.server";
import { accountKey } from "~/forms/limits/account-key.server";
import {
  open,
  seal,
  sessionKey,
  type SessionContent,
  type SessionPayload,
} from "./session-crypto.server";
import { SessionStore, SessionsFullError } from "./session-store.server";

export type { SessionContent, SessionPayload };
export { SessionsFullError };

/** A live session: what its cookie holds, and the account it belongs to when known. */
export type Session = SessionPayload & { account: string | null };

let key: { secret: string; key: Buffer } | undefined;

function currentKey(): Buffer {
  const secret = getConfig().sessionSecret;
  if (key?.secret !== secret) key = { secret, key: sessionKey(secret) };
  return key.key;
}

let store: SessionStore | undefined;

/** The process's session records (session-store.server.ts): in memory, and in Redis when set. */
function sessionStore(): SessionStore {
  store ??= new SessionStore(redis(), () => getConfig().session);
  return store;
}

/**
 * The session cookie's name: `__Host-session` on an https site — the browser then takes it only
 * Secure, host-only and for the whole site, so no subdomain or plain-http page can set or
 * shadow it — and `__session` over http (local and sandbox sites).
 */
function sessionCookieName(): string {
  return getConfig().cookies.secure ? SESSION_COOKIES.https : SESSION_COOKIES.http;
}

/**
 * The visitor's session lives in one HttpOnly, SameSite=Lax cookie (Secure on an https site, see
 * set-cookie.ts) whose value is sealed (session-crypto.server.ts): the upstream tokens are never
 * readable by page scripts, nor by anyone who sees the cookie. It is never shared with a parent
 * domain.
 */
function cookieHeader(value: string, maxAgeS: number): string {
  return siteCookie(sessionCookieName(), value, { maxAge: maxAgeS });
}

/** The session, kept at most SESSION_MAX_AGE_HOURS after sign-in (and ended when idle). */
export const SESSION_COOKIE_NOTICE: CookieNotice = {
  names: SESSION_COOKIES,
  purpose: "session",
  maxAgeS: () => Math.floor(getConfig().session.maxAgeMs / 1000),
};

const reads = new WeakMap<Request, Promise<Session | null>>();

/**
 * The visitor's live session, or null: no cookie, or one that is malformed, tampered, sealed
 * under an old secret, past its end — or that the server no longer records (signed out, idle
 * too long, ended by a password change). Read once per request; each read counts as activity.
 */
export function readSession(request: Request): Promise<Session | null> {
  let read = reads.get(request);
  if (!read) {
    read = lookUp(request);
    reads.set(request, read);
  }
  return read;
}

async function lookUp(request: Request): Promise<Session | null> {
  const value = readCookie(request.headers.get("cookie"), sessionCookieName());
  const payload = value ? open(value, currentKey(), Date.now()) : null;
  if (!payload) return null;
  const record = await sessionStore().check(payload.sid);
  return record ? { ...payload, account: record.account } : null;
}

/**
 * Starts a new session (a new id: signing in never reuses a cookie) and records it, with the
 * account's e-mail when the sign-in knew it. Returns its Set-Cookie. Throws `SessionsFullError`
 * when the session cannot be recorded (no Redis, and memory full of live sessions).
 */
export async function startSession(content: SessionContent, email?: string): Promise<string> {
  const { maxAgeMs } = getConfig().session;
  const { payload, sealed } = seal(content, currentKey(), Date.now(), maxAgeMs);
  await sessionStore().start(payload.sid, email ? accountKey(email) : null);
  return cookieHeader(sealed, Math.floor(maxAgeMs / 1000));
}

/** Notes the account a session belongs to (a sign-in by link learns it from user-info). */
export async function noteSessionAccount(session: Session, email: string): Promise<void> {
  const account = accountKey(email);
  if (session.account !== account) await sessionStore().setAccount(session.sid, account);
}

/** Ends the request's session on the server (when it has one): its cookie opens nothing more. */
export async function endSession(request: Request): Promise<void> {
  const value = readCookie(request.headers.get("cookie"), sessionCookieName());
  const payload = value ? open(value, currentKey(), Date.now()) : null;
  if (payload) await sessionStore().end(payload.sid);
}

/** Ends every session of the account (its accountKey) started until now: a password change. */
export async function endAccountSessions(account: string): Promise<void> {
  await sessionStore().endAccount(account);
}

/** Set-Cookie deleting the session cookie (sign-out, or a session that is over). */
export function clearSessionCookie(): string {
  return cookieHeader("", 0);
}

/** The tokens to send upstream as X-Auth-Token / X-Access-Token, when the visitor has them. */
export async function getUpstreamAuth(request: Request): Promise<UpstreamAuth | null> {
  const session = await readSession(request);
  return session ? { authToken: session.authToken, accessToken: session.accessToken } : null;
}
