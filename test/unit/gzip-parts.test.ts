import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  dropSpares,
  gzipJoined,
  precompress,
  reuse,
  spareBytesHeld,
} from "~/http/gzip-parts.server";

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

describe("the CRC-32 of a response from the page's CRC and the nonce's", () => {
  const bytes = (length: number, seed: number) =>
    Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed * 7) % 256));

  it.each([
    [0, 5],
    [1, 1],
    [5, 0],
    [24, 100_000],
    [70_000, 24],
    [3, 1_048_577],
  ])("is zlib's CRC of the page for parts of %d and %d bytes", (a, b) => {
    const pieces = [bytes(a, 1), bytes(b, 2)];
    const nonce = "Zm9vYmFyYmF6cXV4MTIzNA==";
    const body = gzipJoined(precompress(pieces, nonce.length, 1), nonce);
    const raw = Buffer.concat([pieces[0]!, Buffer.from(nonce), pieces[1]!]);
    expect(body.readUInt32LE(body.length - 8)).toBe(crc32(raw));
    expect(body.readUInt32LE(body.length - 4)).toBe(raw.length);
  });

  it("gives the trailer zlib computes for a page with many nonces, each response its own", () => {
    const pieces = Array.from({ length: 12 }, (_, i) => bytes(500 + i * 977, i));
    const gz = precompress(pieces, 24, 1);
    for (const nonce of [
      "q7LJzY0rK2mN4pW8sT1vXc==",
      "AAAAAAAAAAAAAAAAAAAAAA==",
      "////////////////////////",
    ]) {
      const body = gzipJoined(gz, nonce);
      const raw = Buffer.from(pieces.map((part) => part.toString("latin1")).join(nonce), "latin1");
      expect(body.readUInt32LE(body.length - 8)).toBe(crc32(raw));
      expect(gunzipSync(body).equals(raw)).toBe(true);
    }
  });

  it("leaves the stored page untouched by the responses made from it", () => {
    const gz = precompress(parts, 24);
    const template = Buffer.from(gz.template);
    const first = gzipJoined(gz, "Zm9vYmFyYmF6cXV4MTIzNA==");
    gzipJoined(gz, "AAAAAAAAAAAAAAAAAAAAAA==");
    expect(gz.template.equals(template)).toBe(true);
    expect(gunzipSync(first).toString()).toContain("Zm9vYmFyYmF6cXV4MTIzNA==");
  });
});

describe("response buffers used again", () => {
  const nonces = [
    "Zm9vYmFyYmF6cXV4MTIzNA==",
    "AAAAAAAAAAAAAAAAAAAAAA==",
    "q7LJzY0rK2mN4pW8sT1vXc==",
  ];
  const joined = (nonce: string) => parts.map((p) => p.toString("utf8")).join(nonce);

  it("serves a given-back buffer to the page's next response, rewritten for its nonce", () => {
    const gz = precompress(parts, 24);
    const first = gzipJoined(gz, nonces[0]!);
    reuse(gz, first);
    const second = gzipJoined(gz, nonces[1]!);
    expect(second).toBe(first);
    expect(gunzipSync(second).toString()).toBe(joined(nonces[1]!));
    const third = gzipJoined(gz, nonces[2]!);
    expect(third).not.toBe(second);
    expect(gunzipSync(third).toString()).toBe(joined(nonces[2]!));
    expect(gunzipSync(second).toString()).toBe(joined(nonces[1]!));
  });

  it("takes back nothing once the page has left the cache, another page's buffer, or over the cap", () => {
    const gz = precompress(parts, 24);
    const other = precompress([Buffer.from("<p>another page</p>"), Buffer.from("</p>")], 24);
    const held = spareBytesHeld();
    reuse(gz, gzipJoined(other, nonces[0]!));
    reuse(gz, gzipJoined(gz, nonces[0]!), held);
    expect(gz.spares).toHaveLength(0);
    reuse(gz, gzipJoined(gz, nonces[0]!));
    expect(spareBytesHeld()).toBe(held + gz.template.length);
    dropSpares(gz);
    expect(spareBytesHeld()).toBe(held);
    reuse(gz, gzipJoined(gz, nonces[1]!));
    expect(gz.spares).toHaveLength(0);
  });
});
