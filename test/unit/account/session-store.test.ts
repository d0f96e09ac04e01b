/** The in-memory session store without Redis: bounded, and never ending a session to make room. */
import { describe, expect, it } from "vitest";
import { SessionStore, SessionsFullError } from "~/account/session-store.server";
import { MemoryBackend, type MemoryLimits } from "~/account/session-memory.server";

const TIMES = { idleMs: 30 * 60_000, maxAgeMs: 24 * 3_600_000 };

/** A store without Redis on a clock the test moves, with its default bounds unless given. */
function memoryStore(limits?: MemoryLimits) {
  const clock = { now: Date.parse("2031-05-01T10:00:00Z") };
  const store = new SessionStore(
    undefined,
    () => TIMES,
    () => clock.now,
    limits,
  );
  const tick = (ms = 1) => (clock.now += ms);
  return { store, tick };
}

describe("sessions in memory", () => {
  it("holds 50,000 live sessions by default and refuses the 50,001st, ending none", async () => {
    const { store, tick } = memoryStore();
    await store.start("mine", "acct-mine");
    let refused = 0;
    for (let i = 0; i < 50_500; i += 1) {
      await store.start(`other-${i}`, `acct-${i}`).catch((error: unknown) => {
        expect(error).toBeInstanceOf(SessionsFullError);
        refused += 1;
      });
    }
    tick();
    expect(await store.check("mine")).toMatchObject({ account: "acct-mine" });
    // 1 + 49,999 others fill the 50,000 places: the 501 sign-ins after them were refused.
    expect(refused).toBe(501);
    expect(await store.check("other-0")).not.toBeNull();
    expect(await store.check("other-49998")).not.toBeNull();
    expect(await store.check("other-49999")).toBeNull();
  });

  it.each([1, 3])("with room for %i takes as many sessions and refuses one more", async (room) => {
    const { store } = memoryStore({ sessions: room, floors: 10 });
    const ids = Array.from({ length: room }, (_, i) => `s-${i}`);
    for (const id of ids) await store.start(id, `acct-${id}`);
    await expect(store.start("one-more", "acct-x")).rejects.toBeInstanceOf(SessionsFullError);
    for (const id of ids) expect(await store.check(id)).not.toBeNull();
  });

  it("refuses a new session when full of live ones, and takes one once a place is free", async () => {
    const { store, tick } = memoryStore({ sessions: 3, floors: 10 });
    for (const id of ["a", "b", "c"]) await store.start(id, `acct-${id}`);
    await expect(store.start("d", "acct-d")).rejects.toBeInstanceOf(SessionsFullError);
    // Still refused: nothing ended meanwhile.
    tick(60_000);
    await expect(store.start("d", "acct-d")).rejects.toBeInstanceOf(SessionsFullError);
    // A sign-out frees its place.
    await store.end("b");
    await store.start("d", "acct-d");
    expect(await store.check("d")).not.toBeNull();
    for (const id of ["a", "c"]) expect(await store.check(id)).not.toBeNull();
  });

  it("makes room from sessions that went idle, never from live ones", async () => {
    const { store, tick } = memoryStore({ sessions: 3, floors: 10 });
    await store.start("idle", "acct-idle");
    tick(TIMES.idleMs / 2);
    await store.start("busy-1", "acct-1");
    await store.start("busy-2", "acct-2");
    // The first goes idle; the other two are still within their idle time.
    tick(TIMES.idleMs / 2 + 1);
    await store.start("new", "acct-new");
    expect(await store.check("idle")).toBeNull();
    for (const id of ["busy-1", "busy-2", "new"]) expect(await store.check(id)).not.toBeNull();
    await expect(store.start("one-more", "acct-x")).rejects.toBeInstanceOf(SessionsFullError);
  });

  it("keeps a session that is used: seen again it is written, never refused for room", async () => {
    const { store, tick } = memoryStore({ sessions: 2, floors: 10 });
    await store.start("a", "acct-a");
    await store.start("b", "acct-b");
    for (let i = 0; i < 5; i += 1) {
      tick(TIMES.idleMs - 1_000);
      expect(await store.check("a")).not.toBeNull();
      expect(await store.check("b")).not.toBeNull();
    }
  });
});

describe("password-change floors in memory", () => {
  /**
   * A session started before `floors` other accounts' password changes: live while every floor
   * is kept, ended once the oldest is folded into every account's.
   */
  async function bystanderAfter(floors: number, limits?: MemoryLimits) {
    const { store, tick } = memoryStore(limits);
    await store.start("bystander", "acct-bystander");
    tick();
    for (let i = 0; i < floors; i += 1) await store.endAccount(`acct-${i}`);
    return store.check("bystander");
  }

  it("keep 50,000 accounts' floors by default and fold the oldest at the 50,001st", async () => {
    expect(await bystanderAfter(50_000)).not.toBeNull();
    expect(await bystanderAfter(50_001)).toBeNull();
  });

  it.each([1, 3])(
    "with room for %i keep as many floors, folding the oldest at one more",
    async (room) => {
      const limits = { sessions: 10, floors: room };
      expect(await bystanderAfter(room, limits)).not.toBeNull();
      expect(await bystanderAfter(room + 1, limits)).toBeNull();
    },
  );

  it("still end the account's old sessions after many other floors were written", async () => {
    const { store, tick } = memoryStore({ sessions: 1_000, floors: 10 });
    await store.start("old", "acct-changed");
    tick();
    await store.endAccount("acct-changed");
    tick();
    for (let i = 0; i < 500; i += 1) {
      await store.endAccount(`acct-${i}`);
      tick();
    }
    expect(await store.check("old")).toBeNull();
    // A session the account starts after the change is live.
    await store.start("new", "acct-changed");
    expect(await store.check("new")).not.toBeNull();
  });

  it("fold a floor let go for room into every account's: signed out early, never revived", async () => {
    const { store, tick } = memoryStore({ sessions: 100, floors: 2 });
    await store.start("bystander", "acct-bystander");
    await store.start("changed", "acct-changed");
    tick();
    await store.endAccount("acct-changed");
    tick();
    await store.start("after", "acct-bystander");
    tick();
    // Two more floors push acct-changed's out.
    await store.endAccount("acct-1");
    await store.endAccount("acct-2");
    expect(await store.check("changed")).toBeNull();
    // Started before the folded floor: over too (the safe way to fail). Started after: live.
    expect(await store.check("bystander")).toBeNull();
    expect(await store.check("after")).not.toBeNull();
  });

  it("forget a floor once every session it could end is past its end, folding nothing", async () => {
    const clock = { now: 1_000 };
    const memory = new MemoryBackend({ sessions: 10, floors: 1 }, () => clock.now);
    memory.raiseFloor("acct-a", 1_000, 5_000);
    clock.now = 7_000;
    memory.raiseFloor("acct-b", 7_000, 5_000);
    expect(memory.floor("acct-a")).toBe(0);
    expect(memory.floor("acct-b")).toBe(7_000);
    expect(memory.floor("acct-other")).toBe(0);
  });

  it("are never lowered", () => {
    const memory = new MemoryBackend({ sessions: 10, floors: 10 }, () => 1_000);
    memory.raiseFloor("acct", 900, 60_000);
    memory.raiseFloor("acct", 800, 60_000);
    expect(memory.floor("acct")).toBe(900);
  });
});
