/**
 * The longest password the sign-in and the password change take (128 characters), posted
 * through their actions: at the limit the provider is asked, one character more is refused on
 * its field without asking.
 */
import { describe, expect, it } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import type { FormReply } from "~/forms/reply";
import {
  actionArgs,
  returned,
  sessionCookie,
  setupSandboxUpstream,
  SESSION,
} from "../support/remix";
import { changePasswordAction, signInAction } from "../support/routes";

const upstream = setupSandboxUpstream();

/** A strong password of 128 characters, and one of 129. */
const LONGEST = `${"violet-Harbor-42-lantern/".repeat(5)}and`;
const ONE_OVER = `${LONGEST}s`;

const errorsOf = (data: unknown) => (data as FormReply).result.error;

describe("the sign-in", () => {
  const signIn = (password: string) =>
    returned(
      signInAction(
        actionArgs("/sign-in", {
          form: { _form: "sign-in", website_url: "", email: "active@keynest.example", password },
        }),
      ),
    );

  it("asks the provider about a password of 128 characters, refuses 129 unasked", async () => {
    expect(LONGEST).toHaveLength(128);
    const asked = await signIn(LONGEST);
    expect(asked.status).toBe(401);
    expect(errorsOf(asked.data)).toEqual({ "": ["api.INVALID_USERNAME_OR_PASSWORD"] });
    expect(upstream.recorder.all("auth.login")).toHaveLength(1);

    upstream.forget();
    expect(ONE_OVER).toHaveLength(129);
    const refused = await signIn(ONE_OVER);
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data)).toEqual({ password: ["validation.TOO_LONG"] });
    expect(upstream.recorder.all("auth.login")).toEqual([]);
  });
});

describe("the password change", () => {
  const change = async (fields: { current: string; password: string }) =>
    returned(
      changePasswordAction(
        actionArgs("/account/change-password", {
          form: {
            _form: "change-password",
            website_url: "",
            repeat: fields.password,
            terms: "on",
            ...fields,
          },
          cookies: { [SESSION]: await sessionCookie({ authToken: "sandbox-monthly" }) },
        }),
      ),
    );

  it("takes a new password of 128 characters, refuses 129", async () => {
    const refused = await change({ current: SANDBOX_PASSWORD, password: ONE_OVER });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data)).toEqual({ password: ["account.passwordTooLong"] });
    expect(upstream.recorder.all("auth.change-password")).toEqual([]);

    const taken = await change({ current: SANDBOX_PASSWORD, password: LONGEST });
    expect(taken.status).toBe(303);
    expect(upstream.recorder.all("auth.change-password")).toHaveLength(1);
    expect(upstream.accounts.login("active@keynest.example", LONGEST).ok).toBe(true);
    // The demo account takes its own password again, for the other tests.
    const account = upstream.accounts.accountOf("sandbox-monthly")!;
    expect(upstream.accounts.changePassword(account, LONGEST, SANDBOX_PASSWORD)).toBeNull();
  });

  it("asks the provider about a current password of 128 characters, refuses 129 unasked", async () => {
    const next = "violet Harbor 42 lantern!";
    const refused = await change({ current: ONE_OVER, password: next });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data)).toEqual({ current: ["account.passwordTooLong"] });
    expect(upstream.recorder.all("auth.change-password")).toEqual([]);

    const asked = await change({ current: LONGEST, password: next });
    expect(asked.status).toBe(400);
    expect(errorsOf(asked.data)).toEqual({ current: ["api.INVALID_USERNAME_OR_PASSWORD"] });
    expect(upstream.recorder.all("auth.change-password")).toHaveLength(1);
  });
});
