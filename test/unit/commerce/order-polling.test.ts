import { describe, expect, it } from "vitest";
import { pollDelays, statusUrl } from "~/commerce/order-polling";

describe("pollDelays", () => {
  it.each([
    [2000, 60_000, [2000, 4000, 8000, 16000, 30000]],
    [2000, 30_000, [2000, 4000, 8000, 16000]],
    [1000, 10_000, [1000, 2000, 4000, 3000]],
    [5000, 4000, []],
    [0, 60_000, []],
  ])("first %i ms within %i ms: %j", (first, total, expected) => {
    const delays = pollDelays(first, total);
    expect(delays).toEqual(expected);
    expect(delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
  });
});

describe("statusUrl", () => {
  it.each([
    ["?order=102-a", "/payment-status?order=102-a"],
    ["?hash=abc&order=1", "/payment-status?hash=abc"],
    ["?order=1&utm_source=x", "/payment-status?order=1"],
    ["?order=a%26b%3Dc", "/payment-status?order=a%26b%3Dc"],
    ["?order=1&key=k-_1&utm_source=x", "/payment-status?order=1&key=k-_1"],
    ["?hash=abc&key=k", "/payment-status?hash=abc"],
    ["", null],
    ["?x=1", null],
  ])("%s → %s", (search, expected) => {
    expect(statusUrl(search)).toBe(expected);
  });
});
