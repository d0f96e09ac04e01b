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

/**
 * A sign-in link as its page shows it: the code to confirm and, for a fast-login code, the e-mail
 * of the account it signs in to (a web vault session's account is named only once it is used:
 * `email` null); or, with no Continue, why the link cannot be used (a UI-string key).
 */
export type SignInLink =
  { kind: LinkForm; code: string; email: string | null } | { kind: LinkForm; refusal: string };
