import { describe, expect, it } from "vitest";
import { matchesTag, pageTag } from "~/http/page-tag.server";

describe("pageTag and matchesTag", () => {
  const tag = pageTag(Buffer.from("<!DOCTYPE html><p>page</p>"));

  it("gives the same bytes the same weak tag, and other bytes another", () => {
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(pageTag(Buffer.from("<!DOCTYPE html><p>page</p>"))).toBe(tag);
    expect(pageTag(Buffer.from("<!DOCTYPE html><p>other</p>"))).not.toBe(tag);
  });

  it("matches If-None-Match weakly, in a list, or as *", () => {
    const opaque = tag.slice(2);
    expect(matchesTag(tag, tag)).toBe(true);
    expect(matchesTag(opaque, tag)).toBe(true);
    expect(matchesTag(`"x", ${tag}`, tag)).toBe(true);
    expect(matchesTag("*", tag)).toBe(true);
    expect(matchesTag('W/"other"', tag)).toBe(false);
    expect(matchesTag(null, tag)).toBe(false);
    expect(matchesTag("", tag)).toBe(false);
  });
});
