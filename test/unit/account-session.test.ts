import { describe, expect, it } from "vitest";
import {
  clearSessionCookie,
  getUpstreamAuth,
  readSession,
  startSessionCookie,
  updateSessionCookie,
} from "~/account/session.server";

const value = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie: string) => new Request("http://site.test/", { headers: { cookie } });

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, site-wide and lasts 30 days", () => {
    const setCookie = startSessionCookie({ authToken: "auth-1" });
    expect(setCookie).toMatch(/^__session=v1\.[A-Za-z0-9_-]+; /);
    expect(setCookie).toContain("; HttpOnly");
    expect(setCookie).toContain("; SameSite=Lax");
    expect(setCookie).toContain("; Path=/");
    expect(setCookie).toContain(`; Max-Age=${30 * 24 * 3600}`);
  });

  it("gives the upstream both tokens of a signed-in visitor", () => {
    const cookie = value(startSessionCookie({ authToken: "auth-1", accessToken: "access-1" }));
    expect(getUpstreamAuth(requestWith(cookie))).toEqual({
      authToken: "auth-1",
      accessToken: "access-1",
    });
  });

  it("gives nothing for an anonymous visitor or a cleared cookie", () => {
    expect(getUpstreamAuth(new Request("http://site.test/"))).toBeNull();
    expect(getUpstreamAuth(requestWith(value(clearSessionCookie())))).toBeNull();
    expect(clearSessionCookie()).toContain("Max-Age=0");
  });

  it("ignores a tampered cookie and one of the old signed format", () => {
    const cookie = value(startSessionCookie({ authToken: "auth-1" }));
    const forged = `${cookie.slice(0, -3)}${cookie.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect(readSession(requestWith(forged))).toBeNull();
    const oldFormat = "__session=eyJhdXRoVG9rZW4iOiJ4In0%3D.c2lnbmF0dXJl";
    expect(readSession(requestWith(oldFormat))).toBeNull();
  });

  it("starts a new session on every sign-in and keeps it when its content changes", () => {
    const first = readSession(requestWith(value(startSessionCookie({ authToken: "a" }))))!;
    const second = readSession(requestWith(value(startSessionCookie({ authToken: "a" }))))!;
    expect(first.sid).not.toBe(second.sid);
    const updated = updateSessionCookie({ ...first, sessionId: "vault-1" });
    const again = readSession(requestWith(value(updated)))!;
    expect(again).toEqual({ ...first, sessionId: "vault-1" });
  });
});
