import { describe, expect, it } from "vitest";
import {
  decodeSharedEntry,
  encodeSharedEntry,
  MAX_SHARED_ENTRY_BYTES,
} from "~/upstream/shared-entry";

const AT = 1_750_000_000_000;

describe("encodeSharedEntry / decodeSharedEntry", () => {
  it.each<[string, unknown]>([
    ["a page answer", { components: [{ name: "hero", data: { title: "Vault" } }], settings: {} }],
    ["a list", [{ url: "/blog/a", title: "A" }]],
    ["a string", "text"],
    ["null", null],
    ["non-Latin text", { title: "Пароли — 密码" }],
  ])("round-trips %s with its stored-at time", (_what, value) => {
    const text = encodeSharedEntry({ value, storedAt: AT });
    expect(text).not.toBeNull();
    expect(decodeSharedEntry(text)).toEqual({ value, storedAt: AT });
  });

  it.each<[string, number, boolean]>([
    ["just under the bound", MAX_SHARED_ENTRY_BYTES - 100, true],
    ["over the bound", MAX_SHARED_ENTRY_BYTES + 1, false],
  ])("shares an answer %s: %s", (_what, size, shared) => {
    const value = { body: "a".repeat(size - 30) };
    expect(encodeSharedEntry({ value, storedAt: AT }) !== null).toBe(shared);
  });

  it("counts bytes, not characters (3-byte characters under the character bound)", () => {
    const value = "€".repeat(1_000);
    expect(encodeSharedEntry({ value, storedAt: AT }, 2_000)).toBeNull();
    expect(encodeSharedEntry({ value, storedAt: AT }, 4_000)).not.toBeNull();
  });

  it.each<[string, unknown]>([
    ["an undefined value", undefined],
    ["a value JSON cannot hold", { big: 1n }],
  ])("does not share %s", (_what, value) => {
    expect(encodeSharedEntry({ value, storedAt: AT })).toBeNull();
  });

  it.each<[string, string | null | undefined]>([
    ["nothing", null],
    ["an empty string", ""],
    ["not JSON", "{oops"],
    ["a bare value", '"text"'],
    ["an array", "[1,2]"],
    ["no stored-at time", '{"v":1}'],
    ["a stored-at time that is no integer", '{"t":"yesterday","v":1}'],
    ["no value", `{"t":${AT}}`],
  ])("reads %s as no entry", (_what, text) => {
    expect(decodeSharedEntry(text)).toBeUndefined();
  });
});
