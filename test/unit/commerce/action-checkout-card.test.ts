import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { cardStepOf, intentIdOf, type CardStepStart } from "~/commerce/card-step";
import { orderKey } from "~/commerce/order-link.server";
import type { FormReply } from "~/forms/reply";
import { isSameOriginPost } from "~/server/origin-check";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";
import { checkoutAction, checkoutLoader, rootLoader } from "../support/routes";

/** The card step needs a card provider key: this file's server has one. */
const KEY = "pk_test_unitcardstep";
const upstream = setupSandboxUpstream({ STRIPE_PUBLISHABLE_KEY: KEY });

/** What the checkout form posts with JS for a card payment. */
const CHECKOUT = {
  _form: "checkout",
  _js: "1",
  website_url: "",
  plan: "102",
  email: "Dana.Miller@Example.com",
  marketing: "on",
  method: "card",
};

function post(path: string, form: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return returned(checkoutAction(actionArgs(path, { form, context })));
}

/** Opens the card step for plan 102 and answers what it opens. */
async function opened(change: Record<string, string> = {}): Promise<CardStepStart> {
  const { status, data } = await post("/de/order/checkout?plan=102", { ...CHECKOUT, ...change });
  expect(status).toBe(200);
  const card = cardStepOf(data);
  if (!card) throw new Error("the card step did not open");
  return card;
}

const stripeCalls = () => [
  ...upstream.calls("/orbitshield/purchase/stripe/"),
  ...upstream.calls("/orbitshield/purchase/url-with-email/"),
];

describe("checkout loader with a card provider key", () => {
  it("gives the checkout page the publishable key, and the root data never", async () => {
    const { data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(data.cardKey).toBe(KEY);
    const root = await returned(rootLoader(loaderArgs("/order/checkout?plan=102")));
    expect(JSON.stringify(root.data)).not.toContain(KEY);
  });

  it("gives no key to a page without a plan", async () => {
    const { data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=999999")));
    expect(data.cardKey).toBeNull();
  });
});

describe("checkout action: the card step", () => {
  it("sends a personal server's place with the card purchase, and the order keeps it", async () => {
    const { status, data } = await post("/order/checkout?plan=503", {
      ...CHECKOUT,
      plan: "503",
      region: "nl-ams",
    });
    expect(status).toBe(200);
    const card = cardStepOf(data);
    expect(card?.order).toMatch(/^503-/);
    expect(upstream.recorder.all("purchase.stripe")[0]?.body).toMatchObject({
      id: 503,
      location: "nl-ams",
    });
  });

  it("refuses a personal server's card post without a place, buying nothing", async () => {
    const { status } = await post("/order/checkout?plan=503", { ...CHECKOUT, plan: "503" });
    expect(status).toBe(400);
    expect(stripeCalls()).toEqual([]);
  });

  it("answers a JS card post with the order and its client secret, not the hosted page", async () => {
    const { status, data, headers } = await post("/de/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const card = cardStepOf(data);
    expect(card).toMatchObject({ method: "card" });
    expect(card?.order).toMatch(/^102-[0-9a-f]{12}-[0-9a-f]{8}$/);
    expect(card?.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect(upstream.recorder.all("purchase.stripe").map((e) => e.body)).toEqual([
      {
        id: 102,
        email: "dana.miller@example.com",
        method: "card",
        receiveMarketingEmails: false,
        lang: "de",
      },
    ]);
    expect(upstream.recorder.all("purchase.url-with-email")).toEqual([]);
    expect(upstream.orders.get(card?.order ?? "")).toMatchObject({
      status: "pending",
      method: "card",
      total: 3588,
    });
  });

  it("sends a checked bonus code and the refused consent; the service prices the order", async () => {
    const { marketing: _, ...unticked } = CHECKOUT;
    const { status, data } = await post("/order/checkout?plan=102", {
      ...unticked,
      code: "WELCOME20",
    });
    expect(status).toBe(200);
    expect(upstream.recorder.all("purchase.stripe")[0]?.body).toMatchObject({
      code: "WELCOME20",
      receiveMarketingEmails: false,
      lang: "en",
    });
    const card = cardStepOf(data);
    expect(upstream.orders.get(card?.order ?? "")).toMatchObject({
      code: "WELCOME20",
      total: 2870,
    });
  });

  it.each(["applepay", "paynow"])(
    "opens the step for %s (the wallet is asked there)",
    async (method) => {
      const card = await opened({ method });
      expect(card.method).toBe(method);
    },
  );

  it("keeps a post without JS on the hosted payment page (303)", async () => {
    const { _js: _, ...noJs } = CHECKOUT;
    const { status, location } = await post("/order/checkout?plan=102", noJs);
    expect(status).toBe(303);
    expect(location).toMatch(/^\/sandbox\/pay\?order=102-/);
    expect(upstream.recorder.all("purchase.stripe")).toEqual([]);
  });

  it("sends a JS post for a hosted method to its payment page as before", async () => {
    const { status, location } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      method: "paypal",
    });
    expect(status).toBe(303);
    expect(location).toMatch(/^\/sandbox\/pay\?order=102-/);
    expect(upstream.recorder.all("purchase.stripe")).toEqual([]);
  });

  it.each([
    ["a tampered plan id", { plan: "999999" }, 404, "checkout.planUnavailable"],
    ["a plan id that is no number", { plan: "102 OR 1=1" }, 400, "checkout.planUnavailable"],
    ["an invalid e-mail", { email: "dana@" }, 400, "validation.INVALID_EMAIL"],
    ["an unknown payment method", { method: "cash" }, 400, "validation.PAYMENT_METHOD_REQUIRED"],
    ["a refused bonus code", { code: "SUMMER2024" }, 400, "api.BAD_NEW_BONUS_CODE"],
    ["a scripted bonus code", { code: "<script>" }, 400, "validation.BONUS_CODE_INVALID"],
  ])("refuses %s with no purchase call", async (_, change, status, key) => {
    const answer = await post("/order/checkout?plan=102", { ...CHECKOUT, ...change });
    expect(answer.status).toBe(status);
    expect(cardStepOf(answer.data)).toBeNull();
    expect(JSON.stringify((answer.data as FormReply).result.error)).toContain(key);
    expect(stripeCalls()).toEqual([]);
  });

  it("refuses a rate-limited post with 429 and no upstream call", async () => {
    const { status, data } = await post(
      "/order/checkout?plan=102",
      CHECKOUT,
      await formPostsSpent("checkout"),
    );
    expect(status).toBe(429);
    expect((data as FormReply).result.error?.[""]).toEqual(["api.TOO_MANY_REQUESTS"]);
    expect(upstream.calls()).toEqual([]);
  });

  it("answers 502 with the seed's message when purchase/stripe/ fails", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/orbitshield/purchase/stripe/"), () =>
        HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      ),
    );
    const { status, data } = await post("/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(502);
    expect((data as FormReply).result.error?.[""]).toEqual(["api.SERVER_MAINTENANCE"]);
  });

  it("answers 502 when the service's answer is not an order and a client secret", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/orbitshield/purchase/stripe/"), () =>
        HttpResponse.json({ order: "102-x", clientSecret: "javascript:alert(1)" }),
      ),
    );
    const { status, data } = await post("/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(502);
    expect(cardStepOf(data)).toBeNull();
  });
});

