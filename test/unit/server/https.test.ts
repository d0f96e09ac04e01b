import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import { startCompiledServer, type Started } from "../support/compiled-server";

/**
 * The compiled server as production runs it: an https SITE_URL behind a TLS-terminating proxy
 * on loopback (TRUST_PROXY), which says how each request came in (X-Forwarded-Proto). The
 * requests here play that proxy.
 */
const SITE = "https://www.keynest.test";

function via(server: Started, proto: "http" | "https" | null) {
  return (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      redirect: "manual",
      ...init,
      headers: {
        Accept: "text/html",
        ...(proto ? { "X-Forwarded-Proto": proto } : {}),
        ...(init.body ? { Origin: SITE } : {}),
        ...init.headers,
      },
    });
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

// Each case starts Node processes; on a busy machine one may be cut short, so a case may retry.
describe("the server behind a TLS proxy (https SITE_URL)", { retry: 2, timeout: 60_000 }, () => {
  let server: Started;
  beforeAll(async () => {
    server = await startCompiledServer({ SITE_URL: SITE, TRUST_PROXY: "loopback" });
  }, 60_000);
  afterAll(() => {
    server?.child.kill("SIGKILL");
  });

  it.each([
    ["GET", "/features?plan=1", 301, `${SITE}/features?plan=1`],
    ["HEAD", "/de/pricing", 301, `${SITE}/de/pricing`],
    ["POST", "/action/set-language", 308, `${SITE}/action/set-language`],
  ])("sends a %s %s that came over http to https (%i)", async (method, path, status, location) => {
    const answer = await via(server, "http")(path, {
      method,
      ...(method === "POST" ? form({ lang: "de", to: "/" }) : {}),
    });
    expect(answer.status).toBe(status);
    expect(answer.headers.get("location")).toBe(location);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it("answers the load balancer's health probe over http where it is", async () => {
    const answer = await via(server, "http")("/healthz");
    expect(answer.status).toBe(200);
  });

  it("never redirects when no proxy says how the request came (no loop)", async () => {
    expect((await via(server, null)("/features")).status).toBe(200);
  });

  it("serves https pages with HSTS and an enforced policy that reports to the site", async () => {
    const answer = await via(server, "https")("/features");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    const csp = answer.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/^default-src 'none'; script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("; upgrade-insecure-requests; ");
    expect(csp).toContain(`report-uri ${SITE}/csp-report; report-to csp`);
    expect(answer.headers.get("content-security-policy-report-only")).toBeNull();
    expect(answer.headers.get("reporting-endpoints")).toBe(`csp="${SITE}/csp-report"`);
  });

  it("writes the language cookie Secure, HttpOnly, SameSite=Lax on a language switch", async () => {
    const answer = await via(server, "https")(
      "/action/set-language",
      form({ lang: "de", to: "/features" }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.getSetCookie()).toEqual([
      "lang=de; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
  });

  it("signs in with a __Host- session cookie and shows the account page privately", async () => {
    const signIn = await via(server, "https")(
      "/sign-in?to=/account",
      form({
        _form: "sign-in",
        website_url: "",
        email: "active@keynest.example",
        password: SANDBOX_PASSWORD,
        to: "/account",
      }),
    );
    expect(signIn.status).toBe(303);
    const [session, device] = signIn.headers.getSetCookie();
    expect(session).toMatch(
      /^__Host-session=v1\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(device).toMatch(
      /^__Host-kn_device=v1\.[\w.-]+; Max-Age=31536000; Path=\/;.* Secure; SameSite=Lax$/,
    );
    const account = await via(server, "https")("/account", {
      headers: { Cookie: session!.split(";")[0]! },
    });
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toBe("private, no-store");
    expect(account.headers.get("strict-transport-security")).toContain("max-age=63072000");
    expect(account.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await account.text()).toMatch(/My account/);
  });

  it("clears a malformed cookie with the same attributes it is written with", async () => {
    const answer = await via(server, "https")("/features", { headers: { Cookie: "lang=%" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual([
      "lang=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
  });
});

describe("the server with TRUST_PROXY unset", { retry: 2, timeout: 60_000 }, () => {
  it("trusts no X-Forwarded-Proto and never redirects", async () => {
    const server = await startCompiledServer({ SITE_URL: SITE, TRUST_PROXY: "false" });
    try {
      const answer = await via(server, "http")("/features");
      expect(answer.status).toBe(200);
      // The site is https: HSTS is sent (a browser only keeps it from an https answer).
      expect(answer.headers.get("strict-transport-security")).not.toBeNull();
    } finally {
      server.child.kill("SIGKILL");
    }
  });
});
