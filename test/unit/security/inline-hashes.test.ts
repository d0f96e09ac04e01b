import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashSource } from "~/security/inline-hashes";

const sha = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("hashSource", () => {
  it("hashes the UTF-8 bytes of a text, multibyte or empty", () => {
    const text = 'window.t="覚えるパスワード — Übersicht";';
    expect(hashSource(text)).toBe(sha(text));
    expect(hashSource(Buffer.from(text))).toBe(sha(text));
    expect(hashSource("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});
