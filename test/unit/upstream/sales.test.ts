import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { UpstreamError } from "~/upstream/errors";
import { getPurchaseUrlWithEmail, getSuccessInfo } from "~/upstream/purchase.server";
import { getGeoIp } from "~/upstream/provider.server";
import {
  checkBonusCode,
  checkPaymentStatus,
  getComments,
  getPrice,
  getPriceList,
  getServicePrices,
} from "~/upstream/sales.server";
import { getGeoLocations, getServerLocations } from "~/upstream/vpn.server";
import { LANG_CODES } from "~/i18n/languages";
import { setupSandboxUpstream, upstreamUrl } from "../support/remix";

const upstream = setupSandboxUpstream();
const SALES = "/orbitshield/sales";
const PURCHASE = "/orbitshield/purchase";

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

/** The order id in a sandbox payment URL. */
function orderOf(url: string): string {
  const order = new URL(url, "https://site.test").searchParams.get("order");
  expect(order).toBeTruthy();
  return order ?? "";
}

describe("getPriceList (POST sales/price-list/)", () => {
  it("answers the plans of the ids, with cost in cents, duration text and period", async () => {
    const plans = await getPriceList([102, 101, 104, 108]);
    expect(plans).toEqual([
      {
        id: 101,
        key: "1 MONTH",
        product: "personal",
        cost: 499,
        description: "1 month",
        info: { type: "month", count: 1 },
      },
      {
        id: 102,
        key: "1 YEAR",
        product: "personal",
        cost: 3588,
        description: "1 year",
        info: { type: "year", count: 1 },
      },
      {
        id: 104,
        key: "LIFETIME",
        product: "personal",
        cost: 14900,
        description: "100 years",
        info: { type: "lifetime", count: 1 },
      },
      {
        id: 108,
        key: "7 DAYS",
        product: "personal",
        cost: 199,
        description: "7 days",
        info: { type: "week", count: 1 },
      },
    ]);
  });

  it("sends the sorted, de-duplicated ids as {list} and leaves unknown ids out", async () => {
    const plans = await getPriceList([203, 999_999, 109, 203]);
    expect(plans.map((p) => p.id)).toEqual([109, 203]);
    expect(plans[0]).toMatchObject({ trialDays: 7, description: "1 month" });
    expect(plans[1]).toMatchObject({ members: 6, info: { type: "lifetime", count: 1 } });
    expect(upstream.recorder.all("sales.price-list").map((r) => r.body)).toEqual([
      { list: [109, 203, 999_999] },
    ]);
    const [call] = upstream.calls(`${SALES}/price-list/`);
    expect(call).toMatchObject({ method: "POST", query: {} });
  });

  it("caches the answer by the sorted id list (same ids in any order: one call)", async () => {
    await getPriceList([101, 102]);
    await getPriceList([102, 101, 101]);
    expect(upstream.calls(`${SALES}/price-list/`)).toHaveLength(1);
    await getPriceList([101, 103]);
    expect(upstream.calls(`${SALES}/price-list/`)).toHaveLength(2);
  });

  it("answers [] for no ids without calling", async () => {
    await expect(getPriceList([])).resolves.toEqual([]);
    expect(upstream.calls()).toEqual([]);
  });

  it.each([
    ["zero", [0]],
    ["negative", [-5]],
    ["fraction", [1.5]],
    ["NaN", [Number.NaN]],
    ["too large", [1e12]],
    ["a string", ["101" as unknown as number]],
    ["51 ids", Array.from({ length: 51 }, (_, i) => i + 1)],
  ])("refuses %s without calling", async (_case, ids) => {
    const error = await failure(getPriceList(ids));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe("INVALID_INPUT");
    expect(upstream.calls()).toEqual([]);
  });

  it("takes 50 ids in one call", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => 101 + i);
    const plans = await getPriceList(ids);
    // The sandbox prices Personal (101–110), Secure Duo (111–113) and MonoDefense (114–116).
    expect(plans.map((p) => p.id)).toEqual(ids.filter((id) => id <= 116));
  });

  it("drops plans the upstream sends that were not asked for", async () => {
    upstream.server.use(
      http.post(upstreamUrl(`${SALES}/price-list/`), () =>
        HttpResponse.json([
          { id: 101, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
          { id: 7, cost: 1, description: "1 month", info: { type: "month", count: 1 } },
          { id: 101, cost: 1, description: "1 month", info: { type: "month", count: 1 } },
        ]),
      ),
    );
    const plans = await getPriceList([101]);
    expect(plans).toEqual([
      { id: 101, cost: 499, description: "1 month", info: { type: "month", count: 1 } },
    ]);
  });

  it.each([
    ["a 500", () => HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }), 500],
    ["invalid JSON", () => new HttpResponse("{not json", { status: 200 }), 502],
    ["a missing cost", () => HttpResponse.json([{ id: 101, description: "1 month" }]), 502],
    ["a fractional cost", () => HttpResponse.json([{ id: 101, cost: 4.99 }]), 502],
    ["an object", () => HttpResponse.json({ plans: [] }), 502],
  ])("rejects %s with a typed UpstreamError", async (_case, reply, status) => {
    upstream.server.use(http.post(upstreamUrl(`${SALES}/price-list/`), reply));
    const error = await failure(getPriceList([101]));
    expect(error.statusCode).toBe(status);
  });
});

