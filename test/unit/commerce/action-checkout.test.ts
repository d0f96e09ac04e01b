import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import type { FormReply } from "~/forms/reply";
import { paymentRedirectTarget } from "~/security/payment-redirect";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";
import { checkoutAction, checkoutLoader, contentPageLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

const purchasePath = () => `/${getConfig().brand.provider}/purchase/url-with-email/`;

/** What the checkout form posts without JS: plan, e-mail, consent ticked, card, honeypot. */
const CHECKOUT = {
  _form: "checkout",
  website_url: "",
  plan: "102",
  email: "Dana.Miller@Example.com",
  marketing: "on",
  method: "card",
};

function post(path: string, form: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return returned(checkoutAction(actionArgs(path, { form, context })));
}

const replyOf = (data: unknown) => data as FormReply;

describe("checkout loader", () => {
  it("shows the plan of ?plan=, privately", async () => {
    const { status, data, headers } = await returned(
      checkoutLoader(loaderArgs("/order/checkout?plan=102")),
    );
    expect(status).toBe(200);
    expect(data.plan).toEqual({
      id: 102,
      summary: {
        line: "passwordManager",
        variant: { key: "commerce.plan.personal" },
        period: { key: "commerce.duration.year", values: { count: 1 } },
        billing: { kind: "yearly" },
        trialDays: 0,
        costCents: 3588,
        duration: { kind: "period", unit: "year", count: 1 },
      },
      costCents: 3588,
      trial: false,
      firstCharge: null,
      // No tax figure from the price service: the configured line (TAX_NOTE's default).
      tax: { kind: "included" },
    });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each(["/order/checkout", "/de/order/checkout?plan=999999", "/order/checkout?plan=01"])(
    "answers %s with 404 and no plan (never a guessed price)",
    async (path) => {
      const { status, data } = await returned(checkoutLoader(loaderArgs(path)));
      expect(status).toBe(404);
      expect(data.plan).toBeNull();
    },
  );

  it("does not sell a plan whose period the price rules refuse", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/sales/price/102/"), () =>
        HttpResponse.json({
          id: 102,
          cost: 3588,
          description: "5 fortnights",
          info: { type: "fortnight", count: 5 },
        }),
      ),
    );
    const { status, data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(status).toBe(404);
    expect(data.plan).toBeNull();
  });
});

describe("checkout action", () => {
  it("buys with the lowercased e-mail and answers 303 to the sandbox payment page", async () => {
    const { status, location, headers } = await post("/de/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(303);
    expect(location).toMatch(/^\/sandbox\/pay\?order=102-[0-9a-f]{12}-[0-9a-f]{8}$/);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.recorder.all("purchase.url-with-email").map((e) => e.body)).toEqual([
      {
        id: 102,
        email: "dana.miller@example.com",
        method: "card",
        receiveMarketingEmails: false,
        lang: "de",
      },
    ]);
    const order = decodeURIComponent(location?.split("order=")[1] ?? "");
    expect(upstream.orders.get(order)).toMatchObject({ status: "pending", lang: "de" });
    // The ticked consent: a newsletter subscription, unverified (decision 022).
    expect(upstream.recorder.all("coms.subscribe").map((e) => e.body)).toEqual([
      { email: "dana.miller@example.com", lang: "de", type: "orbitshield-site", verified: false },
    ]);
  });

  it("subscribes nobody when the box is unticked", async () => {
    const { marketing: _, ...unticked } = CHECKOUT;
    const { status } = await post("/order/checkout?plan=102", { ...unticked, method: "paypal" });
    expect(status).toBe(303);
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).toMatchObject({
      receiveMarketingEmails: false,
      method: "paypal",
    });
    expect(upstream.recorder.all("coms.subscribe")).toEqual([]);
  });

  it.each([
    ["a plan id that is no number", { plan: "102; DROP" }, "plan", "checkout.planUnavailable"],
    ["a missing e-mail", { email: "" }, "email", "validation.REQUIRED"],
    ["an invalid e-mail", { email: "dana@" }, "email", "validation.INVALID_EMAIL"],
    [
      "an unknown payment method",
      { method: "cash" },
      "method",
      "validation.PAYMENT_METHOD_REQUIRED",
    ],
    ["no payment method", { method: "" }, "method", "validation.PAYMENT_METHOD_REQUIRED"],
  ])("refuses %s with 400, keeps the input and buys nothing", async (_, change, field, key) => {
    const { status, data } = await post("/order/checkout?plan=102", { ...CHECKOUT, ...change });
    expect(status).toBe(400);
    const reply = replyOf(data);
    expect(reply.form).toBe("checkout");
    expect(reply.result.error?.[field]).toEqual([key]);
    expect(reply.result.initialValue).toMatchObject({ marketing: "on" });
    if (field !== "email") {
      expect(reply.result.initialValue).toMatchObject({ email: CHECKOUT.email });
    }
    expect(upstream.calls(purchasePath())).toEqual([]);
  });

  it("answers 502 with the seed's message and the input when the purchase call fails", async () => {
    upstream.server.use(
      http.post(upstreamUrl(purchasePath()), () =>
        HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      ),
    );
    const { status, data } = await post("/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(502);
    expect(replyOf(data).result.error?.[""]).toEqual(["api.SERVER_MAINTENANCE"]);
    expect(replyOf(data).result.initialValue).toMatchObject({ email: CHECKOUT.email });
  });

  it("never follows a payment URL to a host it does not know", async () => {
    upstream.server.use(
      http.post(upstreamUrl(purchasePath()), () =>
        HttpResponse.json({ url: "https://evil.example/pay", order: "x" }),
      ),
    );
    const { status, data, location } = await post("/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(502);
    expect(location).toBeNull();
    expect(replyOf(data).result.error?.[""]).toEqual(["checkout.paymentUnavailable"]);
  });

  it("answers 429 with the input when the visitor posts too often", async () => {
    const { status, data } = await post(
      "/order/checkout?plan=102",
      CHECKOUT,
      await formPostsSpent("checkout"),
    );
    expect(status).toBe(429);
    expect(replyOf(data).result.error?.[""]).toEqual(["api.TOO_MANY_REQUESTS"]);
    expect(upstream.calls(purchasePath())).toEqual([]);
  });

  it("buys nothing for a bot that filled the honeypot", async () => {
    const { status, location } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      website_url: "http://spam.example",
    });
    expect(status).toBe(303);
    expect(location).toBe("/order/checkout?plan=102#checkout");
    expect(upstream.calls(purchasePath())).toEqual([]);
  });

  it("refuses a post of another form with 400", async () => {
    const { status } = await post("/order/checkout?plan=102", { ...CHECKOUT, _form: "contact" });
    expect(status).toBe(400);
    expect(upstream.calls(purchasePath())).toEqual([]);
  });

  it("makes each of two posts its own order (a double submit charges nothing twice)", async () => {
    const first = await post("/order/checkout?plan=102", CHECKOUT);
    const second = await post("/order/checkout?plan=102", CHECKOUT);
    expect(first.location).not.toBe(second.location);
    expect(upstream.recorder.all("purchase.url-with-email")).toHaveLength(2);
  });
});

