import { describe, expect, it } from "vitest";
import { getSession, getUpstreamAuth, sessionStorage } from "~/account/session.server";

async function cookieWith(data: { authToken?: string; accessToken?: string }) {
  const session = await sessionStorage().getSession();
  if (data.authToken) session.set("authToken", data.authToken);
  if (data.accessToken) session.set("accessToken", data.accessToken);
  const setCookie = await sessionStorage().commitSession(session);
  return setCookie.split(";")[0]!;
}

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax so page scripts never read the tokens", async () => {
    const setCookie = await sessionStorage().commitSession(await sessionStorage().getSession());
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
  });

  it("gives the upstream both tokens of a signed-in visitor", async () => {
    const cookie = await cookieWith({ authToken: "auth-1", accessToken: "access-1" });
    const request = new Request("http://site.test/", { headers: { cookie } });
    expect(await getUpstreamAuth(request)).toEqual({
      authToken: "auth-1",
      accessToken: "access-1",
    });
  });

  it("gives nothing for an anonymous visitor", async () => {
    expect(await getUpstreamAuth(new Request("http://site.test/"))).toBeNull();
    const cookie = await cookieWith({});
    expect(
      await getUpstreamAuth(new Request("http://site.test/", { headers: { cookie } })),
    ).toBeNull();
  });

  it("ignores a session cookie whose signature was tampered with", async () => {
    const cookie = await cookieWith({ authToken: "auth-1" });
    const forged = cookie.replace(/\.[^.]+$/, ".forged");
    const request = new Request("http://site.test/", { headers: { cookie: forged } });
    expect(await getUpstreamAuth(request)).toBeNull();
    expect((await getSession(request)).get("authToken")).toBeUndefined();
  });
});