describe("prices and services", () => {
  it("getPrice answers one plan, null for an unknown id", async () => {
    await expect(getPrice(202)).resolves.toEqual({
      id: 202,
      key: "FAMILY 1 YEAR",
      product: "family",
      cost: 5988,
      description: "1 year",
      info: { type: "year", count: 1 },
      members: 6,
    });
    await expect(getPrice(999)).resolves.toBeNull();
    expect(upstream.calls().map((c) => c.path)).toEqual([
      `${SALES}/price/202/`,
      `${SALES}/price/999/`,
    ]);
  });

  it("getPrice refuses a bad id without calling", async () => {
    expect((await failure(getPrice(-1))).code).toBe("INVALID_INPUT");
    expect(upstream.calls()).toEqual([]);
  });

  it("getServicePrices(VPNSERVER) answers the personal server and static IP plans", async () => {
    const { service, plans } = await getServicePrices();
    expect(service).toBe("VPNSERVER");
    expect(plans.map((p) => p.id)).toEqual([501, 502, 503, 504, 505, 506, 507, 508, 601, 602]);
    expect(plans.find((p) => p.id === 501)).toMatchObject({ traffic: "unlimited", cost: 2999 });
    expect(plans.find((p) => p.id === 507)).toMatchObject({ traffic: 2, cost: 14388 });
    expect(upstream.recorder.all("sales.price-service").map((r) => r.body)).toEqual([
      { service: "VPNSERVER" },
    ]);
    await getServicePrices("VPNSERVER");
    expect(upstream.calls(`${SALES}/price-service/`)).toHaveLength(1);
  });

  it("getServicePrices(VPNDEVICES) answers the device slots, 5 of them for lifetime", async () => {
    const { plans } = await getServicePrices("VPNDEVICES");
    expect(plans.map((p) => [p.devices, p.description])).toEqual([
      [1, "1 month"],
      [5, "1 month"],
      [10, "1 month"],
      [1, "1 year"],
      [5, "1 year"],
      [10, "1 year"],
      [5, "100 years"],
    ]);
  });
});