describe("payment outcome pages", () => {
  it("show a paid order privately, with the masked e-mail", async () => {
    const { location } = await post("/order/checkout?plan=102", CHECKOUT);
    const order = decodeURIComponent(location?.split("order=")[1] ?? "");
    upstream.orders.settle(order, "paid");
    const { data, headers } = await returned(
      contentPageLoader(loaderArgs(`/payment-success?order=${order}`)),
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.order).toMatchObject({
      order,
      status: "paid",
      plan: "1 year",
      total: 3588,
      currency: "USD",
      email: "d***@example.com",
    });
  });

  it("say an unknown order was not found, and leave the plain page shareable", async () => {
    const unknown = await returned(
      contentPageLoader(loaderArgs("/payment-error?order=102-000000000000-00000000")),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.data.order).toBeNull();
    expect(unknown.headers.get("Cache-Control")).toBe("private, no-store");
    // A bare visit names no order: the page says there is none, the same for everyone.
    const plain = await returned(contentPageLoader(loaderArgs("/payment-success")));
    expect(plain.status).toBe(200);
    expect(plain.data.order).toBeNull();
    expect(plain.headers.get("Cache-Control")).not.toMatch(/private|no-store/);
    expect(plain.data.blocks.map((block: { name: string }) => block.name)).not.toContain("hero");
  });
});

describe("paymentRedirectTarget", () => {
  const allowed = { siteUrl: "https://www.keynest.test", paymentHosts: ["pay.provider.example"] };
  it.each([
    ["/sandbox/pay?order=1", "/sandbox/pay?order=1"],
    ["https://www.keynest.test/sandbox/pay?order=1", "/sandbox/pay?order=1"],
    ["https://pay.provider.example/c/abc?x=1", "https://pay.provider.example/c/abc?x=1"],
    ["https://PAY.provider.example/c", "https://pay.provider.example/c"],
    ["http://pay.provider.example/c", null],
    ["https://pay.provider.example:8443/c", null],
    ["https://user@pay.provider.example/c", null],
    ["https://pay.provider.example.evil.example/c", null],
    ["https://evil.example/pay", null],
    ["//evil.example/pay", null],
    ["/\\evil.example", null],
    ["javascript:alert(1)", null],
    ["", null],
    [42, null],
  ])("%s → %s", (url, expected) => {
    expect(paymentRedirectTarget(url, allowed)).toBe(expected);
  });
});
