/** The session secret of the e2e servers (playwright.config), so tests can sign a session. */
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";
