import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import { UpstreamError } from "~/upstream/errors";
import { getTransactionId } from "~/upstream/purchase.server";
import {
  getPurchaseDetailByHash,
  getRedeemCode,
  normalizeRedeemCode,
  redeemGift,
  redeemPurchaseCode,
  startTrial,
} from "~/upstream/outcome.server";
import { orderHash } from "../../../mocks/sales/orders";
import { setupSandboxUpstream, upstreamUrl } from "../support/remix";

const upstream = setupSandboxUpstream();
const p = (path: string) => `/${getConfig().brand.provider}/${path}`;

const PAID = "102-0a1b2c3d4e5f-00000001";
const PENDING = "102-0a1b2c3d4e5f-00000002";

describe("purchase-detail-by-hash/", () => {
  it("answers the order an e-mailed link names", async () => {
    const detail = await getPurchaseDetailByHash(orderHash(PAID));
    expect(detail).toMatchObject({
      order: PAID,
      status: "paid",
      plan: { id: 102, description: "1 year" },
      total: 3588,
      currency: "USD",
      transactionId: "SBX-00000001",
    });
    expect(upstream.calls(p("purchase-detail-by-hash/"))[0]?.query).toEqual({
      hash: orderHash(PAID),
    });
  });

  it("answers null for a hash the service does not know", async () => {
    expect(await getPurchaseDetailByHash("0123456789abcdef0123456789abcdef")).toBeNull();
  });

  it.each(["", "short", "x".repeat(129), "abc/def/ghi/jkl/mno", "<script>alert(1)</script>"])(
    "refuses the hash %j without a call",
    async (hash) => {
      await expect(getPurchaseDetailByHash(hash)).rejects.toMatchObject({ statusCode: 400 });
      expect(upstream.calls()).toHaveLength(0);
    },
  );

  it("rejects when the service fails (the page then says not found)", async () => {
    upstream.server.use(
      http.get(upstreamUrl(p("purchase-detail-by-hash/")), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    await expect(getPurchaseDetailByHash(orderHash(PAID))).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe("purchase/transaction-id/", () => {
  it("answers a paid order's transaction id", async () => {
    expect(await getTransactionId(PAID)).toMatchObject({ transactionId: "SBX-00000001" });
  });

  it("rejects for an order that has none, and refuses a malformed id without a call", async () => {
    // A pending order has the id it will be charged under; a failed one was charged under nothing.
    await expect(getTransactionId(PENDING)).resolves.toMatchObject({
      transactionId: "SBX-00000002",
    });
    await expect(getTransactionId("101-0a1b2c3d4e5f-00000003")).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(getTransactionId("../x")).rejects.toMatchObject({ statusCode: 400 });
    expect(upstream.calls(p("purchase/transaction-id/"))).toHaveLength(2);
  });
});

describe("sales/trial-accrual/", () => {
  it("starts a trial for a lowercased e-mail, with consent and language", async () => {
    const trial = await startTrial({
      planId: 109,
      email: " Trial.User@Example.com ",
      receiveMarketingEmails: false,
      lang: "de",
    });
    expect(trial.order).toMatch(/^109-[0-9a-f]{12}-[0-9a-f]{8}$/);
    expect(trial.trialEndsAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(upstream.recorder.all("sales.trial-accrual").map((r) => r.body)).toEqual([
      { id: 109, email: "trial.user@example.com", receiveMarketingEmails: false, lang: "de" },
    ]);
    expect(upstream.orders.get(trial.order)).toMatchObject({ status: "paid", total: 0 });
  });

  it("is refused for a plan without a trial", async () => {
    await expect(
      startTrial({ planId: 102, email: "a@example.com", receiveMarketingEmails: true }),
    ).rejects.toMatchObject({ statusCode: 400, code: "NO_TRIAL" });
  });

  it.each([[{ planId: 0, email: "a@example.com" }], [{ planId: 109, email: "not-an-email" }]])(
    "refuses %j without a call",
    async (input) => {
      await expect(startTrial({ ...input, receiveMarketingEmails: true })).rejects.toMatchObject({
        statusCode: 400,
      });
      expect(upstream.calls()).toHaveLength(0);
    },
  );
});

describe("redeem calls", () => {
  it.each([
    [" gift-year-2026 ", "GIFT-YEAR-2026"],
    ["REDEEM-3MONTHS", "REDEEM-3MONTHS"],
    ["abc", null],
    ["GIFT YEAR", null],
    ["x".repeat(65), null],
    [42, null],
  ])("normalizeRedeemCode(%j) = %j", (code, expected) => {
    expect(normalizeRedeemCode(code)).toBe(expected);
  });

  it("redeem-code/ tells what a code gives", async () => {
    expect(await getRedeemCode("gift-year-2026")).toMatchObject({
      ok: true,
      code: "GIFT-YEAR-2026",
      kind: "gift",
      plan: { id: 102, description: "1 year" },
      expiresAt: "2030-12-31",
    });
    expect(await getRedeemCode("REDEEM-3MONTHS")).toMatchObject({ ok: true, kind: "code" });
    expect(upstream.calls(p("sales/redeem-code/")).map((c) => c.query.code)).toEqual([
      "GIFT-YEAR-2026",
      "REDEEM-3MONTHS",
    ]);
  });

  it.each([
    ["NOPE-0000", "INVALID_REDEEM_CODE"],
    ["GIFT-USED-0001", "REDEEM_CODE_USED"],
    ["GIFT-EXPIRED-01", "REDEEM_CODE_EXPIRED"],
  ])("redeem-code/ refuses %s: %s", async (code, error) => {
    expect(await getRedeemCode(code)).toEqual({ ok: false, error });
  });

  it("a code of the wrong shape is invalid without a call", async () => {
    expect(await getRedeemCode("no!")).toEqual({ ok: false, error: "INVALID_REDEEM_CODE" });
    expect(upstream.calls()).toHaveLength(0);
  });

  it("maps the SPEC §8 code keys, and rethrows a failing service", async () => {
    upstream.server.use(
      http.get(upstreamUrl(p("sales/redeem-code/")), () =>
        HttpResponse.json({ message: "BAD_NEW_BONUS_CODE" }, { status: 400 }),
      ),
    );
    expect(await getRedeemCode("ABCD-1234")).toEqual({ ok: false, error: "BAD_NEW_BONUS_CODE" });
    upstream.server.use(
      http.get(upstreamUrl(p("sales/redeem-code/")), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    await expect(getRedeemCode("ABCD-1234")).rejects.toBeInstanceOf(UpstreamError);
  });

  it("redeem-gift/ applies a gift to an account", async () => {
    const done = await redeemGift({ code: "gift-year-2026", email: "Mia@Example.com", lang: "fr" });
    expect(done).toMatchObject({ ok: true, code: "GIFT-YEAR-2026", email: "m***@example.com" });
    expect(upstream.recorder.all("sales.redeem-gift").map((r) => r.body)).toEqual([
      { code: "GIFT-YEAR-2026", email: "mia@example.com", lang: "fr" },
    ]);
  });

  it("purchase/redeem/ applies a redeem code, and refuses a gift", async () => {
    expect(
      await redeemPurchaseCode({ code: "REDEEM-3MONTHS", email: "mia@example.com" }),
    ).toMatchObject({ ok: true, plan: { description: "3 months" } });
    expect(await redeemPurchaseCode({ code: "GIFT-YEAR-2026", email: "mia@example.com" })).toEqual({
      ok: false,
      error: "INVALID_REDEEM_CODE",
    });
    expect(await redeemGift({ code: "GIFT-USED-0001", email: "mia@example.com" })).toEqual({
      ok: false,
      error: "REDEEM_CODE_USED",
    });
    expect(upstream.recorder.all("purchase.redeem")).toHaveLength(1);
  });

  it("refuses a malformed e-mail without a call", async () => {
    await expect(redeemGift({ code: "GIFT-YEAR-2026", email: "mia@" })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(upstream.calls()).toHaveLength(0);
  });
});
