import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import type { CheckoutReply } from "~/commerce/bonus";
import {
  actionArgs,
  loaderArgs,
  returned,
  SESSION,
  sessionCookie,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";
import { checkoutAction, checkoutLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

const provider = () => getConfig().brand.provider;
const bonusPath = () => `/${provider()}/sales/check-new-bonus-code/`;
const purchasePath = () => `/${provider()}/purchase/url-with-email/`;

/** The bonus code box's post: plan 102 ($35.88 a year) and a code. */
const BONUS = { _form: "bonus", website_url: "", plan: "102" };

const CHECKOUT = {
  _form: "checkout",
  website_url: "",
  plan: "102",
  email: "dana@example.com",
  marketing: "on",
  method: "card",
};

function post(path: string, form: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return returned(checkoutAction(actionArgs(path, { form, context })));
}

const replyOf = (data: unknown) => data as CheckoutReply;

describe("bonus code box (_form=bonus)", () => {
  it("applies WELCOME20: 200, private, the discount and the new total", async () => {
    const { status, data, headers } = await post("/order/checkout?plan=102", {
      ...BONUS,
      code: "  WELCOME20 ",
    });
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const reply = replyOf(data);
    expect(reply.form).toBe("bonus");
    expect(reply.result.status).toBe("success");
    expect(reply.bonus).toEqual({
      code: "WELCOME20",
      percent: 20,
      cost: 3588,
      discount: 718,
      total: 2870,
      seal: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
    });
    expect(upstream.recorder.all("sales.check-new-bonus-code").map((e) => e.body)).toEqual([
      { code: "WELCOME20", id: 102 },
    ]);
  });

  it("applies TEAM25 to a team plan of $300 or more", async () => {
    const { status, data } = await post("/order/checkout?plan=301", {
      ...BONUS,
      plan: "301",
      code: "TEAM25",
    });
    expect(status).toBe(200);
    expect(replyOf(data).bonus).toMatchObject({ code: "TEAM25", percent: 25, cost: 49900 });
  });

  it.each([
    ["TEAM25", "api.INVALID_AMOUNT_NEW_BONUS_CODE"],
    ["SUMMER2024", "api.BAD_NEW_BONUS_CODE"],
    ["ZERO100", "api.INVALID_AMOUNT_NEW_BONUS_CODE"],
    ["NOSUCHCODE", "api.BAD_NEW_BONUS_CODE"],
  ])("refuses %s on plan 102 with 400 and %s, keeping the code", async (code, key) => {
    const { status, data } = await post("/order/checkout?plan=102", { ...BONUS, code });
    expect(status).toBe(400);
    const reply = replyOf(data);
    expect(reply.form).toBe("bonus");
    expect(reply.result.error?.code).toEqual([key]);
    expect(reply.result.initialValue).toMatchObject({ code });
    expect(reply.bonus).toBeNull();
    expect(upstream.calls(bonusPath())).toHaveLength(1);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["over-long", "A".repeat(65)],
    ["very long", "A".repeat(6000)],
    ["scripted", "<script>alert(1)</script>"],
    ["markup", '"><svg onload=x>'],
    ["spaced", "WELCOME 20"],
    ["non-ASCII", "WELCOMÉ20"],
  ])(
    "refuses a %s code with 400 and SPEC §5's message, without an upstream call",
    async (_, code) => {
      const { status, data, headers } = await post("/order/checkout?plan=102", { ...BONUS, code });
      expect(status).toBe(400);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(replyOf(data).result.error?.code).toEqual(["validation.BONUS_CODE_INVALID"]);
      expect(upstream.calls()).toEqual([]);
    },
  );

  it("answers 429 with the localized message and the code when the IP is over its limit", async () => {
    const { status, data } = await post(
      "/order/checkout?plan=102",
      { ...BONUS, code: "WELCOME20" },
      await formPostsSpent("bonus"),
    );
    expect(status).toBe(429);
    const reply = replyOf(data);
    expect(reply.result.error?.code).toEqual(["api.TOO_MANY_REQUESTS"]);
    expect(reply.result.initialValue).toMatchObject({ code: "WELCOME20" });
    expect(upstream.calls()).toEqual([]);
  });

  it("answers 502 with the seed's message when the upstream fails", async () => {
    upstream.server.use(
      http.post(upstreamUrl(bonusPath()), () =>
        HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
      ),
    );
    const { status, data } = await post("/order/checkout?plan=102", {
      ...BONUS,
      code: "WELCOME20",
    });
    expect(status).toBe(502);
    expect(replyOf(data).result.error?.code).toEqual(["api.SERVER_MAINTENANCE"]);
    expect(replyOf(data).result.initialValue).toMatchObject({ code: "WELCOME20" });
  });

  it("tells a bot that filled the honeypot nothing and checks nothing", async () => {
    const { status, location } = await post("/order/checkout?plan=102", {
      ...BONUS,
      website_url: "http://spam.example",
      code: "WELCOME20",
    });
    expect(status).toBe(303);
    expect(location).toBe("/order/checkout?plan=102#bonus");
    expect(upstream.calls()).toEqual([]);
  });

  it("refuses a tampered plan id without an upstream call", async () => {
    const { status, data } = await post("/order/checkout?plan=102", {
      ...BONUS,
      plan: "102; DROP",
      code: "WELCOME20",
    });
    expect(status).toBe(400);
    expect(replyOf(data).result.error?.code).toEqual(["checkout.planUnavailable"]);
    expect(upstream.calls(bonusPath())).toEqual([]);
  });
});

describe("checkout loader with ?code=", () => {
  it("applies a valid code from the URL, so a reload keeps it", async () => {
    const { status, data, headers } = await returned(
      checkoutLoader(loaderArgs("/order/checkout?plan=102&code=welcome20")),
    );
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.bonus).toMatchObject({ code: "WELCOME20", discount: 718, total: 2870 });
    expect(data.bonusError).toBeNull();
  });

  it("shows the upstream's refusal of a code from the URL", async () => {
    const { status, data } = await returned(
      checkoutLoader(loaderArgs("/order/checkout?plan=102&code=SUMMER2024")),
    );
    expect(status).toBe(200);
    expect(data.bonus).toBeNull();
    expect(data.bonusError).toBe("api.BAD_NEW_BONUS_CODE");
  });

  it("refuses a malformed code from the URL without asking the upstream", async () => {
    const code = encodeURIComponent("<script>x</script>");
    const { data } = await returned(
      checkoutLoader(loaderArgs(`/order/checkout?plan=102&code=${code}`)),
    );
    expect(data.bonus).toBeNull();
    expect(data.bonusError).toBe("validation.BONUS_CODE_INVALID");
    expect(upstream.calls(bonusPath())).toEqual([]);
  });
});

describe("checkout with an applied code", () => {
  it("sends the code to the purchase call; the sandbox order is priced with it", async () => {
    const { status, location } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      code: "WELCOME20",
    });
    expect(status).toBe(303);
    expect(upstream.recorder.all("purchase.url-with-email").map((e) => e.body)).toEqual([
      {
        id: 102,
        email: "dana@example.com",
        method: "card",
        receiveMarketingEmails: false,
        code: "WELCOME20",
        lang: "en",
      },
    ]);
    const order = decodeURIComponent(location?.split("order=")[1] ?? "");
    expect(upstream.orders.get(order)).toMatchObject({ code: "WELCOME20", total: 2870 });
  });

  it("ignores a tampered discount or total: the upstream prices the order from the code", async () => {
    const { status, location } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      code: "WELCOME20",
      discount: "3588",
      total: "0",
      percent: "100",
    });
    expect(status).toBe(303);
    const body = upstream.recorder.all("purchase.url-with-email")[0]?.body as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty("discount");
    expect(body).not.toHaveProperty("total");
    const order = decodeURIComponent(location?.split("order=")[1] ?? "");
    expect(upstream.orders.get(order)).toMatchObject({ cost: 3588, discount: 718, total: 2870 });
  });

  it.each([
    ["a refused code", "SUMMER2024", "api.BAD_NEW_BONUS_CODE"],
    ["a malformed code", "<b>FREE</b>", "validation.BONUS_CODE_INVALID"],
    ["an over-long code", "A".repeat(65), "validation.BONUS_CODE_INVALID"],
  ])("re-checks %s server-side and buys nothing", async (_, code, key) => {
    const { status, data } = await post("/order/checkout?plan=102", { ...CHECKOUT, code });
    expect(status).toBe(400);
    expect(replyOf(data).result.error?.[""]).toEqual([key]);
    expect(upstream.calls(purchasePath())).toEqual([]);
  });

  it("keeps the applied code on a refused post (missing e-mail)", async () => {
    const { status, data } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      email: "",
      code: "WELCOME20",
    });
    expect(status).toBe(400);
    expect(replyOf(data).bonus).toMatchObject({ code: "WELCOME20", total: 2870 });
    expect(upstream.calls(purchasePath())).toEqual([]);
  });

  /** The code and seal the box's answer gave, as the checkout form posts them back. */
  async function sealedCode(code = "WELCOME20") {
    const { data } = await post("/order/checkout?plan=102", { ...BONUS, code });
    const bonus = replyOf(data).bonus;
    if (!bonus?.seal) throw new Error("no sealed bonus");
    upstream.forget();
    return { code: bonus.code, seal: bonus.seal };
  }

  it("keeps the discount on a rate-limited post from the seal, asking nothing upstream", async () => {
    const sealed = await sealedCode();
    const { status, data } = await post(
      "/order/checkout?plan=102",
      { ...CHECKOUT, ...sealed },
      await formPostsSpent("checkout"),
    );
    expect(status).toBe(429);
    expect(replyOf(data).bonus).toMatchObject({ code: "WELCOME20", total: 2870 });
    expect(upstream.calls()).toEqual([]);
  });

  it("keeps the discount on an invalid post from the seal, without a second check", async () => {
    const sealed = await sealedCode();
    const { status, data } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      ...sealed,
      email: "not-an-address",
    });
    expect(status).toBe(400);
    expect(replyOf(data).bonus).toMatchObject({ code: "WELCOME20", total: 2870 });
    expect(upstream.calls(bonusPath())).toEqual([]);
  });

  it("shows no discount for a forged seal on a rate-limited post (the code stays for the next post)", async () => {
    const sealed = await sealedCode();
    const [payload, signature] = sealed.seal.split(".");
    const forgedBody = Buffer.from(payload ?? "", "base64url")
      .toString()
      .replace(/"t":\d+/, '"t":1');
    const forged = `${Buffer.from(forgedBody).toString("base64url")}.${signature}`;
    const { status, data } = await post(
      "/order/checkout?plan=102",
      { ...CHECKOUT, code: sealed.code, seal: forged },
      await formPostsSpent("checkout"),
    );
    expect(status).toBe(429);
    expect(replyOf(data).bonus).toBeNull();
    expect(upstream.calls()).toEqual([]);
  });

  it("still prices the purchase from the code upstream, whatever the seal says", async () => {
    const sealed = await sealedCode();
    const { status } = await post("/order/checkout?plan=102", { ...CHECKOUT, ...sealed });
    expect(status).toBe(303);
    expect(upstream.calls(bonusPath())).toHaveLength(1);
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).toMatchObject({
      code: "WELCOME20",
    });
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).not.toHaveProperty("seal");
  });

  it("buys without a code as before (no code field sent upstream)", async () => {
    const { status } = await post("/order/checkout?plan=102", CHECKOUT);
    expect(status).toBe(303);
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).not.toHaveProperty("code");
  });
});

