import { describe, expect, it } from "vitest";
import {
  CATALOGUE,
  DEMO_PLANS,
  DURATION_TEXT,
  applyBonusCode,
  planById,
  type DemoPlan,
} from "../../../mocks/sales/catalogue";
import { ORDER_ID, SandboxOrders, maskEmail } from "../../../mocks/sales/orders";
import { BONUS_CODE_ERRORS, BONUS_CODE_PATTERN } from "~/upstream/sales.schemas";
import { setupSandboxUpstream, upstreamUrl } from "../support/remix";

const upstream = setupSandboxUpstream();

describe("the demo price catalogue (SPEC §1, §3)", () => {
  it("gives every plan a duration text `{n} day|week|month|year`", () => {
    for (const plan of DEMO_PLANS)
      expect(plan.description).toMatch(/^\d+ (day|week|month|year)s?$/);
  });

  it("has unique positive integer ids and whole-cent prices", () => {
    const ids = DEMO_PLANS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const plan of DEMO_PLANS) {
      expect(Number.isSafeInteger(plan.id) && plan.id > 0).toBe(true);
      expect(Number.isSafeInteger(plan.cost) && plan.cost > 0).toBe(true);
    }
  });

  it("says lifetime as 100 years and nothing else does", () => {
    for (const plan of DEMO_PLANS) {
      expect(plan.info.type === "lifetime").toBe(plan.description === "100 years");
      if (plan.info.type === "lifetime") expect(plan.info.count).toBe(1);
    }
  });

  it("keeps info in step with the description (or weekly billing for 7 days)", () => {
    for (const plan of DEMO_PLANS.filter((p) => p.info.type !== "lifetime")) {
      const [n, unit] = plan.description.split(" ") as [string, string];
      if (plan.key === "7 DAYS") {
        expect(plan.info).toEqual({ type: "week", count: 1 });
      } else {
        expect(plan.info).toEqual({ type: unit.replace(/s$/, ""), count: Number(n) });
      }
      expect(plan.description).toMatch(DURATION_TEXT);
    }
  });

  const find = (match: Partial<DemoPlan>) =>
    DEMO_PLANS.filter((plan) =>
      Object.entries(match).every(([k, v]) => plan[k as keyof DemoPlan] === v),
    );

  it.each([
    ["1 MONTH", "1 month"],
    ["1 YEAR", "1 year"],
    ["3 YEARS", "3 years"],
    ["LIFETIME", "100 years"],
    ["2 MONTHS", "2 months"],
    ["3 MONTHS", "3 months"],
    ["6 MONTHS", "6 months"],
    ["7 DAYS", "7 days"],
    ["1 MONTH TRIAL", "1 month"],
    ["1 YEAR TRIAL", "1 year"],
  ])("sells the personal plan %s (%s)", (key, description) => {
    const [plan, ...more] = find({ product: "personal", key });
    expect(more).toEqual([]);
    expect(plan?.description).toBe(description);
    expect(plan?.trialDays).toBe(key.endsWith("TRIAL") ? 7 : undefined);
  });

  it("sells every add-on of SPEC §1", () => {
    const periods = (product: string) =>
      DEMO_PLANS.filter((p) => p.product === product).map((p) => p.description);
    expect(find({ product: "family" }).map((p) => [p.description, p.members])).toEqual([
      ["1 month", 6],
      ["1 year", 6],
      ["100 years", 6],
    ]);
    expect(find({ product: "team" }).map((p) => [p.description, p.users])).toEqual([
      ["100 years", 5],
      ["100 years", 10],
      ["100 years", 20],
    ]);
    expect(find({ product: "vpn-devices" }).map((p) => `${p.devices} ${p.description}`)).toEqual([
      "1 1 month",
      "5 1 month",
      "10 1 month",
      "1 1 year",
      "5 1 year",
      "10 1 year",
      "5 100 years",
    ]);
    expect(find({ product: "vpn-server" }).map((p) => `${p.traffic} ${p.description}`)).toEqual([
      "unlimited 1 month",
      "1 1 month",
      "2 1 month",
      "3 1 month",
      "unlimited 1 year",
      "1 1 year",
      "2 1 year",
      "3 1 year",
    ]);
    expect(periods("static-ip")).toEqual(["1 month", "1 year"]);
  });

  it("makes longer personal periods cheaper per month", () => {
    const perMonth = (key: string) => {
      const plan = find({ product: "personal", key })[0];
      if (!plan) throw new Error(key);
      const months = plan.info.type === "year" ? plan.info.count * 12 : plan.info.count;
      return plan.cost / months;
    };
    const keys = ["1 MONTH", "2 MONTHS", "3 MONTHS", "6 MONTHS", "1 YEAR", "3 YEARS"];
    const prices = keys.map(perMonth);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
  });

  it("has demo bonus codes for a discount and each error key of SPEC §8", () => {
    const plan = planById(102);
    if (!plan) throw new Error("plan 102");
    // As bought by the active demo account, whose own referral code is refused to it.
    const buyer = ["active@keynest.example"];
    const answers = CATALOGUE.bonusCodes.map((c) => applyBonusCode(c.code, plan, buyer));
    expect(answers).toContainEqual(expect.objectContaining({ ok: true }));
    for (const error of BONUS_CODE_ERRORS) expect(answers).toContainEqual({ ok: false, error });
    for (const { code } of CATALOGUE.bonusCodes) expect(code).toMatch(BONUS_CODE_PATTERN);
  });
});

