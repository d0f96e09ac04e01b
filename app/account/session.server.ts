import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { getConfig } from "~/config.server";
import type { UpstreamAuth } from "~/upstream/client.server";

interface SessionData {
  authToken: string;
  accessToken: string;
  /** Taken from the autologin URL; the web vault link carries it as `?session=`. */
  sessionId: string;
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

/**
 * The visitor's session lives in one signed, HttpOnly cookie: the upstream tokens are never
 * readable by page scripts. Secure whenever a real upstream is configured.
 */
export function sessionStorage() {
  if (!storage) {
    const config = getConfig();
    storage = createCookieSessionStorage<SessionData>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: !config.sandbox,
        secrets: [config.sessionSecret],
        maxAge: 60 * 60 * 24 * 30,
      },
    });
  }
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("cookie"));
}

/** The tokens to send upstream as X-Auth-Token / X-Access-Token, when the visitor has them. */
export async function getUpstreamAuth(request: Request): Promise<UpstreamAuth | null> {
  if (!request.headers.get("cookie")?.includes("__session=")) return null;
  const session = await getSession(request);
  const authToken = session.get("authToken");
  const accessToken = session.get("accessToken");
  return authToken || accessToken ? { authToken, accessToken } : null;
}
