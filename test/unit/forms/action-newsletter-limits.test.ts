import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { actionArgs, returned, setupSandboxUpstream } from "../support/remix";
import { contentPageAction } from "../support/routes";

/**
 * The newsletter's own limits (decision 022): a post no captcha vouched for is never taken for
 * verified — a few per address and hour, a bounded number site-wide — and one e-mail address is
 * subscribed a few times a day at most, whoever posts it.
 */
const upstream = setupSandboxUpstream({ NEWSLETTER_UNVERIFIED_LIMIT: "8" });

const PASS = "sandbox-pass.0123456789abcdef";
let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;

function subscribe(fields: Record<string, string>, context: Partial<AppLoadContext>) {
  return returned(
    contentPageAction(
      actionArgs("/features", {
        form: { _form: "newsletter", website_url: "", ...fields },
        context,
      }),
    ),
  );
}

const sent = () =>
  upstream.recorder
    .all("coms.subscribe")
    .map((r) => r.body as { email: string; verified: boolean });

describe("newsletter posts no captcha vouched for", () => {
  it("are sent marked unverified, a script's post without _js included", async () => {
    const answer = await subscribe({ email: "script@example.com" }, { clientIp: visitor() });
    expect(answer.status).toBe(303);
    expect(upstream.recorder.all("captcha.verify")).toEqual([]);
    expect(sent()).toEqual([
      expect.objectContaining({ email: "script@example.com", verified: false }),
    ]);
  });

  it("have their captcha answer checked when they carry one, JS or not", async () => {
    const ip = visitor();
    const failed = await subscribe(
      { email: "no-js@example.com", captcha: "sandbox-fail.0123456789abcdef" },
      { clientIp: ip },
    );
    expect(failed.status).toBe(400);
    const passed = await subscribe({ email: "no-js@example.com", captcha: PASS }, { clientIp: ip });
    expect(passed.status).toBe(303);
    expect(sent()).toEqual([
      expect.objectContaining({ email: "no-js@example.com", verified: true }),
    ]);
  });

  it("are refused past 3 an hour from one address, while a captcha-verified post goes on", async () => {
    const ip = visitor();
    for (let i = 0; i < 3; i += 1) {
      expect((await subscribe({ email: `reader-${i}@example.com` }, { clientIp: ip })).status).toBe(
        303,
      );
    }
    const refused = await subscribe({ email: "reader-3@example.com" }, { clientIp: ip });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ result: { error: { "": ["api.TOO_MANY_REQUESTS"] } } });
    const verified = await subscribe(
      { email: "reader-3@example.com", _js: "1", captcha: PASS },
      { clientIp: ip },
    );
    expect(verified.status).toBe(200);
    expect(sent()).toHaveLength(4);
  });

  it("are refused site-wide past NEWSLETTER_UNVERIFIED_LIMIT an hour, whatever the addresses", async () => {
    // 4 of the 8 were used above; new addresses each time.
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await subscribe({ email: `wide-${i}@example.com` }, { clientIp: visitor() })).status,
      ).toBe(303);
    }
    const refused = await subscribe({ email: "wide-9@example.com" }, { clientIp: visitor() });
    expect(refused.status).toBe(429);
    expect(sent().map((body) => body.email)).not.toContain("wide-9@example.com");
  });
});

describe("one e-mail address", () => {
  it("is subscribed 3 times a day at most, from any address, captcha or not", async () => {
    const email = "victim@example.com";
    for (let i = 0; i < 3; i += 1) {
      const answer = await subscribe({ email, _js: "1", captcha: PASS }, { clientIp: visitor() });
      expect(answer.status).toBe(200);
    }
    const refused = await subscribe({ email, _js: "1", captcha: PASS }, { clientIp: visitor() });
    expect(refused.status).toBe(429);
    expect(sent().filter((body) => body.email === email)).toHaveLength(3);
  });
});
