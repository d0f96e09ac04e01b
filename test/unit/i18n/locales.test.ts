import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const DIR = fileURLToPath(new URL("../../../locales/", import.meta.url));
const EXPECTED = ["jp", "ru", "tr", "fr", "de", "ua", "es", "zh"];
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function read(code: string): Record<string, Json> {
  return JSON.parse(readFileSync(`${DIR}${code}.json`, "utf8")) as Record<string, Json>;
}

/** `{ a: { b: "x" } }` → `{ "a.b": "x" }`. */
function flatten(value: Json, prefix = "", out: Record<string, Json> = {}): Record<string, Json> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out[prefix] = value;
  }
  return out;
}

/** The keys of `en` that `other` lacks; a plural form counts as present when `<base>_other` is. */
function missingKeys(en: Record<string, Json>, other: Record<string, Json>): string[] {
  const missing = new Set<string>();
  for (const key of Object.keys(en)) {
    const plural = PLURAL.exec(key);
    if (plural) {
      if (!(`${plural[1]}_other` in other)) missing.add(`${plural[1]}_other`);
    } else if (!(key in other)) {
      missing.add(key);
    }
  }
  return [...missing];
}

function emptyKeys(messages: Record<string, Json>): string[] {
  return Object.entries(messages)
    .filter(([, value]) => typeof value !== "string" || value.trim() === "")
    .map(([key]) => key);
}

const en = flatten(read("en"));

describe("locale files", () => {
  it("has exactly en plus the nine translations", () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -".json".length));
    expect(files.sort()).toEqual(["en", ...EXPECTED].sort());
  });

  it("has non-empty English texts", () => {
    expect(Object.keys(en).length).toBeGreaterThan(0);
    expect(emptyKeys(en), "empty values in en").toEqual([]);
  });

  it.each(EXPECTED)("%s.json has every key of en.json", (code) => {
    const missing = missingKeys(en, flatten(read(code)));
    expect(missing, `${code}.json is missing: ${missing.join(", ")}`).toEqual([]);
  });

  it.each(EXPECTED)("%s.json has no empty value", (code) => {
    const empty = emptyKeys(flatten(read(code)));
    expect(empty, `${code}.json has empty values: ${empty.join(", ")}`).toEqual([]);
  });
});

describe("missingKeys (the parity rule itself)", () => {
  it.each([
    [{ a: "x", "b.c": "y" }, { a: "x" }, ["b.c"]],
    [{ n_one: "1", n_other: "n" }, { n_other: "n" }, []],
    [{ n_one: "1", n_other: "n" }, { n_one: "1", n_few: "f", n_many: "m" }, ["n_other"]],
    [{ n_other: "n" }, { n_one: "1", n_few: "f", n_many: "m", n_other: "n" }, []],
    [{ a: "x" }, { a: "x", extra: "y" }, []],
  ])("en %j vs %j misses %j", (base, other, expected) => {
    expect(missingKeys(base, other)).toEqual(expected);
  });
});
