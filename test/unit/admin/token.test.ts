import { describe, expect, it } from "vitest";
import { bearerToken, tokenMatches } from "~/admin/token";

const TOKEN = "k".repeat(40);

describe("bearerToken (the token of an Authorization header)", () => {
  it.each<[string | undefined, string | null]>([
    [`Bearer ${TOKEN}`, TOKEN],
    [`bearer ${TOKEN}`, TOKEN],
    [`Bearer   ${TOKEN}  `, TOKEN],
    ["Bearer abc.DEF-_~+/=", "abc.DEF-_~+/="],
    [undefined, null],
    ["", null],
    ["Bearer", null],
    ["Bearer ", null],
    [`Basic ${TOKEN}`, null],
    [TOKEN, null],
    [`Bearer ${TOKEN} extra`, null],
    [`Bearer ${"x".repeat(2000)}`, null],
  ])("%j → %j", (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe("tokenMatches", () => {
  it.each<[string | null, boolean]>([
    [TOKEN, true],
    [`${TOKEN}x`, false],
    [TOKEN.slice(1), false],
    ["K".repeat(40), false],
    ["", false],
    [null, false],
  ])("%j → %s", (given, expected) => {
    expect(tokenMatches(given, TOKEN)).toBe(expected);
  });

  it("never matches when no token is configured", () => {
    expect(tokenMatches("", "")).toBe(false);
  });
});
