import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashSource, inlineHashes } from "./inline-hashes";

const sha = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineHashes", () => {
  it("hashes each inline script's text as written, attributes aside", () => {
    const page = Buffer.from(
      '<html><head><style data-app-css="">body{color:red}</style></head><body>' +
        "<script>a()</script>" +
        '<script type="module" async="">import "/x.js";</script>' +
        '<script type="text/x-after-paint" data-after-paint="">b()</script>' +
        "</body></html>",
    );
    expect(inlineHashes(page)).toEqual({
      scripts: [sha("a()"), sha('import "/x.js";'), sha("b()")],
      styles: [sha("body{color:red}")],
    });
  });

  it("leaves out scripts with a source and data blocks, and names a repeated text once", () => {
    const page = Buffer.from(
      '<script src="/assets/a.js"></script><script async src="/b.js"></script>' +
        '<script type="application/ld+json">{"@type":"FAQPage"}</script>' +
        '<script type="application/json">{}</script>' +
        "<script>same()</script><script>same()</script>",
    );
    expect(inlineHashes(page).scripts).toEqual([sha("same()")]);
  });

  it("hashes the UTF-8 bytes of multibyte text, and an empty script", () => {
    const text = 'window.t="覚えるパスワード — Übersicht";';
    const page = Buffer.from(`<script>${text}</script><script></script>`);
    expect(inlineHashes(page).scripts).toEqual([sha(text), sha("")]);
    expect(hashSource(Buffer.from(text))).toBe(sha(text));
  });

  it("reads other elements whose names start alike as what they are", () => {
    const page = Buffer.from(
      "<scripts>x</scripts><styled>y</styled><script>real()</script><style>p{}</style>",
    );
    expect(inlineHashes(page)).toEqual({ scripts: [sha("real()")], styles: [sha("p{}")] });
  });

  it("stops at a script the page never closes, and finds nothing in a page without any", () => {
    expect(inlineHashes(Buffer.from("<p>no scripts</p>"))).toEqual({ scripts: [], styles: [] });
    expect(inlineHashes(Buffer.from("<script>a()</script><script>cut"))).toEqual({
      scripts: [sha("a()")],
      styles: [],
    });
  });
});
