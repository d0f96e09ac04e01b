import { describe, expect, it } from "vitest";
import { BoundedMemoryStore } from "~/redis/bounded-memory-store";
import { Allowance, takeTries } from "./allowance.server";

const allowance = (limit: number) =>
  new Allowance(
    "code-address",
    { limit: () => limit, windowMs: () => 60_000 },
    () => new BoundedMemoryStore(),
  );

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
