import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crcShift, gzipJoined, precompress } from "~/http/gzip-parts.server";

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

describe("CRC-32 of joined buffers from the CRCs of their parts", () => {
  let seed = 12345;
  const random = (length: number) =>
    Buffer.from(
      Array.from({ length }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed & 0xff;
      }),
    );

  it.each([
    [0, 0],
    [0, 7],
    [7, 0],
    [1, 1],
    [24, 24],
    [100, 3],
    [70_000, 24],
    [3, 150_000],
  ])("matches zlib for %i + %i bytes", (lengthA, lengthB) => {
    const a = random(lengthA);
    const b = random(lengthB);
    expect(crc32Combine(crc32(a), crc32(b), crcShift(b.length))).toBe(crc32(Buffer.concat([a, b])));
  });

  it("moves a CRC past no bytes by multiplying by one", () => {
    expect(crcShift(0)).toBe(0x80000000);
    expect(crc32Combine(0xcbf43926, 0, crcShift(0))).toBe(0xcbf43926);
  });
});
