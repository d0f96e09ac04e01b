/** Sign-ins the server has no room to record (no Redis, memory full of live sessions). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import { SessionStore, SessionsFullError } from "~/account/session-store.server";
import {
  actionArgs,
  returned,
  sessionCookie,
  setupSandboxUpstream,
  SESSION,
} from "../support/remix";
import { changePasswordAction, signInAction } from "../support/routes";

const upstream = setupSandboxUpstream();
const account = () => upstream.accounts.accountOf("sandbox-monthly")!;

/** The next new session finds every place in memory taken by a live one. */
const storeIsFull = () =>
  vi.spyOn(SessionStore.prototype, "start").mockRejectedValueOnce(new SessionsFullError());

afterEach(() => vi.restoreAllMocks());

describe("a sign-in with no room for its session", () => {
  it("answers 503 with the localized 'try again later' text, setting no cookie", async () => {
    storeIsFull();
    const answer = await returned(
      signInAction(
        actionArgs("/de/sign-in", {
          form: {
            _form: "sign-in",
            website_url: "",
            email: "active@keynest.example",
            password: SANDBOX_PASSWORD,
          },
        }),
      ),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.data).toMatchObject({
      form: "sign-in",
      result: { error: { "": ["errors.undefinedError"] } },
    });
    expect(JSON.stringify(answer.data)).not.toContain(SANDBOX_PASSWORD);
  });

  it("answers a sign-in link the same way", async () => {
    const code = new URL(upstream.accounts.userInfo(account()).autologin_url).searchParams.get(
      "session",
    )!;
    storeIsFull();
    const answer = await returned(
      signInAction(actionArgs("/sign-in", { form: { _form: "autologin", website_url: "", code } })),
    );
    expect(answer.status).toBe(503);
    expect(answer.data).toMatchObject({ result: { error: { "": ["errors.undefinedError"] } } });
  });

  it("after a password change, clears the old cookie and asks to sign in again", async () => {
    const cookie = await sessionCookie({ authToken: "sandbox-monthly" });
    const next = "violet Harbor 42 lantern!";
    storeIsFull();
    const answer = await returned(
      changePasswordAction(
        actionArgs("/account/change-password", {
          form: {
            _form: "change-password",
            website_url: "",
            terms: "on",
            current: SANDBOX_PASSWORD,
            password: next,
            repeat: next,
          },
          cookies: { [SESSION]: cookie },
        }),
      ),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/sign-in?to=%2Faccount%3Fchanged%3D1");
    expect(answer.headers.getSetCookie()[0]).toMatch(new RegExp(`^${SESSION}=; .*Max-Age=0`));
    // The change itself went through; the sandbox account is put back for the other tests.
    upstream.accounts.changePassword(account(), next, SANDBOX_PASSWORD);
  });
});
