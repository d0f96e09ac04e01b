import { seal, sessionKey, type SessionContent } from "../../app/account/session-crypto.server";

/** The session secret of the e2e servers (playwright.config), so tests can seal a session. */
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";

/** A `__session=…` cookie holding `content`, as the e2e servers seal it. */
export function sealedSession(content: SessionContent): string {
  return `__session=${seal(content, sessionKey(E2E_SESSION_SECRET), Date.now())}`;
}
