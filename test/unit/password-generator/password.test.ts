import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_OPTIONS,
  charset,
  clampLength,
  cryptoSource,
  entropyBits,
  generatePassword,
  strengthOf,
  uniformInt,
  type PasswordOptions,
} from "~/password-generator/password";

/** A source that hands out the given numbers, then real random ones. */
function sequence(values: number[]): () => number {
  let i = 0;
  return () => (i < values.length ? values[i++]! : randomInt(0, 2 ** 32 - 1));
}

const random = () => randomInt(0, 2 ** 32 - 1);

const only = (o: Partial<PasswordOptions>): PasswordOptions => ({
  ...DEFAULT_OPTIONS,
  lower: false,
  upper: false,
  digits: false,
  symbols: false,
  ...o,
});

describe("uniformInt", () => {
  it.each([
    // n, draws, expected: draws at or above the largest multiple of n below 2^32 are rejected
    [10, [5], 5],
    [10, [2 ** 32 - 1, 13], 3], // 4294967295 ≥ 4294967290 → rejected
    [10, [2 ** 32 - 6, 7], 7], // 4294967290 is the limit → rejected
    [10, [2 ** 32 - 7], 9], // 4294967289 < limit → kept
    [3, [2 ** 32 - 1, 4], 1], // 2^32 mod 3 = 1 → the top value is rejected
    [1, [123], 0],
    [2 ** 32, [2 ** 32 - 1], 2 ** 32 - 1],
  ])("n=%i draws %j → %i", (n, draws, expected) => {
    expect(uniformInt(n, sequence(draws))).toBe(expected);
  });

  it.each([0, -1, 1.5, 2 ** 32 + 1])("refuses n=%s", (n) => {
    expect(() => uniformInt(n, random)).toThrow(RangeError);
  });

  it("spreads evenly (rough χ² check)", () => {
    const counts = Array.from({ length: 7 }, () => 0);
    for (let i = 0; i < 70_000; i++) counts[uniformInt(7, random)]!++;
    const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(30); // df 6: p < 1e-4 above ~27
  });
});

describe("clampLength", () => {
  it.each([
    [20, 20],
    [8, 8],
    [7, 8],
    [0, 8],
    [-5, 8],
    [128, 128],
    [129, 128],
    [1e9, 128],
    [12.6, 13],
    [Number.NaN, 20],
    [Number.POSITIVE_INFINITY, 20],
  ])("%s → %s", (input, expected) => {
    expect(clampLength(input)).toBe(expected);
  });
});

describe("generatePassword", () => {
  it.each([8, 9, 16, 20, 64, 128])("makes %i characters", (length) => {
    const result = generatePassword({ ...DEFAULT_OPTIONS, length }, random);
    expect(result.ok && result.password.length).toBe(length);
  });

  it.each([
    [3, 8],
    [500, 128],
  ])("clamps length %i to %i", (length, expected) => {
    const result = generatePassword({ ...DEFAULT_OPTIONS, length }, random);
    expect(result.ok && result.password.length).toBe(expected);
  });

  const classes = [
    ["lower", /^[a-z]+$/],
    ["upper", /^[A-Z]+$/],
    ["digits", /^[0-9]+$/],
    ["symbols", /^[^a-zA-Z0-9]+$/],
  ] as const;

  it.each(classes)("uses only %s when only it is chosen", (name, pattern) => {
    const result = generatePassword(only({ [name]: true, length: 40 }), random);
    expect(result.ok && result.password).toMatch(pattern);
  });

  it.each([
    [{ lower: true, upper: true }],
    [{ digits: true, symbols: true }],
    [{ lower: true, upper: true, digits: true, symbols: true }],
    [{ lower: true, symbols: true, excludeSimilar: true }],
  ])("has every chosen class at the shortest length (%j)", (choice) => {
    const options = only({ ...choice, length: 8 });
    for (let run = 0; run < 300; run++) {
      const result = generatePassword(options, random);
      if (!result.ok) throw new Error("no password");
      for (const [name] of classes) {
        const has = [...result.password].some((c) => charset(name, false).includes(c));
        expect(has).toBe(options[name]);
      }
    }
  });

  it("has every class even when the source would favour one", () => {
    // All zeros: every draw picks the first character of its set.
    const result = generatePassword({ ...DEFAULT_OPTIONS, length: 8 }, () => 0);
    expect(result.ok && [...result.password].sort().join("")).toBe(
      ["a", "A", "0", "!", "a", "a", "a", "a"].sort().join(""),
    );
  });

  it("leaves out look-alike characters when asked", () => {
    const options = { ...DEFAULT_OPTIONS, length: 128, excludeSimilar: true };
    for (let run = 0; run < 50; run++) {
      const result = generatePassword(options, random);
      expect(result.ok && result.password).not.toMatch(/[lIiLoO01|]/);
    }
  });

  it("refuses options without any class", () => {
    expect(generatePassword(only({}), random)).toEqual({ ok: false, error: "noClass" });
  });

  it("gives different passwords each time", () => {
    const a = generatePassword(DEFAULT_OPTIONS, random);
    const b = generatePassword(DEFAULT_OPTIONS, random);
    expect(a.ok && b.ok && a.password !== b.password).toBe(true);
  });

  it("works with a Web Crypto source", () => {
    const source = cryptoSource((array) => crypto.getRandomValues(array));
    const result = generatePassword({ ...DEFAULT_OPTIONS, length: 100 }, source);
    expect(result.ok && result.password.length).toBe(100);
  });
});

describe("strength", () => {
  it.each([
    [8, 26, 37, "weak"],
    [12, 36, 62, "fair"],
    [16, 62, 95, "strong"],
    [20, 88, 129, "veryStrong"],
    [8, 1, 0, "weak"],
  ] as const)("%i chars from %i → %i bits, %s", (length, pool, bits, strength) => {
    expect(entropyBits(length, pool)).toBe(bits);
    expect(strengthOf(bits)).toBe(strength);
  });

  it("reports the default password as very strong", () => {
    const result = generatePassword(DEFAULT_OPTIONS, random);
    expect(result.ok && result.strength).toBe("veryStrong");
  });
});
