import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import { afterSignIn, signInRefusal } from "~/account/sign-in.server";
import { UpstreamError } from "~/upstream/errors";
import {
  actionArgs,
  loaderArgs,
  returned,
  sessionCookie,
  setupSandboxUpstream,
  thrown,
  upstreamUrl,
  SESSION,
  setCookieValue,
  formPostsSpent,
  resetUpstreamClient,
} from "../support/remix";
import type { AppLoadContext } from "@remix-run/node";
import {
  accountLoader,
  changePasswordAction,
  changePasswordLoader,
  signInAction,
  signInLoader,
} from "../support/routes";

const upstream = setupSandboxUpstream();

const FORM = { _form: "sign-in", website_url: "" };

function signIn(
  fields: Record<string, string>,
  options: {
    path?: string;
    context?: Partial<AppLoadContext>;
    cookies?: Record<string, string>;
    ip?: string;
  } = {},
) {
  return signInAction(
    actionArgs(options.path ?? "/sign-in", {
      form: { ...FORM, ...fields },
      cookies: options.cookies,
      context: { clientIp: options.ip, ...options.context },
    }),
  );
}

const sessionOf = (headers: Headers) => setCookieValue(headers, SESSION);

describe("sign-in", () => {
  it("signs a sandbox account in: a sealed session, then its account page (303, private)", async () => {
    const answer = await returned(
      signIn({ email: " Active@KeyNest.example ", password: SANDBOX_PASSWORD }),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/account");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const setCookie = answer.headers.getSetCookie()[0]!;
    // The test site is https (SITE_URL): a __Host- cookie, over TLS only, for a week.
    expect(setCookie).toMatch(
      /^__Host-session=v1\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    // The browser is remembered as one this account signed in from (decision 022).
    expect(answer.headers.getSetCookie()[1]).toMatch(
      /^__Host-kn_device=v1\.[0-9a-f]{32}\.[0-9a-f]{16}\.[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(setCookie).not.toMatch(/sandbox-monthly/);
    expect(upstream.recorder.all("auth.login")).toEqual([
      expect.objectContaining({ body: { email: "active@keynest.example" } }),
    ]);
    expect(upstream.calls("/orbitshield/auth/autologin-url/")).toHaveLength(1);

    // The new session is a signed-in one, and its tokens go upstream as headers.
    const session = sessionOf(answer.headers)!;
    const account = await returned(
      accountLoader(loaderArgs("/account", { cookies: { [SESSION]: session } })),
    );
    expect(account.data.email).toBe("active@keynest.example");
    const [call] = upstream.calls("/orbitshield/auth/user-info/").slice(-1);
    expect(call?.headers.get("X-Auth-Token")).toMatch(/^sandbox-monthly\./);
    expect(call?.headers.get("X-Access-Token")).toMatch(/^access\./);
  });

  it("returns to the same-site page it was asked for, and never off the site", async () => {
    const cases: [string, string][] = [
      ["/de/pricing?plan=102", "/de/pricing?plan=102"],
      ["//evil.example/", "/de/account"],
      ["https://evil.example/", "/de/account"],
      ["/\\evil.example", "/de/account"],
      ["/action/logout", "/de/account"],
      ["", "/de/account"],
    ];
    for (const [to, expected] of cases) {
      const answer = await returned(
        signIn(
          { email: "active@keynest.example", password: SANDBOX_PASSWORD, to },
          { path: "/de/sign-in" },
        ),
      );
      expect(answer.location, to).toBe(expected);
    }
  });

  it("starts a new session even over an existing cookie (no fixation)", async () => {
    const old = await sessionCookie({ authToken: "sandbox-monthly" });
    const answer = await returned(
      signIn(
        { email: "active@keynest.example", password: SANDBOX_PASSWORD },
        { cookies: { [SESSION]: old } },
      ),
    );
    const fresh = sessionOf(answer.headers);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
  });

  it.each([
    [
      "a wrong password",
      "active@keynest.example",
      "wrong-password",
      401,
      "api.INVALID_USERNAME_OR_PASSWORD",
    ],
    [
      "an unknown account",
      "nobody@keynest.example",
      SANDBOX_PASSWORD,
      401,
      "api.INVALID_USERNAME_OR_PASSWORD",
    ],
    ["a banned account", "banned@keynest.example", SANDBOX_PASSWORD, 403, "api.ACCOUNT_BANNED"],
    [
      "an unconfirmed account",
      "unconfirmed@keynest.example",
      SANDBOX_PASSWORD,
      403,
      "api.ACCOUNT_NOT_CONFIRMED",
    ],
    [
      "a locked account",
      "locked@keynest.example",
      SANDBOX_PASSWORD,
      429,
      "api.LOGIN_ATTEMPTS_EXCEEDED",
    ],
    ["maintenance", "maintenance@keynest.example", SANDBOX_PASSWORD, 503, "api.SERVER_MAINTENANCE"],
  ])(
    "refuses %s with the provider's localized reason",
    async (_case, email, password, status, key) => {
      const answer = await returned(signIn({ email, password }));
      expect(answer.status).toBe(status);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(answer.data).toMatchObject({ form: "sign-in", result: { error: { "": [key] } } });
      // The e-mail comes back to the form; the password never does.
      expect(JSON.stringify(answer.data)).not.toContain(password);
      expect(answer.data!.result.initialValue).toMatchObject({ email: email.toLowerCase() });
    },
  );

  it.each([
    [{ email: "", password: "x" }, "email", "validation.REQUIRED"],
    [{ email: "not-an-email", password: "x" }, "email", "validation.INVALID_EMAIL"],
    [{ email: "a@b.example", password: "" }, "password", "validation.REQUIRED"],
    [{ email: "a@b.example", password: "p".repeat(129) }, "password", "validation.TOO_LONG"],
  ])("refuses %j with 400 and asks nothing upstream", async (fields, field, key) => {
    const answer = await returned(signIn(fields));
    expect(answer.status).toBe(400);
    expect(answer.data!.result.error).toMatchObject({ [field]: [key] });
    expect(upstream.calls("/orbitshield/auth/login/")).toEqual([]);
  });

  it("answers 429 over the per-IP limit, and a bot as a wrong password, asking nothing", async () => {
    const limited = await returned(
      signIn(
        { email: "active@keynest.example", password: SANDBOX_PASSWORD },
        { context: await formPostsSpent("sign-in") },
      ),
    );
    expect(limited.status).toBe(429);
    expect(limited.data!.result.error).toEqual({ "": ["api.TOO_MANY_REQUESTS"] });
    const bot = await returned(
      signIn({ email: "active@keynest.example", password: SANDBOX_PASSWORD, website_url: "x" }),
    );
    expect(bot.status).toBe(401);
    expect(upstream.calls("/orbitshield/auth/login/")).toEqual([]);
  });

  it("stops an address after 5 wrong passwords on one account, without asking upstream", async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await returned(
        signIn({ email: "social@keynest.example", password: `guess-${i}` }, { ip: "203.0.113.7" }),
      );
      expect(wrong.status).toBe(401);
    }
    upstream.forget();
    const locked = await returned(
      signIn(
        { email: "SOCIAL@keynest.example", password: SANDBOX_PASSWORD },
        { ip: "203.0.113.7" },
      ),
    );
    expect(locked.status).toBe(429);
    expect(locked.data!.result.error).toEqual({ "": ["api.TOO_MANY_REQUESTS"] });
    expect(upstream.calls("/orbitshield/auth/login/")).toEqual([]);
  });

  it("never locks the owner out because a stranger fails on the account elsewhere", async () => {
    for (let i = 0; i < 6; i++) {
      await signIn(
        { email: "teams@keynest.example", password: `guess-${i}` },
        { ip: "203.0.113.8" },
      );
    }
    const stranger = await returned(
      signIn({ email: "teams@keynest.example", password: "guess-7" }, { ip: "203.0.113.8" }),
    );
    expect(stranger.status).toBe(429);
    const owner = await returned(
      signIn({ email: "teams@keynest.example", password: SANDBOX_PASSWORD }, { ip: "192.0.2.9" }),
    );
    expect(owner.status).toBe(303);
  });

  it("counts neither a right password nor a provider refusal that is no guess", async () => {
    for (let i = 0; i < 8; i++) {
      const banned = await returned(
        signIn(
          { email: "banned@keynest.example", password: SANDBOX_PASSWORD },
          { ip: "203.0.113.9" },
        ),
      );
      expect(banned.status).toBe(403);
      const ok = await returned(
        signIn(
          { email: "lifetime@keynest.example", password: SANDBOX_PASSWORD },
          { ip: "203.0.113.9" },
        ),
      );
      expect(ok.status).toBe(303);
    }
  });

  it("keeps the sign-in working when the autologin URL is unavailable", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/auth/autologin-url/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const answer = await returned(
      signIn({ email: "active@keynest.example", password: SANDBOX_PASSWORD }),
    );
    expect(answer.status).toBe(303);
  });

  it("passes the page's other forms (the footer newsletter) to the page action", async () => {
    const answer = await returned(
      signInAction(actionArgs("/sign-in", { form: { _form: "nope", website_url: "" } })),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      form: "",
      result: { error: { "": ["errors.badRequest"] } },
    });
  });
});

