import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import { walletAction, walletLoader, type WalletPageData } from "~/commerce/wallet.server";
import { paymentRedirectTarget } from "~/security/payment-redirect";
import { getPurchaseUrlWithEmail } from "~/upstream/purchase.server";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";

/**
 * The Amazon Pay wallet page (/amazon/payment?order=): the checkout's payment URL leads there,
 * its loader shows the order and prepares the wallet session, and its action charges the order
 * with the wallet's token and sends the buyer to the outcome page — against the sandbox.
 */

const upstream = setupSandboxUpstream();

const purchase = (path: string) => `/${getConfig().brand.provider}/purchase/${path}`;
/** The standing pending order bought with Amazon Pay (catalogue.json): never settles. */
const STANDING = "101-0a1b2c3d4e5f-00000004";

async function amazonOrder(lang?: "de"): Promise<string> {
  const answer = await getPurchaseUrlWithEmail({
    planId: 102,
    method: "amazon",
    email: "dana@example.com",
    ...(lang ? { lang } : {}),
  });
  if (!answer.order) throw new Error("no order");
  return answer.order;
}

const load = (path: string) => returned(walletLoader(loaderArgs(path)));
const ready = (data: unknown) => data as Extract<WalletPageData, { state: "ready" }>;

function post(path: string, form: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return returned(walletAction(actionArgs(path, { form, context })));
}

describe("the checkout's payment URL for Amazon Pay", () => {
  it("is the site's own wallet page, in the buyer's language, and the checkout may go there", async () => {
    const en = await getPurchaseUrlWithEmail({ planId: 102, method: "amazon", email: "d@x.io" });
    expect(en.url).toBe(`/amazon/payment?order=${en.order}`);
    const de = await getPurchaseUrlWithEmail({
      planId: 102,
      method: "amazon",
      email: "d@x.io",
      lang: "de",
    });
    expect(de.url).toBe(`/de/amazon/payment?order=${de.order}`);
    const { siteUrl, paymentHosts } = getConfig();
    expect(paymentRedirectTarget(de.url, { siteUrl, paymentHosts })).toBe(de.url);
    expect(paymentRedirectTarget(`${siteUrl}${en.url}`, { siteUrl, paymentHosts })).toBe(en.url);
  });

  it("stays the sandbox payment page for the other methods", async () => {
    const paypal = await getPurchaseUrlWithEmail({
      planId: 102,
      method: "paypal",
      email: "d@x.io",
    });
    expect(paypal.url).toMatch(/^\/sandbox\/pay\?order=/);
  });
});