describe("checkBonusCode (POST sales/check-new-bonus-code/)", () => {
  it("applies the valid demo code WELCOME20 (any case)", async () => {
    await expect(checkBonusCode({ code: " welcome20 ", planId: 102 })).resolves.toEqual({
      ok: true,
      code: "WELCOME20",
      id: 102,
      percent: 20,
      cost: 3588,
      discount: 718,
      total: 2870,
      currency: "USD",
    });
    expect(upstream.recorder.all("sales.check-new-bonus-code").map((r) => r.body)).toEqual([
      { code: "welcome20", id: 102 },
    ]);
  });

  it.each([
    ["SUMMER2024", 102, "BAD_NEW_BONUS_CODE"],
    ["NOSUCHCODE", 102, "BAD_NEW_BONUS_CODE"],
    ["ZERO100", 104, "INVALID_AMOUNT_NEW_BONUS_CODE"],
    ["TEAM25", 101, "INVALID_AMOUNT_NEW_BONUS_CODE"],
  ])("answers %s on plan %i with %s", async (code, planId, error) => {
    await expect(checkBonusCode({ code, planId })).resolves.toEqual({ ok: false, error });
    expect(upstream.calls(`${SALES}/check-new-bonus-code/`)).toHaveLength(1);
  });

  it("MYREFERRAL: 10% off for anyone but its own account, signed in or by its e-mail", async () => {
    await expect(checkBonusCode({ code: "MYREFERRAL", planId: 102 })).resolves.toMatchObject({
      ok: true,
      percent: 10,
    });
    const own = { ok: false, error: "USE_NEW_BONUS_CODE_ON_OWN_ACC" };
    await expect(
      checkBonusCode({ code: "MYREFERRAL", planId: 102, email: "active@keynest.example" }),
    ).resolves.toEqual(own);
    await expect(
      checkBonusCode({ code: "MYREFERRAL", planId: 102 }, { authToken: "sandbox-monthly" }),
    ).resolves.toEqual(own);
    const [, , signedIn] = upstream.calls(`${SALES}/check-new-bonus-code/`);
    expect(signedIn?.headers.get("X-Auth-Token")).toBe("sandbox-monthly");
  });

  it("applies TEAM25 to a team plan", async () => {
    await expect(checkBonusCode({ code: "TEAM25", planId: 302 })).resolves.toMatchObject({
      ok: true,
      cost: 89900,
      discount: 22475,
      total: 67425,
    });
  });

  it.each([
    ["empty", ""],
    ["over 64 characters", "A".repeat(65)],
    ["scripted", "<script>alert(1)</script>"],
    ["with spaces inside", "WELCOME 20"],
  ])("answers BAD_NEW_BONUS_CODE for a code %s without calling", async (_case, code) => {
    await expect(checkBonusCode({ code, planId: 102 })).resolves.toEqual({
      ok: false,
      error: "BAD_NEW_BONUS_CODE",
    });
    expect(upstream.calls()).toEqual([]);
  });

  it("passes the visitor's tokens and never caches", async () => {
    await checkBonusCode({ code: "WELCOME20", planId: 101 }, { authToken: "tok" });
    await checkBonusCode({ code: "WELCOME20", planId: 101 }, { authToken: "tok" });
    const calls = upstream.calls(`${SALES}/check-new-bonus-code/`);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.get("X-Auth-Token")).toBe("tok");
  });

  it("rethrows other failures as UpstreamError", async () => {
    upstream.server.use(
      http.post(upstreamUrl(`${SALES}/check-new-bonus-code/`), () =>
        HttpResponse.json({ message: "TOO_MANY_REQUESTS" }, { status: 429 }),
      ),
    );
    const error = await failure(checkBonusCode({ code: "WELCOME20", planId: 101 }));
    expect(error).toMatchObject({ statusCode: 429, code: "TOO_MANY_REQUESTS" });
  });

  it("refuses a bad plan id or e-mail without calling", async () => {
    await failure(checkBonusCode({ code: "WELCOME20", planId: 0 }));
    await failure(checkBonusCode({ code: "WELCOME20", planId: 101, email: "not-an-email" }));
    expect(upstream.calls()).toEqual([]);
  });
});

