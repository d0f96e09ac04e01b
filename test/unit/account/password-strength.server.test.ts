import { describe, expect, it } from "vitest";
import { isStrongEnough, userWords } from "~/account/password-strength.server";

describe("isStrongEnough (zxcvbn score ≥ 3)", () => {
  it.each<[string, string, boolean]>([
    ["a top common password", "password", false],
    ["common password with digits", "password123", false],
    ["keyboard walk", "qwertyuiop", false],
    ["l33t common password", "p@ssw0rd1", false],
    ["repeat", "aaaaaaaaaaaa", false],
    ["sequence", "abcdefgh12345678", false],
    ["a date", "12/05/1994", false],
    ["one English word, capitalised", "Sunshine1", false],
    ["four random words", "plum orbit lantern velvet", true],
    ["random mixed", "t7#Kq9!vR2m", true],
    ["generated 16", "Zx8$wQ2!nB5^kL9&", true],
    ["long passphrase", "correct horse battery staple lamp", true],
    ["empty", "", false],
  ])("%s", (_name, password, expected) => {
    expect(isStrongEnough(password)).toBe(expected);
  });

  it("counts the visitor's e-mail against the password", () => {
    const password = "MiaLopezExample";
    expect(isStrongEnough(password)).toBe(true);
    expect(isStrongEnough(password, ["mia.lopezexample@example.com"])).toBe(false);
    expect(isStrongEnough("lopezmiamia", ["mia.lopez@example.com"])).toBe(false);
  });

  it("estimates a password of 128 characters, refuses 129 without estimating", () => {
    const strong = "Zx8$wQ2!nB5^kL9&".repeat(9);
    expect(strong.slice(0, 128)).toHaveLength(128);
    expect(isStrongEnough(strong.slice(0, 128))).toBe(true);
    expect(isStrongEnough(strong.slice(0, 129))).toBe(false);
  });

  it("judges a 128-character password of look-alike characters in well under a second", () => {
    isStrongEnough("warm up the word lists");
    const worst = "@4$5!10|+73(<6#9%2zZ".repeat(7).slice(0, 128);
    const started = performance.now();
    isStrongEnough(worst, ["mia.lopez@example.com"]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("userWords", () => {
  it.each<[string[], string[]]>([
    [["Mia.Lopez@Example.com"], ["mia.lopez@example.com", "mia.lopez", "mia", "lopez"]],
    [["sam@x.io"], ["sam@x.io", "sam"]],
    [["  "], []],
    [["Orbit Lantern"], ["orbit lantern", "orbit", "lantern"]],
    [["a@b@c.io"], ["a@b@c.io", "a@b"]],
    // Pieces of 3 characters count as words of their own, of 2 do not.
    [["jo.ann-lee@x.io"], ["jo.ann-lee@x.io", "jo.ann-lee", "ann", "lee"]],
  ])("%j → %j", (inputs, expected) => {
    expect(userWords(inputs)).toEqual(expected);
  });
});