describe("wallet page loader", () => {
  it("shows the order and the wallet session, privately", async () => {
    const order = await amazonOrder();
    const { status, data, headers } = await load(`/amazon/payment?order=${order}`);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const page = ready(data);
    expect(page.state).toBe("ready");
    expect(page.order).toMatchObject({
      id: order,
      planId: 102,
      summary: {
        line: "passwordManager",
        variant: { key: "commerce.plan.personal" },
        period: { key: "commerce.duration.year", values: { count: 1 } },
        billing: { kind: "yearly" },
        trialDays: 0,
        costCents: 3588,
      },
      total: 3588,
      currency: "USD",
      email: "d***@example.com",
    });
    expect(page.checkoutHref).toBe("/order/checkout?plan=102");
    expect(page.wallet?.scriptUrl).toBe("https://static-na.payments-amazon.com/checkout.js");
    expect(page.wallet?.session).toMatchObject({ checkoutLanguage: "en_US", amount: 3588 });
    expect(upstream.calls(purchase("amazon-user-info/"))[0]?.query).toEqual({ order });
    expect(upstream.calls(purchase("amazon-pay-validate/"))[0]?.query).toEqual({
      order,
      lang: "en",
    });
  });

  it("keeps the language: German session, German way back", async () => {
    const order = await amazonOrder("de");
    const page = ready((await load(`/de/amazon/payment?order=${order}`)).data);
    expect(page.checkoutHref).toBe("/de/order/checkout?plan=102");
    expect(page.wallet?.session.checkoutLanguage).toBe("de_DE");
  });

  it.each([
    ["no order", "/amazon/payment"],
    ["a malformed order", "/amazon/payment?order=<script>"],
    ["an over-long order", `/amazon/payment?order=${"a".repeat(129)}`],
    ["an unknown order", "/fr/amazon/payment?order=102-0a1b2c3d4e5f-ffffffff"],
    ["an order paid another way", "/amazon/payment?order=102-0a1b2c3d4e5f-00000002"],
  ])("answers %s with 404 and a message, privately", async (_case, path) => {
    const { status, data, headers } = await load(path);
    expect(status).toBe(404);
    expect((data as WalletPageData).state).toBe("notFound");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("calls nothing for a malformed order", async () => {
    await load("/amazon/payment?order=../../x");
    expect(upstream.calls()).toEqual([]);
  });

  it("sends a settled order to its outcome page", async () => {
    const order = await amazonOrder("de");
    upstream.orders.settle(order, "paid");
    const { status, location } = await load(`/de/amazon/payment?order=${order}`);
    expect(status).toBe(303);
    expect(location).toBe(`/de/payment-success?order=${order}`);
    const failed = await amazonOrder();
    upstream.orders.settle(failed, "failed");
    expect((await load(`/amazon/payment?order=${failed}`)).location).toBe(
      `/payment-error?order=${failed}`,
    );
  });

  it("answers 503 with a message (not 500) when the service is down", async () => {
    upstream.server.use(
      http.get(upstreamUrl(purchase("amazon-user-info/")), () => HttpResponse.error()),
    );
    const { status, data } = await load(`/amazon/payment?order=${STANDING}`);
    expect(status).toBe(503);
    expect((data as WalletPageData).state).toBe("unavailable");
  });

  it("still shows the order, without a wallet, when the preparatory step fails", async () => {
    upstream.server.use(
      http.get(upstreamUrl(purchase("amazon-pay-validate/")), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const { status, data } = await load(`/amazon/payment?order=${STANDING}`);
    expect(status).toBe(200);
    expect(ready(data).wallet).toBeNull();
    expect(ready(data).checkoutHref).toBe("/order/checkout?plan=101");
  });

  it("refuses a wallet session that is not what the service promises", async () => {
    upstream.server.use(
      http.get(upstreamUrl(purchase("amazon-pay-validate/")), () =>
        HttpResponse.json({ merchantId: "<img>" }),
      ),
    );
    const { data } = await load(`/amazon/payment?order=${STANDING}`);
    expect(ready(data).wallet).toBeNull();
  });
});

describe("wallet page action", () => {
  const form = (order: string, token = "amzn-session-1") => ({
    _form: "amazon-pay",
    order,
    token,
  });

  it("charges the order with the wallet's token, then shows the paid order", async () => {
    const order = await amazonOrder();
    const { status, location, headers } = await post(`/amazon/payment?order=${order}`, form(order));
    expect(status).toBe(303);
    expect(location).toBe(`/payment-success?order=${order}`);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.orders.get(order)?.status).toBe("paid");
    expect(upstream.calls(purchase("transaction-id/"))[0]?.query).toEqual({ order });
    expect(upstream.recorder.all("purchase.amazon-validate").map((r) => r.body)).toEqual([
      { order, token: "amzn-session-1", transactionId: `SBX-${order.slice(-8)}` },
    ]);
  });

  it("ends a declined payment on the error page, in the buyer's language", async () => {
    const order = await amazonOrder("de");
    const { status, location } = await post(
      `/de/amazon/payment?order=${order}`,
      form(order, "decline-1"),
    );
    expect(status).toBe(303);
    expect(location).toBe(`/de/payment-error?order=${order}`);
    expect(upstream.orders.get(order)?.status).toBe("failed");
  });

  it.each([
    ["a malformed order", { _form: "amazon-pay", order: "<x>", token: "t" }],
    ["no token", { _form: "amazon-pay", order: STANDING, token: "" }],
    ["a token with spaces", { _form: "amazon-pay", order: STANDING, token: "a b" }],
    ["another form", { _form: "checkout", order: STANDING, token: "t" }],
    ["no form at all", {}],
  ])("refuses %s with 400 and calls nothing", async (_case, body) => {
    const { status, data } = await post(`/amazon/payment?order=${STANDING}`, body);
    expect(status).toBe(400);
    expect(data).toEqual({ form: "amazon-pay", error: "wallet.notConfirmed" });
    expect(upstream.calls()).toEqual([]);
  });

  it("refuses a post for another order than the page's (tampered)", async () => {
    const order = await amazonOrder();
    const { status } = await post(`/amazon/payment?order=${STANDING}`, form(order));
    expect(status).toBe(400);
    expect(upstream.orders.get(order)?.status).toBe("pending");
  });

  it("answers an unknown order with 404 and a message", async () => {
    const unknown = "102-0a1b2c3d4e5f-ffffffff";
    const { status, data } = await post(`/amazon/payment?order=${unknown}`, form(unknown));
    expect(status).toBe(404);
    expect(data).toEqual({ form: "amazon-pay", error: "wallet.notFound" });
  });

  it("refuses an order bought another way (400), and does not settle it", async () => {
    const card = "102-0a1b2c3d4e5f-00000002";
    const { status, data } = await post(`/amazon/payment?order=${card}`, form(card));
    expect(status).toBe(400);
    expect(data).toEqual({ form: "amazon-pay", error: "wallet.notConfirmed" });
  });

  it("refuses a tampered transaction id upstream (400), never a 500", async () => {
    upstream.server.use(
      http.get(upstreamUrl(purchase("transaction-id/")), ({ request }) =>
        HttpResponse.json({
          order: new URL(request.url).searchParams.get("order"),
          transactionId: "SBX-tampered",
        }),
      ),
    );
    const order = await amazonOrder();
    const { status } = await post(`/amazon/payment?order=${order}`, form(order));
    expect(status).toBe(400);
    expect(upstream.orders.get(order)?.status).toBe("pending");
  });

  it.each([
    ["unreachable", () => HttpResponse.error(), "errors.undefinedError"],
    [
      "in maintenance",
      () => HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      "api.SERVER_MAINTENANCE",
    ],
    ["answering nonsense", () => HttpResponse.json({ status: "maybe" }), "errors.undefinedError"],
  ])("answers 502 with the seed's message when the service is %s", async (_case, reply, key) => {
    upstream.server.use(http.post(upstreamUrl(purchase("amazon-validate/")), reply));
    const order = await amazonOrder();
    const { status, data } = await post(`/amazon/payment?order=${order}`, form(order));
    expect(status).toBe(502);
    expect(data).toEqual({ form: "amazon-pay", error: key });
  });

  it("answers 429 over the rate limit, and calls nothing", async () => {
    const { status, data } = await post(
      `/amazon/payment?order=${STANDING}`,
      form(STANDING),
      await formPostsSpent("amazon-pay"),
    );
    expect(status).toBe(429);
    expect(data).toEqual({ form: "amazon-pay", error: "api.TOO_MANY_REQUESTS" });
    expect(upstream.calls()).toEqual([]);
  });
});
