import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearSessionCookie,
  endAccountSessions,
  endSession,
  getUpstreamAuth,
  readSession,
  startSession,
} from "~/account/session.server";
import { accountKey } from "~/forms/limits/account-key.server";

// The loader tests' https site: the session cookie is `__Host-session` there.
vi.stubEnv("SITE_URL", "https://www.keynest.test");
vi.stubEnv("SESSION_IDLE_MINUTES", "30");
vi.stubEnv("SESSION_MAX_AGE_HOURS", "24");

const value = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie: string) =>
  new Request("https://www.keynest.test/", { headers: { cookie } });
/** A new request (reads are kept per request) carrying the session of `setCookie`. */
const again = (setCookie: string) => requestWith(value(setCookie));

afterEach(() => vi.useRealTimers());

describe("session cookie", () => {
  it("is __Host-, Secure, HttpOnly, SameSite=Lax, site-wide and lasts the configured lifetime", async () => {
    const setCookie = await startSession({ authToken: "auth-1" });
    expect(setCookie).toMatch(/^__Host-session=v1\.[A-Za-z0-9_-]+; /);
    expect(setCookie).toContain("; HttpOnly");
    expect(setCookie).toContain("; Secure");
    expect(setCookie).toContain("; SameSite=Lax");
    expect(setCookie).toContain("; Path=/");
    expect(setCookie).not.toContain("Domain=");
    expect(setCookie).toContain(`; Max-Age=${24 * 3600}`);
  });

  it("gives the upstream both tokens of a signed-in visitor", async () => {
    const setCookie = await startSession({ authToken: "auth-1", accessToken: "access-1" });
    expect(await getUpstreamAuth(again(setCookie))).toEqual({
      authToken: "auth-1",
      accessToken: "access-1",
    });
  });

  it("gives nothing for an anonymous visitor or a cleared cookie", async () => {
    expect(await getUpstreamAuth(new Request("https://www.keynest.test/"))).toBeNull();
    expect(await getUpstreamAuth(again(clearSessionCookie()))).toBeNull();
    expect(clearSessionCookie()).toContain("Max-Age=0");
  });

  it("ignores a tampered cookie, the old signed format and the plain-http name", async () => {
    const cookie = value(await startSession({ authToken: "auth-1" }));
    const forged = `${cookie.slice(0, -3)}${cookie.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect(await readSession(requestWith(forged))).toBeNull();
    const oldFormat = "__Host-session=eyJhdXRoVG9rZW4iOiJ4In0%3D.c2lnbmF0dXJl";
    expect(await readSession(requestWith(oldFormat))).toBeNull();
    const plainName = cookie.replace(/^__Host-session=/, "__session=");
    expect(await readSession(requestWith(plainName))).toBeNull();
  });

  it("starts a new session on every sign-in", async () => {
    const first = await readSession(again(await startSession({ authToken: "a" })));
    const second = await readSession(again(await startSession({ authToken: "a" })));
    expect(first?.sid).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.sid).not.toBe(second?.sid);
  });
});

describe("a session that ends", () => {
  it("opens nothing once signed out, however often its cookie is replayed", async () => {
    const setCookie = await startSession({ authToken: "auth-1" });
    expect(await readSession(again(setCookie))).not.toBeNull();
    await endSession(again(setCookie));
    for (let i = 0; i < 3; i += 1) expect(await readSession(again(setCookie))).toBeNull();
  });

  it("is over on a password change, for every session of the account started before it", async () => {
    const email = "owner@keynest.example";
    const laptop = await startSession({ authToken: "t-1" }, email);
    const phone = await startSession({ authToken: "t-2" }, email);
    const other = await startSession({ authToken: "t-3" }, "someone@keynest.example");
    await endAccountSessions(accountKey(email));
    expect(await readSession(again(laptop))).toBeNull();
    expect(await readSession(again(phone))).toBeNull();
    expect(await readSession(again(other))).not.toBeNull();
    // The session that changed it goes on in a new one.
    expect(
      await readSession(again(await startSession({ authToken: "t-1" }, email))),
    ).not.toBeNull();
  });

  it("ends after the idle time without a request, and lives on while used", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const setCookie = await startSession({ authToken: "idle" });
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(20 * 60_000);
      expect(await readSession(again(setCookie))).not.toBeNull();
    }
    vi.advanceTimersByTime(31 * 60_000);
    expect(await readSession(again(setCookie))).toBeNull();
  });

  it("ends at its latest end however busy it is", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const setCookie = await startSession({ authToken: "busy" });
    // A request every 20 minutes (under the 30-minute idle time) for 23 h 40 min…
    for (let i = 0; i < 71; i += 1) {
      vi.advanceTimersByTime(20 * 60_000);
      expect(await readSession(again(setCookie))).not.toBeNull();
    }
    // …and at 24 h it is over.
    vi.advanceTimersByTime(20 * 60_000);
    expect(await readSession(again(setCookie))).toBeNull();
  });
});
