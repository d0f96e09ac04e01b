/**
 * Changing the period or the plan from the checkout (the plan's other periods and the other
 * plans for its period, as buttons of the checkout form): what is offered, that a switch buys nothing and keeps what the buyer typed — carried in
 * a one-time cookie, never in the URL — with or without JS.
 */
import { describe, expect, it } from "vitest";
import { parseCheckoutDraft } from "~/commerce/checkout-draft.server";
import {
  actionArgs,
  loaderArgs,
  returned,
  setCookieValue,
  setupSandboxUpstream,
} from "../support/remix";
import { checkoutAction, checkoutLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

const DRAFT = "kn_draft";

function load(path: string, cookies?: Record<string, string>) {
  return returned(checkoutLoader(loaderArgs(path, { cookies })));
}

function post(path: string, form: Record<string, string>) {
  return returned(checkoutAction(actionArgs(path, { form })));
}

const SWITCH = {
  _form: "checkout",
  website_url: "",
  plan: "102",
  email: "Dana.Miller@Example.com",
  marketing: "on",
  method: "paypal",
};

const purchases = () =>
  upstream.calls().filter((call) => /\/purchase\/|trial-accrual/.test(call.path));

describe("the periods the checkout offers", () => {
  it("a personal plan: every period the pricing page sells it for, shortest first", async () => {
    const { data } = await load("/order/checkout?plan=102");
    expect(data.choices.periods.map((choice) => [choice.id, choice.label])).toEqual([
      [108, { key: "commerce.duration.week", values: { count: 1 } }],
      [101, { key: "commerce.duration.month", values: { count: 1 } }],
      [105, { key: "commerce.duration.month", values: { count: 2 } }],
      [106, { key: "commerce.duration.month", values: { count: 3 } }],
      [107, { key: "commerce.duration.month", values: { count: 6 } }],
      [102, { key: "commerce.duration.year", values: { count: 1 } }],
      [103, { key: "commerce.duration.year", values: { count: 3 } }],
      [104, { key: "commerce.duration.lifetime" }],
    ]);
  });

  it("says how each is billed, in the page's locale", async () => {
    const { data } = await load("/de/order/checkout?plan=102");
    expect(data.choices.periods[0]?.billed).toEqual({
      key: "commerce.billing.weekly",
      values: { price: "1,99\u00a0$" },
    });
  });

  it("a family plan: its own periods, never a personal one", async () => {
    const { data } = await load("/order/checkout?plan=202");
    expect(data.choices.periods.map((choice) => choice.id)).toEqual([201, 202, 203]);
  });

  it("a free trial: the other trial, not the paid plans", async () => {
    const { data } = await load("/order/checkout?plan=109");
    expect(data.choices.periods.map((choice) => choice.id)).toEqual([109, 110]);
  });

  it("a team plan sold for one period only: nothing to switch to", async () => {
    const { data } = await load("/order/checkout?plan=301");
    expect(data.plan?.id).toBe(301);
    expect(data.choices.periods).toEqual([]);
  });
});

describe("the other plans the checkout offers", () => {
  const plans = async (path: string) =>
    (await load(path)).data.choices.plans.map((choice) => [choice.id, choice.label]);

  it("a yearly personal plan: the pricing page's other yearly plans, cheapest first", async () => {
    expect(await plans("/order/checkout?plan=102")).toEqual([
      [202, { key: "commerce.plan.family", values: { count: 6 } }],
      [112, { key: "commerce.tiers.secureDuo.name" }],
      [115, { key: "commerce.tiers.monodefense.name" }],
    ]);
  });

  it("a lifetime plan: the other lifetime plans for a home, never a team's", async () => {
    expect((await plans("/order/checkout?plan=104")).map(([id]) => id)).toEqual([203, 113, 116]);
  });

  it("a team's plan: the other team sizes only", async () => {
    expect(await plans("/order/checkout?plan=301")).toEqual([
      [302, { key: "commerce.plan.team", values: { count: 10 } }],
      [303, { key: "commerce.plan.team", values: { count: 20 } }],
    ]);
  });

  it("a free trial: no paid plan (the pricing page sells no other trial)", async () => {
    expect(await plans("/order/checkout?plan=109")).toEqual([]);
  });

  it("a switch to another plan keeps what was typed, like a period's", async () => {
    const { status, location, headers } = await post("/order/checkout?plan=102", {
      ...SWITCH,
      switch: "202",
    });
    expect(status).toBe(303);
    expect(location).toBe("/order/checkout?plan=202");
    expect(parseCheckoutDraft(setCookieValue(headers, DRAFT))?.email).toBe(
      "Dana.Miller@Example.com",
    );
    expect(purchases()).toEqual([]);
  });
});

describe("switching to another period", () => {
  it("buys nothing and opens that period's checkout, what was typed in a one-time cookie", async () => {
    const { status, location, headers } = await post("/order/checkout?plan=102", {
      ...SWITCH,
      switch: "101",
    });
    expect(status).toBe(303);
    expect(location).toBe("/order/checkout?plan=101");
    expect(location).not.toContain("Dana");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = headers.getSetCookie().find((value) => value.startsWith(`${DRAFT}=`));
    expect(cookie).toMatch(/; Max-Age=300; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(parseCheckoutDraft(setCookieValue(headers, DRAFT))).toEqual({
      email: "Dana.Miller@Example.com",
      marketing: true,
      method: "paypal",
    });
    expect(purchases()).toEqual([]);
  });

  it("keeps the page's language, its place and a bonus code the box applied", async () => {
    const { location } = await post("/de/order/checkout?plan=102&index", {
      ...SWITCH,
      code: "WELCOME10",
      switch: "103",
    });
    expect(location).toBe("/de/order/checkout?plan=103&code=WELCOME10");
  });

  it("asks nothing of the fields: an empty e-mail and no method switch too", async () => {
    const { status, headers } = await post("/order/checkout?plan=102", {
      _form: "checkout",
      website_url: "",
      plan: "102",
      switch: "104",
    });
    expect(status).toBe(303);
    expect(parseCheckoutDraft(setCookieValue(headers, DRAFT))).toEqual({
      email: "",
      marketing: false,
      method: null,
    });
  });

  it.each(["999", "0", "abc", ""])(
    "refuses a purchase the site does not sell (%j): 404, this checkout with what was typed",
    async (id) => {
      const { status, headers, data } = await post("/order/checkout?plan=102", {
        ...SWITCH,
        switch: id,
      });
      expect(status).toBe(404);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(setCookieValue(headers, DRAFT)).toBeNull();
      expect(data).toMatchObject({
        form: "checkout",
        bonus: null,
        result: {
          status: "error",
          error: { "": ["checkout.planUnavailable"] },
          initialValue: { email: "Dana.Miller@Example.com", marketing: "on", method: "paypal" },
        },
      });
      // Not the "not available" page: the checkout's own plan is still for sale.
      expect(data).not.toHaveProperty("unavailable");
      expect(purchases()).toEqual([]);
    },
  );

  it("a bot's post (honeypot filled) goes back to the checkout, nothing kept", async () => {
    const { status, headers } = await post("/order/checkout?plan=102", {
      ...SWITCH,
      website_url: "http://spam.example",
      switch: "101",
    });
    expect(status).toBe(303);
    expect(setCookieValue(headers, DRAFT)).toBeNull();
  });
});

describe("the checkout after a switch", () => {
  it("opens with the e-mail, the ticked box and the method kept, and deletes the cookie", async () => {
    const switched = await post("/order/checkout?plan=102", { ...SWITCH, switch: "101" });
    const draft = setCookieValue(switched.headers, DRAFT)!;
    const { data, headers } = await load("/order/checkout?plan=101", { [DRAFT]: draft });
    expect(data.plan?.id).toBe(101);
    expect(data.draft).toEqual({
      email: "Dana.Miller@Example.com",
      marketing: true,
      method: "paypal",
    });
    expect(headers.get("Set-Cookie")).toMatch(/^kn_draft=; Max-Age=0; Path=\/;/);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a cookie the site did not write is no draft, and is deleted too", async () => {
    const { data, headers } = await load("/order/checkout?plan=101", { [DRAFT]: "e30" });
    expect(data.draft).toBeNull();
    expect(headers.get("Set-Cookie")).toMatch(/^kn_draft=; Max-Age=0/);
  });

  it("a checkout without one sets no cookie", async () => {
    const { data, headers } = await load("/order/checkout?plan=101");
    expect(data.draft).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });
});

describe("parseCheckoutDraft", () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  it.each([
    ["a method the site does not know", encode({ e: "a@b.example", m: 1, p: "cash" })],
    ["a box neither ticked nor unticked", encode({ e: "a@b.example", m: "yes", p: null })],
    ["an e-mail of 255 characters", encode({ e: "a".repeat(255), m: 0, p: null })],
    ["not JSON", Buffer.from("not json").toString("base64url")],
    ["not base64url", "a+b/c=="],
    ["a value of 2,073 characters", "a".repeat(2073)],
    ["a method the page does not offer", encode({ e: "a@b.example", m: 0, p: "applepay" })],
  ])("refuses %s", (_what, raw) => {
    expect(parseCheckoutDraft(raw)).toBeNull();
  });

  it("takes an e-mail of 254 characters outside ASCII, written as the site writes it", async () => {
    const email = `${"ü".repeat(64)}@${"日".repeat(181)}.example`;
    expect(email).toHaveLength(254);
    const { headers } = await post("/order/checkout?plan=102", { ...SWITCH, email, switch: "101" });
    expect(parseCheckoutDraft(setCookieValue(headers, DRAFT))?.email).toBe(email);
  });

  it("takes an e-mail of 254 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(181)}.example`;
    expect(email).toHaveLength(254);
    expect(parseCheckoutDraft(encode({ e: email, m: 0, p: "card" }))).toEqual({
      email,
      marketing: false,
      method: "card",
    });
  });
});
