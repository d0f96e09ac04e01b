/** Names the sign-in form and its action share (no server code, no zod). */
export const SIGN_IN_FORM = "sign-in";

/** The longest password the site takes (the provider's own limit is not published). */
export const MAX_PASSWORD = 128;

/** The change-password form (signed in). */
export const CHANGE_PASSWORD_FORM = "change-password";

/** The confirmations of a sign-in link: an e-mailed fast-login code, a web vault session. */
export const FAST_LOGIN_FORM = "fast-login";
export const AUTOLOGIN_FORM = "autologin";
export type LinkForm = typeof FAST_LOGIN_FORM | typeof AUTOLOGIN_FORM;
