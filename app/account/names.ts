/** Names the sign-in form and its action share (no server code, no zod). */
export const SIGN_IN_FORM = "sign-in";

/** The longest password the site takes (the provider's own limit is not published). */
export const MAX_PASSWORD = 128;

/** The change-password form (signed in). */
export const CHANGE_PASSWORD_FORM = "change-password";
