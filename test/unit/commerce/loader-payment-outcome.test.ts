import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import type { ContentPageData } from "~/page/page.server";
import { loader as paymentStatusLoader } from "~/routes/payment-status";
import { orderHash } from "../../../mocks/sales/orders";
import { planById } from "../../../mocks/sales/catalogue";
import { loaderArgs, returned, setupSandboxUpstream, upstreamUrl } from "../support/remix";
import { contentPageLoader } from "../support/routes";

const upstream = setupSandboxUpstream();
const p = (path: string) => `/${getConfig().brand.provider}/${path}`;

const PAID = "102-0a1b2c3d4e5f-00000001";
const PENDING = "102-0a1b2c3d4e5f-00000002";
const FAILED = "101-0a1b2c3d4e5f-00000003";

/** A new pending order of plan 102, as the checkout makes one. */
function newOrder() {
  const plan = planById(102);
  if (!plan) throw new Error("plan 102 is gone");
  return upstream.orders.create({
    plan,
    buyer: "dana@example.com",
    email: "d***@example.com",
    method: "card",
  }).order;
}

async function page(path: string) {
  const answer = await returned(contentPageLoader(loaderArgs(path)));
  return { ...answer, data: answer.data as ContentPageData };
}

describe("payment outcome pages", () => {
  it("show a paid order with its transaction id, privately", async () => {
    const { status, data, headers } = await page(`/payment-success?order=${PAID}`);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.order).toMatchObject({
      order: PAID,
      status: "paid",
      planId: 102,
      planCost: 3588,
      transactionId: "SBX-00000001",
    });
    expect(upstream.calls(p("sales/check-payment-status/"))).toHaveLength(0);
  });

  it("ask transaction-id/ when success-info gives none", async () => {
    upstream.server.use(
      http.get(upstreamUrl(p("purchase/success-info/")), () =>
        HttpResponse.json({
          order: PAID,
          status: "paid",
          plan: planById(102),
          method: "card",
          email: "d***@keynest.example",
          cost: 3588,
          discount: 0,
          total: 3588,
          currency: "USD",
        }),
      ),
    );
    const { data } = await page(`/payment-success?order=${PAID}`);
    expect(data.order?.transactionId).toBe("SBX-00000001");
    expect(upstream.calls(p("purchase/transaction-id/"))).toHaveLength(1);
  });

  it("a paid order without a transaction id is still shown", async () => {
    upstream.server.use(
      http.get(upstreamUrl(p("purchase/transaction-id/")), () => HttpResponse.error()),
    );
    const order = newOrder();
    upstream.orders.settle(order, "paid");
    upstream.server.use(
      http.get(upstreamUrl(p("purchase/success-info/")), () =>
        HttpResponse.json({
          order,
          status: "paid",
          plan: planById(102),
          method: "card",
          email: "d***@example.com",
          cost: 3588,
          discount: 0,
          total: 3588,
          currency: "USD",
        }),
      ),
    );
    const { data } = await page(`/payment-success?order=${order}`);
    expect(data.order).toMatchObject({ status: "paid" });
    expect(data.order?.transactionId).toBeUndefined();
  });

  it("check a pending order again with check-payment-status/", async () => {
    const { data } = await page(`/payment-success?order=${PENDING}`);
    expect(data.order?.status).toBe("pending");
    expect(upstream.recorder.all("sales.check-payment-status").map((r) => r.body)).toEqual([
      { order: PENDING },
    ]);
  });

  it("a 'pay later' order turns paid at its second status check", async () => {
    const order = newOrder();
    upstream.orders.payLater(order, 2);
    const first = await page(`/payment-success?order=${order}`);
    expect(first.data.order?.status).toBe("pending");
    const second = await page(`/payment-success?order=${order}`);
    expect(second.data.order).toMatchObject({
      status: "paid",
      transactionId: expect.stringMatching(/^SBX-/),
    });
  });

  it("a failing status check leaves the order pending (never a 500)", async () => {
    upstream.server.use(
      http.post(upstreamUrl(p("sales/check-payment-status/")), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const { status, data } = await page(`/payment-success?order=${PENDING}`);
    expect(status).toBe(200);
    expect(data.order?.status).toBe("pending");
  });

  it("show a failed order with its plan (the error page offers it again)", async () => {
    const { data } = await page(`/de/payment-error?order=${FAILED}`);
    expect(data.order).toMatchObject({ status: "failed", planId: 101 });
  });

  it("show the order of an e-mailed link (?hash=)", async () => {
    const { status, data, headers } = await page(`/payment-success?hash=${orderHash(PAID)}`);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.order).toMatchObject({
      order: PAID,
      status: "paid",
      transactionId: "SBX-00000001",
    });
    expect(upstream.calls(p("purchase/success-info/"))).toHaveLength(0);
  });

  it.each([
    ["an unknown hash", "?hash=0123456789abcdef0123456789abcdef", 1],
    ["a malformed hash", "?hash=%3Cscript%3E", 0],
    ["an empty hash", "?hash=", 0],
    ["an unknown order", "?order=102-000000000000-00000000", 0],
  ])("answer %s with 404, privately, and no order", async (_, query, hashCalls) => {
    const { status, data, headers } = await page(`/payment-success${query}`);
    expect(status).toBe(404);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.order).toBeNull();
    expect(upstream.calls(p("purchase-detail-by-hash/"))).toHaveLength(hashCalls);
  });

  it("a failing hash lookup is 'not found', not a 500", async () => {
    upstream.server.use(
      http.get(upstreamUrl(p("purchase-detail-by-hash/")), () => HttpResponse.error()),
    );
    const { status, data } = await page(`/payment-success?hash=${orderHash(PAID)}`);
    expect(status).toBe(404);
    expect(data.order).toBeNull();
  });

  it("a free trial's order says when the trial ends, and has no transaction id", async () => {
    const plan = planById(109);
    if (!plan) throw new Error("plan 109 is gone");
    const trial = upstream.orders.createTrial({
      plan,
      buyer: "t@example.com",
      email: "t***@example.com",
    });
    const { data } = await page(`/payment-success?order=${trial.order}`);
    expect(data.order).toMatchObject({
      status: "paid",
      total: 0,
      planCost: 499,
      trialEndsAt: trial.trialEndsAt,
    });
    expect(data.order?.transactionId).toBeUndefined();
    expect(upstream.calls(p("purchase/transaction-id/"))).toHaveLength(0);
  });
});

describe("GET /payment-status", () => {
  async function status(path: string) {
    const response = (await paymentStatusLoader(loaderArgs(path))) as Response;
    return {
      status: response.status,
      cache: response.headers.get("Cache-Control"),
      body: (await response.json()) as { order: { status: string } | null },
    };
  }

  it("answers a pending order as it stands now, privately", async () => {
    const order = newOrder();
    upstream.orders.payLater(order, 1);
    const answer = await status(`/payment-status?order=${order}`);
    expect(answer).toMatchObject({ status: 200, cache: "private, no-store" });
    expect(answer.body.order?.status).toBe("paid");
  });

  it("answers by hash too", async () => {
    const answer = await status(`/payment-status?hash=${orderHash(FAILED)}`);
    expect(answer.body.order?.status).toBe("failed");
  });

  it.each([
    ["/payment-status", 400],
    ["/payment-status?order=102-000000000000-00000000", 404],
    ["/payment-status?hash=nope", 404],
  ])("%s → %i", async (path, code) => {
    const answer = await status(path);
    expect(answer).toMatchObject({
      status: code,
      cache: "private, no-store",
      body: { order: null },
    });
  });
});
