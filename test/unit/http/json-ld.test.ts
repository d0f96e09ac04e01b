import { describe, expect, it } from "vitest";
import { jsonForScript } from "~/http/json-ld";

describe("jsonForScript", () => {
  it.each([
    ["a closing script tag", { name: "</script><script>alert(1)</script>" }, "</script"],
    ["an HTML comment opener", { name: "<!-- x" }, "<!--"],
    ["an ampersand", { name: "Q&A" }, "&"],
    ["a greater-than sign", { name: "a > b" }, ">"],
    ["a line separator", { name: "one\u2028two" }, "\u2028"],
    ["a paragraph separator", { name: "one\u2029two" }, "\u2029"],
  ])("escapes %s and still parses to the same value", (_, value, raw) => {
    const json = jsonForScript(value);
    expect(json).not.toContain(raw);
    expect(JSON.parse(json)).toEqual(value);
  });

  it.each([
    [{ a: 1, b: [true, null] }, '{"a":1,"b":[true,null]}'],
    ["plain", '"plain"'],
    [undefined, "null"],
    [{ s: "</SCRIPT>" }, '{"s":"\\u003c/SCRIPT\\u003e"}'],
  ])("writes %j as %s", (value, expected) => {
    expect(jsonForScript(value)).toBe(expected);
  });
});
