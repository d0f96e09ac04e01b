/**
 * The password generator: options → a random password, and how strong it is. Pure: the random
 * source is passed in (the browser's `crypto.getRandomValues`, node:crypto on the server, a fixed
 * sequence in tests). Kept free of zod so the browser chunk stays small.
 */

const CHAR_CLASSES = ["lower", "upper", "digits", "symbols"] as const;
export type CharClass = (typeof CHAR_CLASSES)[number];

export const MIN_LENGTH = 8;
export const MAX_LENGTH = 128;
export const DEFAULT_LENGTH = 20;

export interface PasswordOptions {
  length: number;
  lower: boolean;
  upper: boolean;
  digits: boolean;
  symbols: boolean;
  /** Leave out characters that are easy to mistake for one another (l, I, 1, O, 0, …). */
  excludeSimilar: boolean;
}

export const DEFAULT_OPTIONS: PasswordOptions = {
  length: DEFAULT_LENGTH,
  lower: true,
  upper: true,
  digits: true,
  symbols: true,
  excludeSimilar: false,
};

const CHARSETS: Record<CharClass, string> = {
  lower: "abcdefghijklmnopqrstuvwxyz",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  digits: "0123456789",
  symbols: "!#$%&()*+,-./:;=?@[]^_{|}~",
};

const SIMILAR = new Set("lIiLoO01|");

/** A source of uniformly random unsigned 32-bit integers. */
export type RandomSource = () => number;

const TWO_32 = 2 ** 32;

/**
 * A uniform integer in [0, n): draws above the largest multiple of n below 2^32 are rejected, so
 * every result is equally likely (no modulo bias).
 */
export function uniformInt(n: number, next: RandomSource): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`Bad range ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const x = next();
    if (x < limit) return x % n;
  }
}

/** Length clamped to 8–128 (a non-number gives the default). */
export function clampLength(length: number): number {
  if (!Number.isFinite(length)) return DEFAULT_LENGTH;
  return Math.min(MAX_LENGTH, Math.max(MIN_LENGTH, Math.round(length)));
}

function chosenClasses(options: PasswordOptions): CharClass[] {
  return CHAR_CLASSES.filter((c) => options[c]);
}

/** The characters of one class under the options. */
export function charset(charClass: CharClass, excludeSimilar: boolean): string {
  const all = CHARSETS[charClass];
  return excludeSimilar ? [...all].filter((c) => !SIMILAR.has(c)).join("") : all;
}

export type GenerateResult =
  | { ok: true; password: string; bits: number; strength: Strength }
  | { ok: false; error: "noClass" };

/**
 * A password of the options' length (clamped) with at least one character of each chosen class,
 * the rest drawn from all chosen classes, then shuffled. No class chosen → an error.
 */
export function generatePassword(options: PasswordOptions, next: RandomSource): GenerateResult {
  const classes = chosenClasses(options);
  if (classes.length === 0) return { ok: false, error: "noClass" };
  const length = clampLength(options.length);
  const sets = classes.map((c) => charset(c, options.excludeSimilar));
  const pool = sets.join("");
  const chars = sets.map((set) => set[uniformInt(set.length, next)]!);
  while (chars.length < length) chars.push(pool[uniformInt(pool.length, next)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = uniformInt(i + 1, next);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const bits = entropyBits(length, pool.length);
  return { ok: true, password: chars.join(""), bits, strength: strengthOf(bits) };
}

export const STRENGTHS = ["weak", "fair", "strong", "veryStrong"] as const;
export type Strength = (typeof STRENGTHS)[number];

/** Bits of entropy of a random password: length × log2(pool size), rounded down. */
export function entropyBits(length: number, poolSize: number): number {
  return poolSize <= 1 ? 0 : Math.floor(length * Math.log2(poolSize));
}

export function strengthOf(bits: number): Strength {
  if (bits < 50) return "weak";
  if (bits < 80) return "fair";
  if (bits < 120) return "strong";
  return "veryStrong";
}

/** The browser's (and Node's Web Crypto) random source, buffered. */
export function cryptoSource(getRandomValues: (array: Uint32Array) => Uint32Array): RandomSource {
  let buffer: Uint32Array = new Uint32Array(0);
  let at = 0;
  return () => {
    if (at >= buffer.length) {
      buffer = getRandomValues(new Uint32Array(64));
      at = 0;
    }
    return buffer[at++]!;
  };
}
