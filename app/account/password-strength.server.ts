import { createRequire } from "node:module";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MAX_LENGTH } from "./password-rules";

/**
 * The real strength estimate behind PASSWORD_BAD (SPEC §5): zxcvbn's guess count, with the
 * common-password lists, keyboard patterns and English words, scored 0–4. Server only.
 */

/** The least zxcvbn score (0–4) a new password needs. */
const MIN_STRENGTH_SCORE = 3;

/**
 * How many look-alike characters (4 for a, $ for s, …) one word may swap: the l33t matcher tries
 * combinations of them, and at the library default (100) a 128-character password of such
 * characters takes seconds; 10 still finds p@55w0rd and keeps a 128-character password to
 * about 0.1–0.3 s.
 */
const L33T_MAX_SUBSTITUTIONS = 10;

const require = createRequire(import.meta.url);
let factory: ZxcvbnFactory | undefined;

/**
 * The estimator, built on first use: the word lists (several MB) are read and ranked once per
 * process, only when someone actually picks a new password.
 */
function estimator(): ZxcvbnFactory {
  if (!factory) {
    const core = require("@zxcvbn-ts/core") as typeof import("@zxcvbn-ts/core");
    const common =
      require("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common");
    const en = require("@zxcvbn-ts/language-en") as typeof import("@zxcvbn-ts/language-en");
    factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: PASSWORD_MAX_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  }
  return factory;
}

/**
 * The words of the visitor's own data that a password should not lean on: each input as given,
 * and for an e-mail address its local part and the pieces of it (mia.lopez@… → mia, lopez).
 */
export function userWords(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const value = input.trim().toLowerCase().slice(0, PASSWORD_MAX_LENGTH);
    if (!value) continue;
    words.add(value);
    const local = value.includes("@") ? value.slice(0, value.lastIndexOf("@")) : value;
    words.add(local);
    for (const piece of local.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/**
 * True when zxcvbn scores the password at least 3 of 4, with the visitor's own data (e-mail,
 * current password) counted as guessable words. Passwords over the length cap are refused
 * without an estimate (the cheap rules report them).
 */
export function isStrongEnough(password: string, userInputs: string[] = []): boolean {
  if (password.length === 0 || password.length > PASSWORD_MAX_LENGTH) return false;
  return estimator().check(password, userWords(userInputs)).score >= MIN_STRENGTH_SCORE;
}
