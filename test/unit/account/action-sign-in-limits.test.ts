/**
 * The sign-in's limits on what it carries besides the e-mail and the password, posted through the
 * sign-in page's action: the return path (512 characters), a sign-in link's code (256) and the
 * visitor's UTC offset (6). At the limit the sign-in goes on and leads where it was asked; one
 * character more is refused (400) before the provider is asked anything.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import type { FormReply } from "~/forms/reply";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
} from "../support/remix";
import { signInAction, signInLoader } from "../support/routes";
import { textOfLength } from "../support/sized";

const upstream = setupSandboxUpstream();

const HONEYPOT = { website_url: "" };

/** A same-site path of `length` characters. */
const pathOfLength = (length: number) => `/${textOfLength(length - 1)}`;

/** A link code of `length` characters, of the characters a code may have. */
const codeOfLength = (length: number) => `c0de-${textOfLength(length - 5)}`;

const post = (form: Record<string, string>) =>
  returned(signInAction(actionArgs("/sign-in", { form: { ...HONEYPOT, ...form } })));

const errorsOf = (data: unknown) => (data as FormReply).result.error;

/** The sign-in links, each with the provider's endpoint it confirms a code at, and its field. */
const LINKS: [string, { endpoint: string; field: "code" | "session" }][] = [
  ["fast-login", { endpoint: "/orbitshield/auth/fastlogin/", field: "code" }],
  ["autologin", { endpoint: "/orbitshield/auth/autologin/", field: "session" }],
];

/**
 * The provider takes every code of a sign-in link (a demo account's tokens), and keeps each
 * code and body it was sent.
 */
function vouchingProvider(endpoint: string): Record<string, unknown>[] {
  const asked: Record<string, unknown>[] = [];
  upstream.server.use(
    http.post(upstreamUrl(endpoint), async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ auth_token: "sandbox-monthly", access_token: "sandbox-access" });
    }),
  );
  return asked;
}

describe("the return path", () => {
  it("of 512 characters is where a password sign-in leads, of 513 refused unasked", async () => {
    const signIn = (to: string) =>
      post({ _form: "sign-in", email: "active@keynest.example", password: SANDBOX_PASSWORD, to });
    const longest = pathOfLength(512);
    expect(longest).toHaveLength(512);
    const taken = await signIn(longest);
    expect(taken.status).toBe(303);
    expect(taken.location).toBe(longest);
    expect(upstream.recorder.all("auth.login")).toHaveLength(1);

    upstream.forget();
    const tooLong = pathOfLength(513);
    expect(tooLong).toHaveLength(513);
    const refused = await signIn(tooLong);
    expect(refused.status).toBe(400);
    expect(Object.keys(errorsOf(refused.data) ?? {})).toEqual(["to"]);
    expect(upstream.recorder.all("auth.login")).toEqual([]);
  });

  it("of 512 characters is kept by the sign-in page, of 513 left out (its form would refuse it)", async () => {
    const page = (to: string) => returned(signInLoader(loaderArgs(`/sign-in?to=${to}`)));
    expect((await page(pathOfLength(512))).data).toMatchObject({ to: pathOfLength(512) });
    expect((await page(pathOfLength(513))).data).toMatchObject({ to: "" });
  });

  it.each(LINKS)(
    "of 512 characters is where a sign-in by %s leads, of 513 refused unasked",
    async (form, link) => {
      const asked = vouchingProvider(link.endpoint);
      const confirm = (to: string) => post({ _form: form, code: "c0de-2026", to });
      const taken = await confirm(pathOfLength(512));
      expect(taken.status).toBe(303);
      // An autologin first names the account on the account page, the way on a link there.
      expect(taken.location).toBe(
        form === "autologin"
          ? `/account?linked=1&to=${encodeURIComponent(pathOfLength(512))}`
          : pathOfLength(512),
      );
      expect(asked).toHaveLength(1);

      const refused = await confirm(pathOfLength(513));
      expect(refused.status).toBe(400);
      expect(errorsOf(refused.data)).toMatchObject({ "": ["errors.badRequest"] });
      expect(asked).toHaveLength(1);
    },
  );
});

describe("a sign-in link's code", () => {
  it.each(LINKS)(
    "of 256 characters is confirmed by the %s form, of 257 refused unasked",
    async (form, link) => {
      const asked = vouchingProvider(link.endpoint);
      const longest = codeOfLength(256);
      expect(longest).toHaveLength(256);
      const taken = await post({ _form: form, code: longest });
      expect(taken.status).toBe(303);
      expect(taken.location).toBe(form === "autologin" ? "/account?linked=1" : "/account");
      expect(asked.map((body) => body[link.field])).toEqual([longest]);

      const tooLong = codeOfLength(257);
      expect(tooLong).toHaveLength(257);
      const refused = await post({ _form: form, code: tooLong });
      expect(refused.status).toBe(400);
      expect(errorsOf(refused.data)).toMatchObject({
        "": ["errors.badRequest"],
        code: ["validation.TOO_LONG"],
      });
      expect(asked).toHaveLength(1);
    },
  );

  // [the link's query parameter, the form the page offers for it]
  const PARAMS: [string, string][] = [
    ["fast", "fast-login"],
    ["session", "autologin"],
  ];

  it.each(PARAMS)(
    "of 256 characters in ?%s= is offered by the page, of 257 not",
    async (param, kind) => {
      // A fast-login code's account is looked up (and named) by the page: the service knows it.
      const looked: string[] = [];
      upstream.server.use(
        http.get(upstreamUrl("/orbitshield/auth/fast-login-user-info/"), ({ request }) => {
          looked.push(new URL(request.url).searchParams.get("code") ?? "");
          return HttpResponse.json({ email: "active@keynest.example" });
        }),
      );
      const page = (code: string) =>
        returned(signInLoader(loaderArgs(`/sign-in?${param}=${code}`)));
      const longest = codeOfLength(256);
      expect((await page(longest)).data).toMatchObject({ link: { kind, code: longest } });
      expect(looked).toEqual(kind === "fast-login" ? [longest] : []);
      expect((await page(codeOfLength(257))).data).toMatchObject({ link: null });
      expect(looked).toHaveLength(kind === "fast-login" ? 1 : 0);
    },
  );
});

describe("the visitor's UTC offset", () => {
  it("of 6 characters is sent with a fast login, of 7 refused unasked", async () => {
    const asked = vouchingProvider("/orbitshield/auth/fastlogin/");
    const confirm = (timezone: string) =>
      post({ _form: "fast-login", code: "c0de-2026", timezone });
    expect("-09:30").toHaveLength(6);
    const taken = await confirm("-09:30");
    expect(taken.status).toBe(303);
    expect(asked).toEqual([{ code: "c0de-2026", timezone: "-09:30" }]);

    const refused = await confirm("-09:300");
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data)).toMatchObject({ "": ["errors.badRequest"] });
    expect(Object.keys(errorsOf(refused.data) ?? {})).toContain("timezone");
    expect(asked).toHaveLength(1);
  });
});