describe("comments and locations", () => {
  it("getComments answers testimonials with the brand filled in, per language", async () => {
    const en = await getComments("en");
    expect(en.comments.length).toBeGreaterThanOrEqual(3);
    expect(en.comments[0]?.text).toContain("KeyNest");
    const de = await getComments("de");
    expect(de.comments[0]?.text).toMatch(/^Ich habe/);
    const fr = await getComments("fr");
    expect(fr.comments[0]?.text).toMatch(/^J’ai importé/);
  });

  it("every language has testimonials of its own, none of them English", async () => {
    const english = new Set((await getComments("en")).comments.map((comment) => comment.text));
    const ids = new Set<string | number>();
    for (const lang of LANG_CODES) {
      const { comments } = await getComments(lang);
      expect(comments.length, lang).toBeGreaterThanOrEqual(3);
      for (const comment of comments) {
        expect(ids.has(comment.id), `${lang} ${comment.id}`).toBe(false);
        ids.add(comment.id);
        expect(comment.text).not.toMatch(/\{\w+\}/);
        if (lang !== "en") expect(english.has(comment.text), comment.text).toBe(false);
      }
    }
  });

  it("a language the service has no testimonials in gets the English ones", async () => {
    const answer = await fetch(upstreamUrl(`${SALES}/comments/?lang=fa`));
    const { comments } = (await answer.json()) as { comments: { text: string }[] };
    expect(comments).toEqual((await getComments("en")).comments);
  });

  it("getServerLocations and getGeoLocations answer a handful of places", async () => {
    const servers = await getServerLocations();
    expect(servers.locations).toContainEqual({
      id: "de-fra",
      country: "DE",
      city: "Frankfurt",
      name: "Germany, Frankfurt",
    });
    const geo = await getGeoLocations();
    expect(geo.locations).toContainEqual({ code: "US", name: "United States", region: "NA" });
  });

  it("getGeoIp answers the visitor's country and region, uncached", async () => {
    await expect(getGeoIp("203.0.113.7")).resolves.toEqual({
      country: "DE",
      region: "EU",
      ip: "203.0.113.7",
    });
    await getGeoIp("203.0.113.7");
    const calls = upstream.calls("/orbitshield/geo-ip/");
    expect(calls).toHaveLength(2);
    expect(calls[0]?.query).toEqual({ ip: "203.0.113.7" });
    expect((await failure(getGeoIp("1.2.3.4; rm"))).code).toBe("INVALID_INPUT");
  });

  it("rejects a geo-ip answer without a country", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/geo-ip/"), () => HttpResponse.json({ region: "EU" })),
    );
    expect((await failure(getGeoIp())).code).toBe("INVALID_RESPONSE");
  });
});

describe("purchase (POST url-with-email/, GET success-info/)", () => {
  it("getPurchaseUrlWithEmail answers the sandbox payment page of a new pending order", async () => {
    const { url, order } = await getPurchaseUrlWithEmail({
      planId: 102,
      email: " Dana@Example.COM ",
      method: "card",
      code: "WELCOME20",
      lang: "de",
    });
    expect(url).toMatch(/^\/sandbox\/pay\?order=102-[0-9a-f]{12}-[0-9a-f]{8}$/);
    expect(orderOf(url)).toBe(order);
    expect(url).not.toContain("dana");
    expect(upstream.recorder.all("purchase.url-with-email").map((r) => r.body)).toEqual([
      {
        id: 102,
        email: "dana@example.com",
        method: "card",
        // Nobody asked: no consent is sent for the buyer.
        receiveMarketingEmails: false,
        code: "WELCOME20",
        lang: "de",
      },
    ]);
    await expect(checkPaymentStatus(orderOf(url))).resolves.toEqual({
      order: orderOf(url),
      status: "pending",
    });
  });

  it("the same buyer's orders share the e-mail hash, another buyer's do not", async () => {
    const buy = (email: string) =>
      getPurchaseUrlWithEmail({ planId: 101, email, method: "paypal" }).then((u) => orderOf(u.url));
    const [a, b, c] = await Promise.all([
      buy("dana@example.com"),
      buy("DANA@example.com"),
      buy("lee@example.com"),
    ]);
    expect(a.split("-")[1]).toBe(b.split("-")[1]);
    expect(a).not.toBe(b);
    expect(c.split("-")[1]).not.toBe(a.split("-")[1]);
  });

  it.each([
    ["an unknown payment method", { method: "cash" as "card" }],
    ["an invalid e-mail", { email: "dana@" }],
    ["an over-long e-mail", { email: `${"a".repeat(250)}@example.com` }],
    ["a scripted code", { code: "<b>x</b>" }],
    ["a bad plan id", { planId: -102 }],
  ])("refuses %s without calling", async (_case, change) => {
    const error = await failure(
      getPurchaseUrlWithEmail({
        planId: 102,
        email: "dana@example.com",
        method: "card",
        ...change,
      }),
    );
    expect(error.code).toBe("INVALID_INPUT");
    expect(upstream.calls()).toEqual([]);
  });

  it("passes on the upstream's answer for an unknown plan and a refused code", async () => {
    const request = { email: "dana@example.com", method: "card" } as const;
    const unknown = await failure(getPurchaseUrlWithEmail({ ...request, planId: 999 }));
    expect(unknown).toMatchObject({ statusCode: 404, code: "PRICE_NOT_FOUND" });
    const refused = await failure(
      getPurchaseUrlWithEmail({ ...request, planId: 101, code: "SUMMER2024" }),
    );
    expect(refused).toMatchObject({ statusCode: 400, code: "BAD_NEW_BONUS_CODE" });
    expect(upstream.recorder.all("purchase.url-with-email")).toEqual([]);
  });

  it("refuses a payment URL that is neither http(s) nor a site path", async () => {
    for (const url of ["javascript:alert(1)", "//evil.example/pay", "/\\evil.example"]) {
      upstream.server.use(
        http.post(upstreamUrl(`${PURCHASE}/url-with-email/`), () => HttpResponse.json({ url })),
      );
      const error = await failure(
        getPurchaseUrlWithEmail({ planId: 101, email: "dana@example.com", method: "card" }),
      );
      expect(error.code).toBe("INVALID_RESPONSE");
    }
  });
});

