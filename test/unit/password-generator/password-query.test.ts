import { describe, expect, it } from "vitest";
import { hasPasswordQuery, passwordOptionsOf } from "~/password-generator/password-query";
import { generateForRequest } from "~/password-generator/password.server";

const url = (search: string) => new URL(`https://example.test/password-generator${search}`);

describe("password query", () => {
  it.each([
    ["", false],
    ["?page=2", false],
    ["?length=20", true],
    ["?symbols=1", true],
  ])("%s carries the form: %s", (search, expected) => {
    expect(hasPasswordQuery(url(search))).toBe(expected);
  });

  it.each([
    ["?length=30&lower=1&upper=1&digits=1&symbols=1", 30, [true, true, true, true], false],
    ["?length=12&lower=on", 12, [true, false, false, false], false],
    ["?length=5&digits=1&similar=1", 8, [false, false, true, false], true],
    ["?length=9999&upper=1", 128, [false, true, false, false], false],
    ["?length=abc&lower=1", 20, [true, false, false, false], false],
    ["?length=-3&lower=1", 20, [true, false, false, false], false],
    ["?length=1e3&lower=1", 20, [true, false, false, false], false],
    [
      `?length=${"9".repeat(5000)}&lower=${"x".repeat(5000)}`,
      20,
      [false, false, false, false],
      false,
    ],
    ["?lower=0&upper=yes&digits=<script>", 20, [false, false, false, false], false],
  ])("%s → length %i, classes %j", (search, length, classes, similar) => {
    const o = passwordOptionsOf(url(search));
    expect(o.length).toBe(length);
    expect([o.lower, o.upper, o.digits, o.symbols]).toEqual(classes);
    expect(o.excludeSimilar).toBe(similar);
  });

  // [the length asked, the password's]
  it.each([
    [7, 8],
    [8, 8],
    [128, 128],
    [129, 128],
  ])("asked for %i characters, makes a password of %i on the server", (asked, made) => {
    const answer = generateForRequest(url(`?length=${asked}&digits=1`));
    expect(answer?.result.ok && answer.result.password).toMatch(new RegExp(`^[0-9]{${made}}$`));
  });

  it("makes a password of the asked length and classes on the server", () => {
    const made = generateForRequest(url("?length=24&digits=1"));
    expect(made?.result.ok && made.result.password).toMatch(/^[0-9]{24}$/);
  });

  it("answers a form without classes with the error, and the plain page with nothing", () => {
    expect(generateForRequest(url("?length=24"))?.result).toEqual({ ok: false, error: "noClass" });
    expect(generateForRequest(url(""))).toBeNull();
  });
});
