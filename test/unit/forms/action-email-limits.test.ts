/**
 * The longest e-mail address every form that asks for one takes (254 characters), and the longest
 * captcha answer (4096), posted through each form's action: at the limit the post goes on
 * upstream with the value, one character more is refused on its field and nothing is sent.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import { SANDBOX_CAPTCHA_VERIFY } from "~/forms/captcha";
import type { FormReply } from "~/forms/reply";
import {
  actionArgs,
  returned,
  sessionCookie,
  setupSandboxUpstream,
  SESSION,
  type LoaderAnswer,
} from "../support/remix";
import {
  changePasswordAction,
  checkoutAction,
  contentPageAction,
  signInAction,
} from "../support/routes";
import { addressOfLength, textOfLength } from "../support/sized";

const upstream = setupSandboxUpstream();

const HONEYPOT = { website_url: "" };

interface EmailForm {
  /** What the form answers when it took the address and the upstream went on with it. */
  takenStatus: number;
  post(email: string): Promise<LoaderAnswer<unknown>>;
  /** The recording of the upstream call the address goes to. */
  recorded: string;
}

const EMAIL_FORMS: [string, EmailForm][] = [
  [
    "the newsletter",
    {
      takenStatus: 303,
      post: (email) =>
        returned(
          contentPageAction(
            actionArgs("/features", { form: { _form: "newsletter", ...HONEYPOT, email } }),
          ),
        ),
      recorded: "coms.subscribe",
    },
  ],
  [
    "the checkout",
    {
      takenStatus: 303,
      post: (email) =>
        returned(
          checkoutAction(
            actionArgs("/order/checkout?plan=102", {
              form: { _form: "checkout", ...HONEYPOT, plan: "102", email, method: "paypal" },
            }),
          ),
        ),
      recorded: "purchase.url-with-email",
    },
  ],
  [
    "the free trial",
    {
      takenStatus: 303,
      post: (email) =>
        returned(
          checkoutAction(
            actionArgs("/order/checkout?plan=109", {
              form: { _form: "checkout", ...HONEYPOT, plan: "109", email, trial: "1" },
            }),
          ),
        ),
      recorded: "sales.trial-accrual",
    },
  ],
  [
    "the gift code's second step",
    {
      takenStatus: 200,
      post: (email) =>
        returned(
          contentPageAction(
            actionArgs("/redeem", {
              form: { _form: "redeem", ...HONEYPOT, step: "apply", code: "GIFT-YEAR-2026", email },
            }),
          ),
        ),
      recorded: "sales.redeem-gift",
    },
  ],
  [
    "the sign-in",
    {
      // An address no account has: the provider is asked, and says so.
      takenStatus: 401,
      post: (email) =>
        returned(
          signInAction(
            actionArgs("/sign-in", {
              form: { _form: "sign-in", ...HONEYPOT, email, password: SANDBOX_PASSWORD },
            }),
          ),
        ),
      recorded: "auth.login",
    },
  ],
];

const recordedEmails = (name: string) =>
  upstream.recorder.all(name).map((entry) => (entry.body as { email?: unknown }).email);

describe("an e-mail address", () => {
  it.each(EMAIL_FORMS)("of 254 characters is taken by %s, of 255 refused", async (_form, form) => {
    const longest = addressOfLength(254);
    expect(longest).toHaveLength(254);
    const taken = await form.post(longest);
    expect(taken.status).toBe(form.takenStatus);
    expect(recordedEmails(form.recorded)).toEqual([longest]);

    upstream.forget();
    const tooLong = addressOfLength(255);
    expect(tooLong).toHaveLength(255);
    const refused = await form.post(tooLong);
    expect(refused.status).toBe(400);
    expect((refused.data as FormReply).result.error).toMatchObject({
      email: ["validation.TOO_LONG"],
    });
    expect(upstream.recorder.all(form.recorded)).toEqual([]);
  });
});

describe("a captcha answer", () => {
  /** The captcha service vouches for any answer, and keeps each it was asked about. */
  function vouchingCaptcha(): string[] {
    const asked: string[] = [];
    upstream.server.use(
      http.post(SANDBOX_CAPTCHA_VERIFY, async ({ request }) => {
        asked.push(new URLSearchParams(await request.text()).get("response") ?? "");
        return HttpResponse.json({ success: true });
      }),
    );
    return asked;
  }

  const subscribe = (captcha: string) =>
    returned(
      contentPageAction(
        actionArgs("/features", {
          form: { _form: "newsletter", ...HONEYPOT, _js: "1", email: "mia@example.com", captcha },
        }),
      ),
    );

  it("of 4096 characters is checked by the newsletter, of 4097 refused unasked", async () => {
    const asked = vouchingCaptcha();
    const longest = textOfLength(4096);
    const taken = await subscribe(longest);
    expect(taken.status).toBe(200);
    expect(asked).toEqual([longest]);
    expect(upstream.recorder.all("coms.subscribe").map((entry) => entry.body)).toEqual([
      expect.objectContaining({ email: "mia@example.com", verified: true }),
    ]);

    upstream.forget();
    const refused = await subscribe(textOfLength(4097));
    expect(refused.status).toBe(400);
    expect((refused.data as FormReply).result.error).toEqual({ captcha: ["validation.TOO_LONG"] });
    expect(asked).toHaveLength(1);
    expect(upstream.recorder.all("coms.subscribe")).toEqual([]);
  });

  it("of 4096 characters is taken by the password change, of 4097 refused", async () => {
    const next = "violet Harbor 42 lantern!";
    const change = async (captcha: string) =>
      returned(
        changePasswordAction(
          actionArgs("/account/change-password", {
            form: {
              _form: "change-password",
              ...HONEYPOT,
              current: SANDBOX_PASSWORD,
              password: next,
              repeat: next,
              terms: "on",
              captcha,
            },
            cookies: { [SESSION]: await sessionCookie({ authToken: "sandbox-monthly" }) },
          }),
        ),
      );

    const refused = await change(textOfLength(4097));
    expect(refused.status).toBe(400);
    expect((refused.data as FormReply).result.error).toEqual({ captcha: ["validation.TOO_LONG"] });
    expect(upstream.recorder.all("auth.change-password")).toEqual([]);

    const taken = await change(textOfLength(4096));
    expect(taken.status).toBe(303);
    expect(taken.location).toBe("/account?changed=1");
    expect(upstream.recorder.all("auth.change-password")).toHaveLength(1);
    // The demo account takes its own password again, for the other tests.
    const account = upstream.accounts.accountOf("sandbox-monthly")!;
    expect(upstream.accounts.changePassword(account, next, SANDBOX_PASSWORD)).toBeNull();
  });
});
