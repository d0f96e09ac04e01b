/**
 * The session cookie's names: `__Host-` on an https site (session.server.ts). A page requested
 * with either is personal (app/page/page-variant.ts), and the cookie guard keeps both.
 */
export const SESSION_COOKIES = { https: "__Host-session", http: "__session" } as const;
