import { describe, expect, it } from "vitest";
import { passwordProblems } from "~/account/password-rules";

const WS = "validation.PASSWORD_WHITESPACE";
const ASCII = "validation.PASSWORD_ASCII";
const MIN = "validation.PASSWORD_MIN_LENGTH";
const MAX = "account.passwordTooLong";

describe("passwordProblems (SPEC §5, in its order)", () => {
  it.each<[string, string, string[]]>([
    ["fine", "Plum-Orbit-Lantern-42", []],
    ["exactly 8", "abcdefgh", []],
    ["7 characters", "abcdefg", [MIN]],
    ["empty", "", [MIN]],
    ["inner spaces are fine", "correct horse battery", []],
    ["leading space", " correcthorse", [WS]],
    ["trailing space", "correcthorse ", [WS]],
    ["leading tab", "\tcorrecthorse", [WS, ASCII]],
    ["trailing newline", "correcthorse\n", [WS, ASCII]],
    ["no-break space inside", "correct\u00a0horse", [ASCII]],
    ["no-break space at the end", "correcthorse\u00a0", [WS, ASCII]],
    ["only spaces", "   ", [WS, MIN]],
    ["Cyrillic", "парольпароль", [ASCII]],
    ["accented Latin", "motdepassé1", [ASCII]],
    ["emoji", "password🔑", [ASCII]],
    ["control character", "pass\u0007word", [ASCII]],
    ["DEL (0x7F)", "password\u007f", [ASCII]],
    ["every printable ASCII symbol", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", []],
    ["short and non-ASCII", "ключ", [ASCII, MIN]],
    ["short with spaces and non-ASCII", " ключ ", [WS, ASCII, MIN]],
    ["128 characters", "a".repeat(128), []],
    ["129 characters", "a".repeat(129), [MAX]],
    ["very long", "x".repeat(100_000), [MAX]],
  ])("%s", (_name, password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it("counts a character outside the BMP once (and refuses it as non-ASCII)", () => {
    expect(passwordProblems("🔑".repeat(8))).toEqual([ASCII]);
    expect(passwordProblems("🔑".repeat(7))).toEqual([ASCII, MIN]);
  });
});
