import { describe, expect, it } from "vitest";
import { MAX_PLAIN_KEY_LENGTH, redisKeys } from "~/redis/keys";

const keys = redisKeys("keynest:");

describe("redisKeys (everything the site keeps in Redis, under its prefix)", () => {
  it.each([
    ["the form limit", keys.limiter("form"), "keynest:rl:form"],
    ["the status poll limit", keys.limiter("status-poll"), "keynest:rl:status-poll"],
    ["the per-account sign-in limit", keys.limiter("sign-in"), "keynest:rl:sign-in"],
    ["the admin endpoint's failures", keys.limiter("admin-failures"), "keynest:rl:admin-failures"],
    ["the cache generation", keys.generation, "keynest:cache:generation"],
    ["the clear channel", keys.clearChannel, "keynest:cache-clear"],
    [
      "an upstream answer",
      keys.cacheEntry("a1b2", 7, "/coms/site/?lang=de"),
      "keynest:cache:a1b2:7:/coms/site/?lang=de",
    ],
    [
      "the claim to refresh it",
      keys.cacheLock("a1b2", 7, "/coms/site/?lang=de"),
      "keynest:cache-lock:a1b2:7:/coms/site/?lang=de",
    ],
  ])("names %s", (_what, key, expected) => {
    expect(key).toBe(expected);
  });

  it("keeps two sites on one server apart by their prefixes", () => {
    const other = redisKeys("vpn-site:");
    expect(other.cacheEntry("a", 1, "/coms/site/")).not.toBe(
      keys.cacheEntry("a", 1, "/coms/site/"),
    );
    expect(other.limiter("form")).toBe("vpn-site:rl:form");
  });

  it.each([
    ["a new generation", keys.cacheEntry("a1b2", 8, "/coms/site/")],
    ["another release", keys.cacheEntry("c3d4", 7, "/coms/site/")],
  ])("puts the same call under another key in %s", (_what, key) => {
    expect(key).not.toBe(keys.cacheEntry("a1b2", 7, "/coms/site/"));
  });

  it.each([
    [MAX_PLAIN_KEY_LENGTH, false],
    [MAX_PLAIN_KEY_LENGTH + 1, true],
    [5_000, true],
  ])("stores a %i-character call key by its hash: %s", (length, hashed) => {
    const call = `/coms/pages-search/?q=${"x".repeat(length - 22)}`;
    expect(call).toHaveLength(length);
    const key = keys.cacheEntry("a1b2", 7, call);
    expect(key.endsWith(call)).toBe(!hashed);
    if (hashed) expect(key).toMatch(/^keynest:cache:a1b2:7:sha256:[0-9a-f]{64}$/);
  });

  it("hashes two long keys that differ only at the end apart", () => {
    const long = "/coms/pages/page/?path=" + "a".repeat(300);
    expect(keys.cacheEntry("n", 1, `${long}1`)).not.toBe(keys.cacheEntry("n", 1, `${long}2`));
  });

  it.each<[string, string, number | null]>([
    ["an answer", "keynest:cache:a1b2:7:/coms/site/?lang=de", 7],
    ["a hashed answer", `keynest:cache:a1b2:12:sha256:${"0".repeat(64)}`, 12],
    ["a claim", "keynest:cache-lock:a1b2:7:/coms/site/", 7],
    ["a call key with colons", "keynest:cache:dev:9:/coms/x/?q=a:b", 9],
    ["the generation counter", "keynest:cache:generation", null],
    ["a rate limit count", "keynest:rl:form:198.51.100.7 newsletter", null],
    ["another site's answer", "vpn-site:cache:a1b2:7:/coms/site/", null],
    ["a key with no number where the generation goes", "keynest:cache:a1b2:x:/coms/site/", null],
  ])("reads the generation of %s", (_what, key, generation) => {
    expect(keys.generationOf(key)).toBe(generation);
  });

  it("finds every cache entry and claim with one SCAN pattern", () => {
    expect(keys.cachePattern).toBe("keynest:cache*");
  });
});
