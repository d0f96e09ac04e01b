/**
 * The cheap rules for a new password (SPEC §5), as UI-string keys in the order the SPEC lists
 * them. No dependencies, so a form can also check them in the browser; the strength estimate
 * lives in `password-strength.server.ts` (server only: its dictionaries are megabytes).
 */

const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused: the strength estimate slows down on very long input. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  whitespace: "validation.PASSWORD_WHITESPACE",
  ascii: "validation.PASSWORD_ASCII",
  minLength: "validation.PASSWORD_MIN_LENGTH",
  tooLong: "account.passwordTooLong",
  weak: "validation.PASSWORD_BAD",
  confirm: "validation.CONFIRM_PASSWORD",
} as const;

const EDGE_WHITESPACE = /^\s|\s$/u;
/** Printable ASCII: space (0x20) to tilde (0x7E). */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * What is wrong with a new password, cheapest rules only: no whitespace at either end, printable
 * ASCII only, at least 8 characters, at most 128. Empty list = passes these rules (strength is
 * judged separately).
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (EDGE_WHITESPACE.test(password)) problems.push(PASSWORD_MESSAGES.whitespace);
  if (!PRINTABLE_ASCII.test(password)) problems.push(PASSWORD_MESSAGES.ascii);
  // Length in code points, so an emoji counts as the one character a person sees.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.minLength);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  return problems;
}