describe("sandbox orders", () => {
  it("names the plan and a hash of the buyer, never the e-mail", () => {
    const orders = new SandboxOrders();
    const plan = planById(101);
    if (!plan) throw new Error("plan 101");
    const { order } = orders.create({
      plan,
      buyer: "dana@example.com",
      email: maskEmail("dana@example.com"),
      method: "card",
    });
    expect(order).toMatch(ORDER_ID);
    expect(order.startsWith("101-")).toBe(true);
    expect(order).not.toContain("dana");
    expect(orders.get(order)).toMatchObject({ status: "pending", email: "d***@example.com" });
    orders.reset();
    expect(orders.get(order)).toBeUndefined();
  });

  it("never settles the standing orders", () => {
    const orders = new SandboxOrders();
    const pending = CATALOGUE.orders.find((o) => o.status === "pending")?.order ?? "";
    orders.settle(pending, "paid");
    expect(orders.get(pending)?.status).toBe("pending");
  });
});

/** A raw request to the sandbox, as a real upstream client (or an attacker) could send it. */
async function send(method: string, path: string, body?: string, headers: HeadersInit = {}) {
  const response = await fetch(upstreamUrl(`/orbitshield${path}`), {
    method,
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

describe("the sandbox's sales endpoints are strict about input", () => {
  it.each([
    ["no body", undefined],
    ["invalid JSON", "{list:"],
    ["an array", "[101]"],
    ["no list", "{}"],
    ["a list of strings", '{"list":["101"]}'],
    ["a zero id", '{"list":[0]}'],
    ["a float id", '{"list":[101.5]}'],
    ["a null id", '{"list":[null]}'],
    ["a huge id", '{"list":[1e300]}'],
    ["a list that is an object", '{"list":{"0":101}}'],
  ])("price-list answers 400 to %s", async (_case, body) => {
    const { status, json } = await send("POST", "/sales/price-list/", body);
    expect(status).toBe(400);
    expect(json).toEqual({ message: "INVALID_LIST" });
    expect(upstream.recorder.all()).toEqual([]);
  });

  it("price-list answers 400 to 51 ids and 413 to a huge body", async () => {
    const many = JSON.stringify({ list: Array.from({ length: 51 }, (_, i) => i + 1) });
    expect(await send("POST", "/sales/price-list/", many)).toEqual({
      status: 400,
      json: { message: "TOO_MANY_IDS" },
    });
    const huge = JSON.stringify({ list: [101], pad: "x".repeat(20_000) });
    expect((await send("POST", "/sales/price-list/", huge)).status).toBe(413);
  });

  it.each([
    ["/sales/price/abc/", 400, "INVALID_ID"],
    ["/sales/price/0101/", 400, "INVALID_ID"],
    ["/sales/price/-1/", 400, "INVALID_ID"],
    ["/sales/price/12345678901/", 400, "INVALID_ID"],
    ["/sales/price/998/", 404, "PRICE_NOT_FOUND"],
    ["/purchase/success-info/", 400, "INVALID_ORDER"],
    ["/purchase/success-info/?order=../x", 400, "INVALID_ORDER"],
  ])("GET %s answers %i %s", async (path, status, message) => {
    expect(await send("GET", path)).toEqual({ status, json: { message } });
  });

  it.each([
    ["/sales/price-service/", '{"service":"vpnserver"}', 400, "UNKNOWN_SERVICE"],
    ["/sales/price-service/", '{"service":["VPNSERVER"]}', 400, "UNKNOWN_SERVICE"],
    ["/sales/check-new-bonus-code/", '{"code":"WELCOME20"}', 400, "BAD_REQUEST"],
    ["/sales/check-new-bonus-code/", '{"code":20,"id":101}', 400, "BAD_REQUEST"],
    ["/sales/check-new-bonus-code/", '{"code":"WELCOME20","id":"101"}', 400, "BAD_REQUEST"],
    [
      "/sales/check-new-bonus-code/",
      JSON.stringify({ code: "A".repeat(65), id: 101 }),
      400,
      "BAD_NEW_BONUS_CODE",
    ],
    ["/sales/check-new-bonus-code/", '{"code":"","id":101}', 400, "BAD_NEW_BONUS_CODE"],
    ["/sales/check-new-bonus-code/", '{"code":"WELCOME20","id":998}', 404, "PRICE_NOT_FOUND"],
    ["/sales/check-payment-status/", '{"order":42}', 400, "INVALID_ORDER"],
    ["/sales/check-payment-status/", '{"order":"1-2-3"}', 400, "INVALID_ORDER"],
    ["/purchase/url-with-email/", "[]", 400, "BAD_REQUEST"],
    ["/purchase/url-with-email/", '{"id":101,"method":"card"}', 400, "INVALID_EMAIL"],
    [
      "/purchase/url-with-email/",
      '{"id":101,"email":"a@b.example","method":"gold"}',
      400,
      "UNKNOWN_PAYMENT_METHOD",
    ],
    [
      "/purchase/url-with-email/",
      '{"id":"101","email":"a@b.example","method":"card"}',
      400,
      "INVALID_ID",
    ],
    [
      "/purchase/url-with-email/",
      '{"id":101,"email":"a@b.example","method":"card","receiveMarketingEmails":"yes"}',
      400,
      "BAD_REQUEST",
    ],
    [
      "/purchase/url-with-email/",
      '{"id":101,"email":"a@b.example","method":"card","lang":"xx"}',
      400,
      "BAD_REQUEST",
    ],
  ])("POST %s %s answers %i %s", async (path, body, status, message) => {
    expect(await send("POST", path, body)).toEqual({ status, json: { message } });
  });

  it("records the purchase posts it accepts, and nothing for refused ones", async () => {
    await send("POST", "/purchase/url-with-email/", '{"id":101,"method":"card"}');
    expect(upstream.recorder.all("purchase.url-with-email")).toEqual([]);
    const body = { id: 101, email: "a@b.example", method: "card" };
    const { status } = await send("POST", "/purchase/url-with-email/", JSON.stringify(body));
    expect(status).toBe(200);
    expect(upstream.recorder.all("purchase.url-with-email").map((r) => r.body)).toEqual([body]);
  });
});
