import type { Options } from "express-rate-limit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BoundedMemoryStore } from "./bounded-memory-store";

function store(max = 100, windowMs = 60_000) {
  const s = new BoundedMemoryStore(max);
  s.init({ windowMs } as Options);
  return s;
}

afterEach(() => vi.useRealTimers());

describe("BoundedMemoryStore", () => {
  it("counts per key in a fixed window, and starts again after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const s = store();
    expect((await s.increment("a")).totalHits).toBe(1);
    expect((await s.increment("a")).totalHits).toBe(2);
    expect((await s.increment("b")).totalHits).toBe(1);
    vi.advanceTimersByTime(59_999);
    expect((await s.get("a"))?.totalHits).toBe(2);
    vi.advanceTimersByTime(1);
    expect(await s.get("a")).toBeUndefined();
    expect((await s.increment("a")).totalHits).toBe(1);
  });

  it("gives back a try, never below zero, and forgets a key on reset", async () => {
    const s = store();
    await s.increment("a");
    await s.decrement("a");
    await s.decrement("a");
    expect((await s.get("a"))?.totalHits).toBe(0);
    await s.increment("a");
    await s.resetKey("a");
    expect(await s.get("a")).toBeUndefined();
  });

  it("keeps at most its bound of keys, forgetting those counted least recently", async () => {
    const s = store(3);
    for (const key of ["a", "b", "c"]) await s.increment(key);
    await s.increment("a");
    await s.increment("d");
    expect(await s.get("b")).toBeUndefined();
    expect((await s.get("a"))?.totalHits).toBe(2);
    expect((await s.get("d"))?.totalHits).toBe(1);
    for (let i = 0; i < 1000; i += 1) await s.increment(`flood-${i}`);
    expect(await s.get("a")).toBeUndefined();
  });
});