describe("payment outcomes (check-payment-status, success-info)", () => {
  const PAID = "102-0a1b2c3d4e5f-00000001";
  const PENDING = "102-0a1b2c3d4e5f-00000002";
  const FAILED = "101-0a1b2c3d4e5f-00000003";

  it.each([
    [PAID, "paid"],
    [PENDING, "pending"],
    [FAILED, "failed"],
  ])("the standing order %s is %s", async (order, status) => {
    await expect(checkPaymentStatus(order)).resolves.toEqual({ order, status });
    await expect(getSuccessInfo(order)).resolves.toMatchObject({ order, status });
  });

  it("success-info of a paid order names the plan, the amounts and a transaction", async () => {
    await expect(getSuccessInfo(PAID)).resolves.toEqual({
      order: PAID,
      status: "paid",
      plan: {
        id: 102,
        key: "1 YEAR",
        product: "personal",
        cost: 3588,
        description: "1 year",
        info: { type: "year", count: 1 },
      },
      method: "card",
      email: "d***@keynest.example",
      cost: 3588,
      discount: 0,
      total: 3588,
      currency: "USD",
      transactionId: "SBX-00000001",
    });
  });

  it("a new order is pending until the payment page settles it", async () => {
    const { url } = await getPurchaseUrlWithEmail({
      planId: 201,
      email: "kim@example.com",
      method: "card",
      code: "WELCOME20",
    });
    const order = orderOf(url);
    await expect(checkPaymentStatus(order)).resolves.toMatchObject({ status: "pending" });
    upstream.orders.settle(order, "paid");
    await expect(checkPaymentStatus(order)).resolves.toMatchObject({ status: "paid" });
    await expect(getSuccessInfo(order)).resolves.toMatchObject({
      status: "paid",
      email: "k***@example.com",
      code: "WELCOME20",
      cost: 799,
      discount: 160,
      total: 639,
      plan: { id: 201, members: 6 },
    });
    upstream.orders.settle(order, "failed");
    await expect(checkPaymentStatus(order)).resolves.toMatchObject({ status: "paid" });
  });

  it("a failed payment stays failed", async () => {
    const { order } = await getPurchaseUrlWithEmail({
      planId: 101,
      email: "kim@example.com",
      method: "card",
    });
    upstream.orders.settle(order ?? "", "failed");
    await expect(checkPaymentStatus(order ?? "")).resolves.toMatchObject({ status: "failed" });
  });

  it("an unknown order is a 404; a malformed one is refused without calling", async () => {
    const unknown = await failure(checkPaymentStatus("102-ffffffffffff-ffffffff"));
    expect(unknown).toMatchObject({ statusCode: 404, code: "ORDER_NOT_FOUND" });
    const missing = await failure(getSuccessInfo("102-ffffffffffff-ffffffff"));
    expect(missing).toMatchObject({ statusCode: 404, code: "ORDER_NOT_FOUND" });
    upstream.recorder.clear();
    const before = upstream.calls().length;
    await failure(checkPaymentStatus("../../etc/passwd"));
    await failure(getSuccessInfo("x".repeat(200)));
    expect(upstream.calls()).toHaveLength(before);
  });

  it("rejects a status the site does not know", async () => {
    upstream.server.use(
      http.post(upstreamUrl(`${SALES}/check-payment-status/`), () =>
        HttpResponse.json({ order: PAID, status: "refunded" }),
      ),
    );
    expect((await failure(checkPaymentStatus(PAID))).code).toBe("INVALID_RESPONSE");
  });
});
