import type { AppLoadContext } from "@remix-run/node";
import { now } from "~/config/clock.server";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import type { FormReply } from "~/forms/reply";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";
import { checkoutAction, checkoutLoader } from "../support/routes";

const upstream = setupSandboxUpstream();
const p = (path: string) => `/${getConfig().brand.provider}/${path}`;

/** What a trial plan's checkout posts: no method, `trial=1`. */
const TRIAL = {
  _form: "checkout",
  website_url: "",
  plan: "109",
  email: "Trial.User@Example.com",
  marketing: "on",
  trial: "1",
};

function post(path: string, form: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return returned(checkoutAction(actionArgs(path, { form, context })));
}

const replyOf = (data: unknown) => data as FormReply;

/** No purchase call of any kind was made. */
function expectNoPurchase() {
  expect(upstream.calls().filter((c) => c.path.includes("/purchase/"))).toEqual([]);
  expect(upstream.recorder.all("purchase.url-with-email")).toEqual([]);
}

describe("free trial checkout", () => {
  it("the loader marks a trial plan", async () => {
    const { data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=109")));
    expect(data.plan).toMatchObject({ id: 109, trial: true, summary: { trialDays: 7 } });
    // The first charge is the day the 7 free days end, counted from the server's today.
    const today = now();
    const days = (Date.parse(`${data.plan?.firstCharge}T12:00:00Z`) - today) / 86_400_000;
    expect(days).toBeGreaterThan(5.4);
    expect(days).toBeLessThan(7.6);
    const plain = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(plain.data.plan).toMatchObject({ trial: false, firstCharge: null });
  });

  it("starts the trial with trial-accrual/ and no purchase call, then shows it", async () => {
    const { status, location, headers } = await post("/order/checkout?plan=109", TRIAL);
    expect(status).toBe(303);
    expect(location).toMatch(
      /^\/payment-success\?order=109-[0-9a-f]{12}-[0-9a-f]{8}&key=[\w-]{22}$/,
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.recorder.all("sales.trial-accrual").map((r) => r.body)).toEqual([
      { id: 109, email: "trial.user@example.com", receiveMarketingEmails: false, lang: "en" },
    ]);
    expectNoPurchase();
  });

  it("returns to the buyer's language, consent unticked", async () => {
    const { marketing: _, ...unticked } = TRIAL;
    const { location } = await post("/de/order/checkout?plan=110", { ...unticked, plan: "110" });
    expect(location).toMatch(/^\/de\/payment-success\?order=110-/);
    expect(upstream.recorder.all("sales.trial-accrual")[0]?.body).toMatchObject({
      receiveMarketingEmails: false,
      lang: "de",
    });
  });

  it.each([
    ["a plan without a trial", { plan: "102" }, "redeem.trial.unavailable", 1],
    ["a malformed plan", { plan: "1e3" }, "checkout.planUnavailable", 0],
  ])("refuses %s (400) without starting anything", async (_, change, message, priceCalls) => {
    const { status, data } = await post("/order/checkout?plan=109", { ...TRIAL, ...change });
    expect(status).toBe(400);
    const reply = replyOf(data);
    expect(reply.form).toBe("checkout");
    expect(Object.values(reply.result.error ?? {}).flat()).toContain(message);
    expect(upstream.calls().filter((c) => c.path.startsWith(p("sales/price/")))).toHaveLength(
      priceCalls,
    );
    expect(upstream.recorder.all("sales.trial-accrual")).toEqual([]);
    expectNoPurchase();
  });

  it.each([
    ["", "validation.REQUIRED"],
    ["dana@", "validation.INVALID_EMAIL"],
  ])("refuses the e-mail %j beside the field", async (email, message) => {
    const { status, data } = await post("/order/checkout?plan=109", { ...TRIAL, email });
    expect(status).toBe(400);
    expect(replyOf(data).result.error?.email).toEqual([message]);
    expect(upstream.calls()).toEqual([]);
  });

  it("a bot (honeypot) is sent back to the checkout, nothing started", async () => {
    const { status, location } = await post("/order/checkout?plan=109", {
      ...TRIAL,
      website_url: "http://spam.example",
    });
    expect(status).toBe(303);
    expect(location).toBe("/order/checkout?plan=109#checkout");
    expect(upstream.calls()).toEqual([]);
  });

  it("over the rate limit: 429, nothing started", async () => {
    const { status, data } = await post(
      "/order/checkout?plan=109",
      TRIAL,
      await formPostsSpent("checkout"),
    );
    expect(status).toBe(429);
    expect(replyOf(data).result.error?.[""]).toEqual(["api.TOO_MANY_REQUESTS"]);
    expect(upstream.calls()).toEqual([]);
  });

  it("a failing service: 502 with the seed's message", async () => {
    upstream.server.use(
      http.post(upstreamUrl(p("sales/trial-accrual/")), () =>
        HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      ),
    );
    const { status, data } = await post("/order/checkout?plan=109", TRIAL);
    expect(status).toBe(502);
    expect(replyOf(data).result.error?.[""]).toEqual(["api.SERVER_MAINTENANCE"]);
    expectNoPurchase();
  });

  it("a checkout post without the trial field still buys as before", async () => {
    const { trial: _, ...paid } = TRIAL;
    const { status, location } = await post("/order/checkout?plan=102", {
      ...paid,
      plan: "102",
      method: "card",
    });
    expect(status).toBe(303);
    expect(location).toMatch(/^\/sandbox\/pay\?order=102-/);
    expect(upstream.recorder.all("sales.trial-accrual")).toEqual([]);
  });
});
