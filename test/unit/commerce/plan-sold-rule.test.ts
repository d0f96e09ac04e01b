/**
 * One rule decides what is sold (app/commerce/sellable.server.ts): a plan the checkout page
 * refuses is refused the same way by every path that could buy it — the checkout post to the
 * hosted page, the card step and the free trial — with the page's "not available" answer (404),
 * and no purchase or trial call is made.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { isPlanUnavailableReply } from "~/commerce/bonus";
import type { FormReply } from "~/forms/reply";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
} from "../support/remix";
import { checkoutAction, checkoutLoader } from "../support/routes";

const upstream = setupSandboxUpstream({ STRIPE_PUBLISHABLE_KEY: "pk_test_soldrule" });

/**
 * The service knows the price of `id`, but the price rules refuse it: by default a product the
 * site does not sell; `extra` changes any field (a period the site does not sell).
 */
function unsellable(id: number, extra: Record<string, unknown> = {}) {
  upstream.server.use(
    http.get(upstreamUrl(`/orbitshield/sales/price/${id}/`), () =>
      HttpResponse.json({
        id,
        cost: 3588,
        description: "1 year",
        info: { type: "year", count: 1 },
        product: "toaster",
        ...extra,
      }),
    ),
  );
}

// [why the rules refuse it, the price's fields that make it so]
const REFUSALS: [string, Record<string, unknown>][] = [
  ["a product the site does not sell", {}],
  [
    "a period the site does not sell",
    { product: undefined, description: "5 fortnights", info: { type: "fortnight", count: 5 } },
  ],
];

const BASE = { _form: "checkout", website_url: "", email: "dana@example.com", marketing: "on" };

/** Each path that could buy a plan: what it posts, and the one call that sells it. */
interface SellingPath {
  form: Record<string, string>;
  id: number;
  /** The answer of a plan sold: the hosted payment page (303), the card step (200). */
  status: number;
  /** The recording of the purchase or trial call, and the path it goes to. */
  recorded: string;
  path: string;
  /** What that call carries besides the plan, the e-mail, the consent and the language. */
  fields: Record<string, unknown>;
}

const PATHS: [string, SellingPath][] = [
  [
    "the checkout post to the hosted payment page",
    {
      form: { plan: "102", method: "paypal" },
      id: 102,
      status: 303,
      recorded: "purchase.url-with-email",
      path: "/orbitshield/purchase/url-with-email/",
      fields: { method: "paypal" },
    },
  ],
  [
    "the card step (posted by JS)",
    {
      form: { plan: "102", method: "card", _js: "1" },
      id: 102,
      status: 200,
      recorded: "purchase.stripe",
      path: "/orbitshield/purchase/stripe/",
      fields: { method: "card" },
    },
  ],
  [
    "the free trial",
    {
      form: { plan: "109", trial: "1" },
      id: 109,
      status: 303,
      recorded: "sales.trial-accrual",
      path: "/orbitshield/sales/trial-accrual/",
      fields: {},
    },
  ],
];

const SELLING_CALLS = /\/purchase\/|trial-accrual/;

/** The paths of the purchase, card and trial calls that went out, in order. */
const soldPaths = () =>
  upstream
    .calls()
    .filter((call) => SELLING_CALLS.test(call.path))
    .map((call) => call.path);

const postTo = (page: string, form: Record<string, string>) =>
  returned(checkoutAction(actionArgs(page, { form: { ...BASE, ...form } })));

describe("a plan the price rules refuse", () => {
  it.each(REFUSALS)("is not available on the checkout page (404): %s", async (_, extra) => {
    unsellable(102, extra);
    const { status, data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(status).toBe(404);
    expect(data.plan).toBeNull();
  });

  describe.each(REFUSALS)("for %s", (_, extra) => {
    it.each(PATHS)("is not sold through %s: the same 404 page", async (_path, { form, id }) => {
      unsellable(id, form.trial ? { trialDays: 7, ...extra } : extra);
      // Posted to the page of a plan that is sold, as a tampered form would.
      const { status, data, headers } = await postTo("/order/checkout?plan=101", form);
      expect(status).toBe(404);
      expect(isPlanUnavailableReply(data)).toBe(true);
      expect((data as FormReply).result.error?.[""]).toEqual(["checkout.planUnavailable"]);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(upstream.calls(`/orbitshield/sales/price/${id}/`)).toHaveLength(1);
      expect(soldPaths()).toEqual([]);
    });
  });
});

describe("a plan the price rules accept", () => {
  it.each(PATHS)("is sold through %s by one call", async (_, path) => {
    const { status } = await postTo(`/order/checkout?plan=${path.id}`, path.form);
    expect(status).toBe(path.status);
    expect(soldPaths()).toEqual([path.path]);
    expect(upstream.recorder.all(path.recorded).map((entry) => entry.body)).toEqual([
      {
        id: path.id,
        email: "dana@example.com",
        receiveMarketingEmails: false,
        lang: "en",
        ...path.fields,
      },
    ]);
  });
});

describe("a plan the service does not know", () => {
  it("is answered as not available on every path", async () => {
    for (const [, { form }] of PATHS) {
      const { status, data } = await postTo("/order/checkout?plan=101", {
        ...form,
        plan: "999999",
      });
      expect(status).toBe(404);
      expect(isPlanUnavailableReply(data)).toBe(true);
    }
    expect(upstream.calls("/orbitshield/sales/price/999999/")).toHaveLength(PATHS.length);
    expect(soldPaths()).toEqual([]);
  });
});

describe("a failing price service", () => {
  it.each(PATHS)(
    "is a failure on %s (502), never a plan 'not available'",
    async (_, { form, id }) => {
      upstream.server.use(
        http.get(upstreamUrl(`/orbitshield/sales/price/${id}/`), () =>
          HttpResponse.json({ message: "SERVER_MAINTENANCE" }, { status: 503 }),
        ),
      );
      const { status, data } = await postTo(`/order/checkout?plan=${id}`, form);
      expect(status).toBe(502);
      expect(isPlanUnavailableReply(data)).toBe(false);
      expect((data as FormReply).result.error?.[""]).toEqual(["api.SERVER_MAINTENANCE"]);
      expect(soldPaths()).toEqual([]);
    },
  );
});