describe("the sign-in page", () => {
  it("is private, takes only a same-site return path and a known reason", async () => {
    const page = await returned(signInLoader(loaderArgs("/sign-in?to=/pricing&reason=expired")));
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.data).toMatchObject({ to: "/pricing", notice: "api.EXPIRED_SESSION" });
    const hostile = await returned(
      signInLoader(loaderArgs("/sign-in?to=//evil.example/&reason=%3Cscript%3E")),
    );
    expect(hostile.data).toMatchObject({ to: "", notice: null });
  });

  it("sends a signed-in visitor on to the account page", async () => {
    const session = await sessionCookie({ authToken: "sandbox-monthly" });
    const answer = await thrown(
      signInLoader(loaderArgs("/de/sign-in", { cookies: { [SESSION]: session } })),
    );
    expect(answer.location).toBe("/de/account");
  });
});

describe("the account page", () => {
  it("asks an anonymous visitor to sign in and come back", async () => {
    const answer = await thrown(accountLoader(loaderArgs("/de/account")));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/de/sign-in?to=%2Fde%2Faccount");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each([
    ["sandbox-monthly", "en", /^3 months(, \d+ days?)? left$/, "1 year", false],
    ["sandbox-expired", "en", /^Your subscription has expired$/, "1 month", true],
    ["sandbox-lifetime", "de", /^Lebenslang$|^Lifetime$|^Lebenslange/, null, false],
  ])("shows the status of %s in %s", async (token, lang, status, plan, expired) => {
    const session = await sessionCookie({ authToken: token });
    const path = lang === "en" ? "/account" : `/${lang}/account`;
    const answer = await returned(
      accountLoader(loaderArgs(path, { cookies: { [SESSION]: session } })),
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.data!.status).toMatch(status);
    expect(answer.data!.expired).toBe(expired);
    if (plan) expect(answer.data!.plan).toBe(plan);
  });

  it("signs out a session the provider ended (401) and asks to sign in again", async () => {
    const session = await sessionCookie({ authToken: "sandbox-stale" });
    const answer = await thrown(
      accountLoader(loaderArgs("/account", { cookies: { [SESSION]: session } })),
    );
    expect(answer.location).toBe("/sign-in?to=%2Faccount&reason=expired");
    expect(answer.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-session=; .*Max-Age=0/),
    ]);
  });
});

