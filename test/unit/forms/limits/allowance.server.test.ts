import { describe, expect, it } from "vitest";
import { Allowance, takeTries } from "~/forms/limits/allowance.server";

const allowance = (limit: number, maxKeys?: number) =>
  new Allowance(
    "code-address",
    { limit: () => limit, windowMs: () => 60_000 },
    () => undefined,
    maxKeys,
  );

describe("Allowance (rate-limiter-flexible in memory)", () => {
  it("counts tries per key within the window's limit", async () => {
    const a = allowance(2);
    expect(await a.take("x")).toBe(true);
    expect(await a.take("x")).toBe(true);
    expect(await a.take("x")).toBe(false);
    expect(await a.take("y")).toBe(true);
  });

  it("tells what is left and when the window ends", async () => {
    const a = allowance(2);
    const first = await a.count("x");
    expect(first).toMatchObject({ allowed: true, remaining: 1 });
    expect(first.msBeforeNext).toBeGreaterThan(59_000);
    expect(first.msBeforeNext).toBeLessThanOrEqual(60_000);
    await a.count("x");
    expect(await a.count("x")).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("gives a try back and forgets a key on reset", async () => {
    const a = allowance(1);
    expect(await a.take("x")).toBe(true);
    await a.giveBack("x");
    expect(await a.take("x")).toBe(true);
    expect(await a.take("x")).toBe(false);
    await a.reset("x");
    expect(await a.take("x")).toBe(true);
  });

  it("keeps at most its bound of keys, forgetting the least recently counted first", async () => {
    const a = allowance(1, 3);
    for (const key of ["a", "b", "c"]) expect(await a.take(key)).toBe(true);
    expect(await a.take("a")).toBe(false); // "a" is now the most recent
    expect(await a.take("d")).toBe(true); // pushes out "b"
    expect(await a.take("b")).toBe(true); // forgotten: counts afresh (sooner, never later)
    expect(await a.take("a")).toBe(false); // still counted
  });

  it("starts afresh when its limit or window is configured anew", async () => {
    let limit = 1;
    const a = new Allowance(
      "form",
      { limit: () => limit, windowMs: () => 60_000 },
      () => undefined,
    );
    expect(await a.take("x")).toBe(true);
    expect(await a.take("x")).toBe(false);
    limit = 5;
    expect(await a.take("x")).toBe(true);
  });
});

describe("takeTries", () => {
  it("takes a try from each allowance while all have one left", async () => {
    const [address, site] = [allowance(2), allowance(3)];
    const charges = [
      { allowance: address, key: "198.51.100.1" },
      { allowance: site, key: "all" },
    ];
    expect((await takeTries(charges)).allowed).toBe(true);
    expect((await takeTries(charges)).allowed).toBe(true);
    expect((await takeTries(charges)).allowed).toBe(false);
  });

  it("stops at the first spent allowance: later ones are never counted, earlier ones given back", async () => {
    const [address, site] = [allowance(1), allowance(10)];
    const first = [
      { allowance: address, key: "a" },
      { allowance: site, key: "all" },
    ];
    expect((await takeTries(first)).allowed).toBe(true);
    // The address is spent: the site's count does not grow with its refused posts.
    for (let i = 0; i < 20; i += 1) expect((await takeTries(first)).allowed).toBe(false);
    // The refusal names the allowance that was used up (for the log).
    expect(await takeTries(first)).toMatchObject({ allowed: false, spent: "code-address" });
    const other = [
      { allowance: address, key: "b" },
      { allowance: site, key: "all" },
    ];
    for (let i = 0; i < 9; i += 1) {
      const tries = await takeTries([{ allowance: site, key: "all" }]);
      expect(tries.allowed).toBe(true);
    }
    // 1 + 9 of the site's 10 are used: b's first try is refused by the site, and b keeps its own.
    expect((await takeTries(other)).allowed).toBe(false);
    expect(await address.take("b")).toBe(true);
  });

  it("gives every try back when the try was no guess", async () => {
    const address = allowance(1);
    const tries = await takeTries([{ allowance: address, key: "a" }]);
    await tries.giveBack();
    expect((await takeTries([{ allowance: address, key: "a" }])).allowed).toBe(true);
  });
});
