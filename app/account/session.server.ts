import { getConfig } from "~/config.server";
import { readCookie } from "~/http/cookies";
import { SESSION_COOKIE } from "~/http/page-variant";
import { siteCookie } from "~/http/set-cookie.server";
import type { UpstreamAuth } from "~/upstream/client.server";
import {
  SESSION_MAX_AGE_S,
  open,
  seal,
  sealPayload,
  sessionKey,
  type SessionContent,
  type SessionPayload,
} from "./session-crypto.server";

export type { SessionContent, SessionPayload };

let key: { secret: string; key: Buffer } | undefined;

function currentKey(): Buffer {
  const secret = getConfig().sessionSecret;
  if (key?.secret !== secret) key = { secret, key: sessionKey(secret) };
  return key.key;
}

/**
 * The visitor's session lives in one HttpOnly, SameSite=Lax cookie (Secure on an https site, see
 * set-cookie.ts) whose value is sealed (session-crypto.server.ts): the upstream tokens are never
 * readable by page scripts, nor by anyone who sees the cookie. It is never shared with a parent
 * domain.
 */
function cookieHeader(value: string, maxAge: number): string {
  return siteCookie(SESSION_COOKIE, value, { maxAge });
}

/** The visitor's live session, or null (none, malformed, tampered, expired, old secret). */
export function readSession(request: Request): SessionPayload | null {
  const value = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  return value ? open(value, currentKey(), Date.now()) : null;
}

/** Set-Cookie starting a new session (a new id: signing in never reuses a cookie). */
export function startSessionCookie(content: SessionContent): string {
  return cookieHeader(seal(content, currentKey(), Date.now()), SESSION_MAX_AGE_S);
}

/** Set-Cookie keeping a session's id and expiry with changed content. */
export function updateSessionCookie(session: SessionPayload): string {
  const left = Math.max(0, Math.floor((session.exp - Date.now()) / 1000));
  return cookieHeader(sealPayload(session, currentKey()), left);
}

/** Set-Cookie ending the session (sign-out, or a session the upstream no longer knows). */
export function clearSessionCookie(): string {
  return cookieHeader("", 0);
}

/** The tokens to send upstream as X-Auth-Token / X-Access-Token, when the visitor has them. */
export function getUpstreamAuth(request: Request): UpstreamAuth | null {
  const session = readSession(request);
  return session ? { authToken: session.authToken, accessToken: session.accessToken } : null;
}
