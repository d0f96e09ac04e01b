import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { appendOperator, crc32Combine, gzipJoined, precompress } from "~/http/gzip-parts.server";

const parts = [
  '<html><head><script nonce="',
  '">x()</script></head><body>Українська 日本語 ',
  "</body></html>",
].map((s) => Buffer.from(s));

describe("gzip of a cached page around its nonce", () => {
  it("decompresses to the parts joined by the nonce", () => {
    const gz = precompress(parts, 24);
    for (const nonce of [
      "Zm9vYmFyYmF6cXV4MTIzNA==",
      "AAAAAAAAAAAAAAAAAAAAAA==",
      "<script>x</script>x()abc",
    ]) {
      const out = gunzipSync(gzipJoined(gz, nonce)).toString("utf8");
      expect(out).toBe(parts.map((p) => p.toString("utf8")).join(nonce));
    }
  });

  it("handles a single part and a large page", () => {
    const big = Buffer.from("<p>lorem ipsum</p>".repeat(20_000));
    const gz = precompress([big, Buffer.from("<p>lorem ipsum</p> tail")], 5);
    const out = gunzipSync(gzipJoined(gz, "NONCE"));
    expect(
      out.equals(
        Buffer.concat([big, Buffer.from("NONCE"), Buffer.from("<p>lorem ipsum</p> tail")]),
      ),
    ).toBe(true);
    expect(gunzipSync(gzipJoined(precompress([Buffer.from("only")], 3), "xyz")).toString()).toBe(
      "only",
    );
    expect(() => gzipJoined(gz, "TOO-LONG")).toThrow("separator must be 5 bytes");
  });

  it("compresses later parts against earlier ones", () => {
    let seed = 7;
    const words = Array.from({ length: 3000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return seed.toString(36);
    });
    const page = Buffer.from(words.join(" "));
    const once = gzipJoined(precompress([page], 1), "n").length;
    const twice = gzipJoined(precompress([page, page], 1), "n").length;
    // The second copy is told by references to the first, as in one stream.
    expect(twice).toBeLessThan(once * 1.1);
  });
});

describe("a page with NUL bytes", () => {
  it("still decompresses to its parts joined by any nonce", () => {
    // With the separator's gap in the dictionary, a NUL run could be told as a reference into
    // the gap — which holds a different nonce in every response.
    const withNul = [
      Buffer.from("<p>before</p>"),
      Buffer.from("\u0000\u0000\u0000\u0000<p>before</p>\u0000\u0000\u0000\u0000 after"),
      Buffer.from("\u0000\u0000\u0000\u0000"),
    ];
    const gz = precompress(withNul, 4);
    for (const nonce of ["WXYZ", "\u0000\u0000\u0000\u0000", "abcd"]) {
      const out = gunzipSync(gzipJoined(gz, nonce));
      expect(
        out.equals(
          Buffer.concat([
            withNul[0]!,
            Buffer.from(nonce),
            withNul[1]!,
            Buffer.from(nonce),
            withNul[2]!,
          ]),
        ),
      ).toBe(true);
    }
  });

  it("has the CRC-32 and length of the joined page in its trailer", () => {
    const gz = precompress(parts, 24);
    const nonce = "Zm9vYmFyYmF6cXV4MTIzNA==";
    const body = gzipJoined(gz, nonce);
    const joined = Buffer.from(parts.map((p) => p.toString("utf8")).join(nonce));
    expect(body.readUInt32LE(body.length - 8)).toBe(crc32(joined));
    expect(body.readUInt32LE(body.length - 4)).toBe(joined.length);
  });
});

describe("the CRC-32 of a response from the CRCs of its parts", () => {
  const bytes = (length: number, seed: number) =>
    Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed * 7) % 256));

  it.each([
    [0, 5],
    [1, 1],
    [5, 0],
    [24, 100_000],
    [70_000, 24],
    [3, 1_048_577],
  ])("crc(A‖B) for |A| = %d, |B| = %d equals zlib's CRC of the whole", (a, b) => {
    const first = bytes(a, 1);
    const second = bytes(b, 2);
    expect(crc32Combine(crc32(first), crc32(second), appendOperator(b))).toBe(
      crc32(Buffer.concat([first, second])),
    );
  });

  it("gives the trailer zlib computes for a page with many nonces", () => {
    const pieces = Array.from({ length: 12 }, (_, i) => bytes(500 + i * 977, i));
    const nonce = "q7LJzY0rK2mN4pW8sT1vXc==";
    const body = gzipJoined(precompress(pieces, nonce.length, 1), nonce);
    const raw = Buffer.from(pieces.map((part) => part.toString("latin1")).join(nonce), "latin1");
    expect(body.readUInt32LE(body.length - 8)).toBe(crc32(raw));
    expect(gunzipSync(body).equals(raw)).toBe(true);
  });
});