describe("checkout action: the card payment's confirmation (card-paid)", () => {
  const paidPost = (form: Record<string, string>, context: Partial<AppLoadContext> = {}) =>
    post("/de/order/checkout?plan=102", { _form: "card-paid", _js: "1", ...form }, context);

  it("confirms the order's own intent: paid, then 303 to the German success page", async () => {
    const card = await opened();
    const { status, location, headers } = await paidPost({
      order: card.order,
      intent: intentIdOf(card.clientSecret),
    });
    expect(status).toBe(303);
    // The buyer's own link: the order signed (order-link.server.ts), never a counted guess.
    expect(location).toBe(`/de/payment-success?order=${card.order}&key=${orderKey(card.order)}`);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.orders.get(card.order)?.status).toBe("paid");
  });

  it("refuses a forged intent id: the order stays unpaid", async () => {
    const card = await opened();
    const { status, data } = await paidPost({ order: card.order, intent: "pi_forged000000000000" });
    expect(status).toBe(400);
    expect((data as FormReply).result.error?.[""]).toEqual(["cardStep.notConfirmed"]);
    expect(upstream.orders.get(card.order)?.status).toBe("pending");
  });

  it("refuses another order's intent: neither order is paid", async () => {
    const first = await opened();
    const second = await opened({ email: "sam@example.com" });
    const { status } = await paidPost({
      order: second.order,
      intent: intentIdOf(first.clientSecret),
    });
    expect(status).toBe(400);
    expect(upstream.orders.get(first.order)?.status).toBe("pending");
    expect(upstream.orders.get(second.order)?.status).toBe("pending");
  });

  it("refuses an order that is not pending any more (a standing, failed order)", async () => {
    const { status } = await paidPost({
      order: "101-0a1b2c3d4e5f-00000003",
      intent: "pi_sbx000000000000000000000000",
    });
    expect(status).toBe(400);
    expect(upstream.orders.get("101-0a1b2c3d4e5f-00000003")?.status).toBe("failed");
  });

  it.each([
    ["a tampered order id", { order: "../102", intent: "pi_abcdefgh12345678" }],
    ["a missing order id", { intent: "pi_abcdefgh12345678" }],
    [
      "a client secret instead of an id",
      { order: "102-0a1b2c3d4e5f-00000002", intent: "pi_abcdefgh_secret_abcdefgh" },
    ],
    ["a scripted intent", { order: "102-0a1b2c3d4e5f-00000002", intent: "<script>" }],
  ])("refuses %s with 400 and no upstream call", async (_, form) => {
    const { status, data } = await paidPost(form);
    expect(status).toBe(400);
    expect((data as FormReply).result.error?.[""]).toEqual(["errors.badRequest"]);
    expect(upstream.calls()).toEqual([]);
  });

  it("refuses a rate-limited confirmation with 429 and no upstream call", async () => {
    const { status } = await paidPost(
      { order: "102-0a1b2c3d4e5f-00000002", intent: "pi_abcdefgh12345678" },
      await formPostsSpent("card-paid"),
    );
    expect(status).toBe(429);
    expect(upstream.calls()).toEqual([]);
  });

  it("answers 502 with the seed's message when the service cannot be reached", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/orbitshield/purchase/stripe/confirm/"), () => HttpResponse.error()),
    );
    const { status, data } = await paidPost({
      order: "102-0a1b2c3d4e5f-00000002",
      intent: "pi_abcdefgh12345678",
    });
    expect(status).toBe(502);
    expect((data as FormReply).result.error?.[""]).toEqual(["errors.undefinedError"]);
  });

  it("is a post the site's Origin check refuses from another site", () => {
    const site = "https://www.keynest.test";
    expect(isSameOriginPost({ origin: "https://evil.example" }, site)).toBe(false);
    expect(isSameOriginPost({ origin: null, referer: null }, site)).toBe(false);
    expect(isSameOriginPost({ origin: site }, site)).toBe(true);
  });
});