describe("changing the password", () => {
  const PATH = "/account/change-password";
  const change = async (fields: Record<string, string>, token = "sandbox-monthly") =>
    changePasswordAction(
      actionArgs(PATH, {
        form: { _form: "change-password", website_url: "", terms: "on", ...fields },
        cookies: { [SESSION]: await sessionCookie({ authToken: token }) },
      }),
    );

  it("needs a session", async () => {
    const answer = await thrown(changePasswordLoader(loaderArgs(PATH)));
    expect(answer.location).toBe("/sign-in?to=%2Faccount%2Fchange-password");
  });

  it("changes it upstream and returns to the account page", async () => {
    const next = "violet Harbor 42 lantern!";
    const answer = await returned(
      change({ current: SANDBOX_PASSWORD, password: next, repeat: next }),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/account?changed=1");
    expect(upstream.recorder.all("auth.change-password")).toHaveLength(1);
    // The sandbox now takes the new password (and the old one no more).
    expect(upstream.accounts.login("active@keynest.example", next).ok).toBe(true);
    expect(upstream.accounts.login("active@keynest.example", SANDBOX_PASSWORD).ok).toBe(false);
    upstream.accounts.changePassword(
      upstream.accounts.accountOf("sandbox-monthly")!,
      next,
      SANDBOX_PASSWORD,
    );
  });

  it.each([
    [
      { current: SANDBOX_PASSWORD, password: " leading space 42!", repeat: " leading space 42!" },
      "password",
      "validation.PASSWORD_WHITESPACE",
    ],
    [
      { current: SANDBOX_PASSWORD, password: "pässwörd-lang-42", repeat: "pässwörd-lang-42" },
      "password",
      "validation.PASSWORD_ASCII",
    ],
    [
      { current: SANDBOX_PASSWORD, password: "aB3!", repeat: "aB3!" },
      "password",
      "validation.PASSWORD_MIN_LENGTH",
    ],
    [
      { current: SANDBOX_PASSWORD, password: "password1", repeat: "password1" },
      "password",
      "validation.PASSWORD_BAD",
    ],
    [
      {
        current: SANDBOX_PASSWORD,
        password: "violet Harbor 42 lantern!",
        repeat: "violet Harbor 42",
      },
      "repeat",
      "validation.CONFIRM_PASSWORD",
    ],
    [
      {
        current: "wrong-current-pass",
        password: "violet Harbor 42 lantern!",
        repeat: "violet Harbor 42 lantern!",
      },
      "current",
      "api.INVALID_USERNAME_OR_PASSWORD",
    ],
  ])("refuses %j on its field, sending no password back", async (fields, field, key) => {
    const answer = await returned(change(fields));
    expect(answer.status).toBe(400);
    expect(answer.data!.result.error?.[field]).toContain(key);
    for (const value of Object.values(fields)) {
      expect(JSON.stringify(answer.data)).not.toContain(JSON.stringify(value));
    }
  });

  it("needs the terms", async () => {
    const next = "violet Harbor 42 lantern!";
    const answer = await returned(
      changePasswordAction(
        actionArgs(PATH, {
          form: {
            _form: "change-password",
            website_url: "",
            current: SANDBOX_PASSWORD,
            password: next,
            repeat: next,
          },
          cookies: { [SESSION]: await sessionCookie({ authToken: "sandbox-monthly" }) },
        }),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data!.result.error).toEqual({ terms: ["validation.TERMS_AGREE"] });
  });
});

describe("signInRefusal and afterSignIn", () => {
  it.each([
    ["INVALID_ORBITSHIELD_ID", "api.INVALID_PROVIDER_ID", 400],
    ["EMAIL_ALREADY_USED_FOR_LOGIN", "api.EMAIL_ALREADY_USED_FOR_LOGIN", 409],
    ["TOO_MANY_REQUESTS", "api.TOO_MANY_REQUESTS", 429],
    ["SOMETHING_NEW", "errors.undefinedError", 502],
  ])("%s → %s", (code, key, status) => {
    expect(signInRefusal(new UpstreamError(400, { message: code }), "orbitshield")).toEqual({
      key,
      status,
    });
  });

  it("maps a network failure to the general message", () => {
    expect(signInRefusal(new Error("boom"), "orbitshield")).toEqual({
      key: "errors.undefinedError",
      status: 502,
    });
  });

  it("leads to a same-site path or the account page in the visitor's language", () => {
    expect(afterSignIn("/pricing", "fr")).toBe("/pricing");
    expect(afterSignIn(undefined, "fr")).toBe("/fr/account");
    expect(afterSignIn("//evil.example", "en")).toBe("/account");
  });

  it("judges where a sign-in leads on the path's one spelling: no action is reached by encoding", () => {
    for (const to of ["/action/vault", "/%61ction/vault", "/ACTION/vault", "/Action/%76ault"]) {
      expect(afterSignIn(to, "de"), to).toBe("/de/account");
    }
    expect(afterSignIn("/PRICING?x=1", "en")).toBe("/pricing?x=1");
  });

  it("never leads to an action route (the web vault hand-off), however it is spelled", () => {
    for (const to of [
      "/action/vault",
      "/ACTION/vault",
      "/Action/Vault?x=1",
      "/%61ction/vault",
      "/%41CTION/vault",
      "/action%2Fvault",
      "/./action/vault",
      "/action",
      "/%E0%A4%A",
    ]) {
      expect(afterSignIn(to, "de"), to).toBe("/de/account");
    }
    expect(afterSignIn("/actions-and-more", "de")).toBe("/actions-and-more");
  });
});

describe("sign-in links", () => {
  const FAST_INFO = "/orbitshield/auth/fast-login-user-info/";

  it("names the account an e-mailed fast-login code signs in to, before the visitor confirms", async () => {
    const page = await returned(
      signInLoader(loaderArgs("/sign-in?fast=fast-active-2026&to=/pricing")),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.data).toMatchObject({
      to: "/pricing",
      link: { kind: "fast-login", code: "fast-active-2026", email: "active@keynest.example" },
    });
    // Asked once, with the code, and never from a cache: each visit asks again.
    expect(upstream.calls(FAST_INFO)).toEqual([
      expect.objectContaining({ method: "GET", query: { code: "fast-active-2026" } }),
    ]);
    await signInLoader(loaderArgs("/sign-in?fast=fast-active-2026"));
    expect(upstream.calls(FAST_INFO)).toHaveLength(2);
    const hostile = await returned(signInLoader(loaderArgs("/sign-in?fast=%3Cscript%3E")));
    expect(hostile.data).toMatchObject({ link: null, notice: null });
    expect(upstream.calls(FAST_INFO)).toHaveLength(2);
  });

  it("shows an unknown code's page the expired message and no Continue", async () => {
    const unknown = await returned(signInLoader(loaderArgs("/sign-in?fast=nope&to=/pricing")));
    expect(unknown.headers.get("Cache-Control")).toBe("private, no-store");
    // No code to post, no account: the page offers the password sign-in only.
    expect(unknown.data).toMatchObject({
      to: "/pricing",
      link: { kind: "fast-login", refusal: "api.EXPIRED_SESSION" },
    });
    expect(unknown.data!.link).not.toHaveProperty("code");
    expect(JSON.stringify(unknown.data)).not.toContain("@keynest.example");
  });

  it("offers no Continue when the look-up fails upstream, and counts no guess for it", async () => {
    upstream.server.use(
      http.get(upstreamUrl(FAST_INFO), () => HttpResponse.json({}, { status: 500 })),
    );
    const context = { clientIp: "203.0.113.70" };
    for (let i = 0; i < 25; i += 1) {
      const page = await returned(
        signInLoader(loaderArgs("/sign-in?fast=fast-active-2026", { context })),
      );
      expect(page.data).toMatchObject({
        link: { kind: "fast-login", refusal: "errors.undefinedError" },
      });
    }
    upstream.server.resetHandlers();
    resetUpstreamClient();
    const page = await returned(
      signInLoader(loaderArgs("/sign-in?fast=fast-active-2026", { context })),
    );
    expect(page.data).toMatchObject({ link: { email: "active@keynest.example" } });
  });

  it("signs in by a fast-login code on the visitor's post, sending their UTC offset", async () => {
    const answer = await returned(
      signInAction(
        actionArgs("/sign-in", {
          form: {
            _form: "fast-login",
            website_url: "",
            code: "fast-active-2026",
            timezone: "+05:30",
            to: "/pricing",
          },
        }),
      ),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/pricing");
    expect(sessionOf(answer.headers)).toMatch(/^v1\./);
    expect(upstream.recorder.all("auth.fastlogin")).toEqual([
      expect.objectContaining({ body: { timezone: "+05:30" } }),
    ]);
  });

  it("sends UTC's offset for a malformed one and refuses an unknown code", async () => {
    const post = (code: string, timezone: string) =>
      returned(
        signInAction(
          actionArgs("/sign-in", {
            form: { _form: "fast-login", website_url: "", code, timezone },
          }),
        ),
      );
    expect((await post("fast-active-2026", "<b>")).status).toBe(303);
    expect(upstream.recorder.all("auth.fastlogin")[0]?.body).toEqual({ timezone: "+00:00" });
    const refused = await post("no-such-code", "+01:00");
    expect(refused.status).toBe(401);
    expect(refused.data).toMatchObject({
      form: "fast-login",
      result: { error: { "": ["api.EXPIRED_SESSION"] } },
    });
    const malformed = await post("a b", "+01:00");
    expect(malformed.status).toBe(400);
  });

  /** A web vault session id the sandbox handed out for the account of `token`. */
  const vaultSession = (token: string) => {
    const account = upstream.accounts.accountOf(token)!;
    return new URL(upstream.accounts.userInfo(account).autologin_url).searchParams.get("session")!;
  };

  const autologinPost = (code: string, to?: string, path = "/sign-in") =>
    returned(
      signInAction(
        actionArgs(path, {
          form: { _form: "autologin", website_url: "", code, ...(to === undefined ? {} : { to }) },
        }),
      ),
    );

  it("signs in by the web vault session of an autologin URL, landing where the account is named", async () => {
    const session = vaultSession("sandbox-monthly");
    const page = await returned(signInLoader(loaderArgs(`/sign-in?session=${session}`)));
    expect(page.data).toMatchObject({ link: { kind: "autologin", code: session, email: null } });
    // Nothing names a web vault session's account before it is used.
    expect(upstream.calls()).toEqual([]);
    const answer = await autologinPost(session, "/pricing");
    expect(answer.status).toBe(303);
    // Not on to /pricing: first the account page, naming the account, with the way on as a link.
    expect(answer.location).toBe("/account?linked=1&to=%2Fpricing");
    const cookie = sessionOf(answer.headers)!;
    const account = await returned(
      accountLoader(loaderArgs(answer.location!, { cookies: { [SESSION]: cookie } })),
    );
    expect(account.headers.get("Cache-Control")).toBe("private, no-store");
    expect(account.data).toMatchObject({
      email: "active@keynest.example",
      linked: true,
      next: "/pricing",
    });
    const unknown = await autologinPost("zzz");
    expect(unknown.status).toBe(401);
  });

  it.each([
    ["", "/de/account?linked=1"],
    ["/de/account", "/de/account?linked=1"],
    ["/action/vault", "/de/account?linked=1"],
    ["/ACTION/vault", "/de/account?linked=1"],
    ["/%61ction/Vault", "/de/account?linked=1"],
    ["//evil.example/", "/de/account?linked=1"],
    ["/de/pricing?plan=102", "/de/account?linked=1&to=%2Fde%2Fpricing%3Fplan%3D102"],
  ])("after an autologin with to=%j lands on %s", async (to, location) => {
    const answer = await autologinPost(vaultSession("sandbox-lifetime"), to, "/de/sign-in");
    expect(answer.location).toBe(location);
  });

  it("the account page offers the way on only for a link sign-in, and never to an action", async () => {
    const cookies = { [SESSION]: await sessionCookie({ authToken: "sandbox-monthly" }) };
    const page = (path: string) => returned(accountLoader(loaderArgs(path, { cookies })));
    expect((await page("/account")).data).toMatchObject({ linked: false, next: null });
    expect((await page("/account?to=/pricing")).data).toMatchObject({ linked: false, next: null });
    expect((await page("/account?linked=1&to=/Action/vault")).data).toMatchObject({
      linked: true,
      next: null,
    });
    expect((await page("/account?linked=1&to=//evil.example")).data).toMatchObject({
      next: null,
    });
  });
});