describe("a referral code and the buyer's own account (the auth step)", () => {
  // MYREFERRAL is the referral code of the sandbox's active account (demo token sandbox-monthly).
  const signedIn = async () => ({
    [SESSION]: await sessionCookie({ authToken: "sandbox-monthly" }),
  });

  it("gives anyone else its 10%", async () => {
    const { status, data } = await post("/order/checkout?plan=102", {
      ...BONUS,
      code: "MYREFERRAL",
    });
    expect(status).toBe(200);
    expect(replyOf(data).bonus).toMatchObject({ code: "MYREFERRAL", percent: 10 });
  });

  it("is refused to its own account once signed in: the box, a ?code= link and the post", async () => {
    const cookies = await signedIn();
    const box = await returned(
      checkoutAction(
        actionArgs("/order/checkout?plan=102", { form: { ...BONUS, code: "MYREFERRAL" }, cookies }),
      ),
    );
    expect(box.status).toBe(400);
    expect(replyOf(box.data).result.error?.code).toEqual(["api.USE_NEW_BONUS_CODE_ON_OWN_ACC"]);

    const link = await returned(
      checkoutLoader(loaderArgs("/order/checkout?plan=102&code=MYREFERRAL", { cookies })),
    );
    expect((link.data as { bonusError: string | null }).bonusError).toBe(
      "api.USE_NEW_BONUS_CODE_ON_OWN_ACC",
    );

    const checkout = await returned(
      checkoutAction(
        actionArgs("/order/checkout?plan=102", {
          form: { ...CHECKOUT, email: "someone.else@example.com", code: "MYREFERRAL" },
          cookies,
        }),
      ),
    );
    expect(checkout.status).toBe(400);
    expect(upstream.calls(purchasePath())).toEqual([]);
    for (const call of upstream.calls(bonusPath())) {
      expect(call.headers.get("X-Auth-Token")).toBe("sandbox-monthly");
    }
  });

  it("is refused to the account's e-mail typed at an anonymous checkout", async () => {
    const { status } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      email: "active@keynest.example",
      code: "MYREFERRAL",
    });
    expect(status).toBe(400);
    expect(upstream.calls(purchasePath())).toEqual([]);
  });
});
