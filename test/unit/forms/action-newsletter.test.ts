import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { SANDBOX_CAPTCHA_VERIFY } from "~/forms/captcha";
import { describe, expect, it } from "vitest";
import {
  actionArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";
import { contentPageAction, searchAction } from "../support/routes";

const upstream = setupSandboxUpstream();

/** A newsletter post as the footer form sends it (honeypot present and empty). */
function post(path: string, fields: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return actionArgs(path, { form: { _form: "newsletter", website_url: "", ...fields }, context });
}

describe("newsletter action (footer form on every page)", () => {
  it("subscribes the address with the site's type and returns to the page with a flash", async () => {
    const answer = await returned(
      contentPageAction(post("/de/features?x=1", { email: "  Mia@Example.com " })),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/de/features?x=1#newsletter");
    expect(answer.headers.get("Set-Cookie")).toMatch(
      /^kn_flash=newsletter\.ok; Max-Age=60; Path=\/;/,
    );
    expect(answer.headers.get("Set-Cookie")).toMatch(/HttpOnly/);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.recorder.all("coms.subscribe").map((r) => r.body)).toEqual([
      { email: "mia@example.com", lang: "de", type: "orbitshield-site", verified: false },
    ]);
  });

  it("answers a JS post with data and no redirect", async () => {
    const token = "sandbox-pass.0123456789abcdef";
    const answer = await returned(
      contentPageAction(post("/features", { email: "mia@example.com", _js: "1", captcha: token })),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      form: "newsletter",
      result: { status: "success" },
      outcome: "ok",
    });
    expect(upstream.recorder.all("captcha.verify").at(-1)?.body).toEqual({ token });
    expect(upstream.calls("/coms/subscribe/")).toHaveLength(1);
  });

  it.each([
    ["no address", {}, "validation.EMAIL_REQUIRED"],
    ["an empty address", { email: "" }, "validation.EMAIL_REQUIRED"],
    ["a broken address", { email: "mia@" }, "validation.EMAIL_FIELD_INVALID"],
    ["markup", { email: "<img src=x onerror=alert(1)>" }, "validation.EMAIL_FIELD_INVALID"],
  ])(
    "refuses %s with 400, the message key and the input, and calls nothing",
    async (_n, fields, key) => {
      const answer = await returned(contentPageAction(post("/features", fields)));
      expect(answer.status).toBe(400);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(answer.data).toMatchObject({
        form: "newsletter",
        result: { status: "error", error: { email: [key] } },
      });
      if ("email" in fields && fields.email) {
        expect(answer.data).toMatchObject({ result: { initialValue: { email: fields.email } } });
      }
      expect(upstream.calls("/coms/subscribe/")).toEqual([]);
    },
  );

  it("requires a passed captcha from a JS post", async () => {
    for (const captcha of ["", "sandbox-fail.0123456789abcdef"]) {
      const answer = await returned(
        contentPageAction(post("/features", { email: "mia@example.com", _js: "1", captcha })),
      );
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        result: { error: { captcha: ["validation.NOT_VERIFIED_CAPTCHA"] } },
      });
    }
    expect(upstream.calls("/coms/subscribe/")).toEqual([]);
  });

  it("says 'try again later' when the captcha service cannot be reached, and sends nothing", async () => {
    upstream.server.use(http.post(SANDBOX_CAPTCHA_VERIFY, () => HttpResponse.error()));
    const answer = await returned(
      contentPageAction(
        post("/features", {
          email: "mia@example.com",
          _js: "1",
          captcha: "sandbox-pass.0123456789",
        }),
      ),
    );
    expect(answer.status).toBe(503);
    expect(answer.data).toMatchObject({
      result: {
        error: { "": ["errors.undefinedError"] },
        initialValue: { email: "mia@example.com" },
      },
    });
    expect(upstream.calls("/coms/subscribe/")).toEqual([]);
  });

  it("tells a bot that filled the honeypot it worked, and sends nothing", async () => {
    const filled = await returned(
      contentPageAction(post("/features", { email: "bot@example.com", website_url: "http://x" })),
    );
    expect(filled.status).toBe(303);
    const missing = actionArgs("/features", { form: { _form: "newsletter", email: "b@x.io" } });
    expect((await returned(contentPageAction(missing))).status).toBe(303);
    expect(upstream.calls()).toEqual([]);
  });

  it("answers 429 with the input kept once the visitor's IP is over the limit", async () => {
    const answer = await returned(
      contentPageAction(
        post("/features", { email: "mia@example.com" }, await formPostsSpent("newsletter")),
      ),
    );
    expect(answer.status).toBe(429);
    expect(answer.data).toMatchObject({
      result: {
        error: { "": ["api.TOO_MANY_REQUESTS"] },
        initialValue: { email: "mia@example.com" },
      },
    });
    expect(upstream.calls()).toEqual([]);
  });

  it("turns an upstream failure into the seed's message and keeps the address", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/coms/subscribe/"), () =>
        HttpResponse.json({ message: "BOOM" }, { status: 500 }),
      ),
    );
    const answer = await returned(
      contentPageAction(post("/features", { email: "mia@example.com" })),
    );
    expect(answer.status).toBe(502);
    expect(answer.data).toMatchObject({
      result: {
        error: { "": ["errors.undefinedError"] },
        initialValue: { email: "mia@example.com" },
      },
    });
  });

  it("says 'try later' when the upstream is in maintenance", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/coms/subscribe/"), () =>
        HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      ),
    );
    const answer = await returned(
      searchAction(post("/search?q=vault", { email: "mia@example.com" })),
    );
    expect(answer.data).toMatchObject({ result: { error: { "": ["api.SERVER_MAINTENANCE"] } } });
  });

  it("refuses a post for no known form with 400", async () => {
    const args = actionArgs("/features", { form: { _form: "__proto__", email: "a@b.io" } });
    const answer = await returned(contentPageAction(args));
    expect(answer.status).toBe(400);
    expect(upstream.calls()).toEqual([]);
  });

  it("returns to the home page without Remix's index marker", async () => {
    const answer = await returned(
      contentPageAction(post("/de?index", { email: "mia@example.com" })),
    );
    expect(answer.location).toBe("/de#newsletter");
  });
});
