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
} from "./support/remix";
import { checkoutAction, checkoutLoader } from "./support/routes";

const upstream = setupSandboxUpstream({ STRIPE_PUBLISHABLE_KEY: "pk_test_soldrule" });

/** The service knows the price, but of a product the site does not sell. */
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

const BASE = { _form: "checkout", website_url: "", email: "dana@example.com", marketing: "on" };

const PATHS: [string, Record<string, string>, number][] = [
  ["the checkout post to the hosted payment page", { plan: "102", method: "paypal" }, 102],
  ["the card step (posted by JS)", { plan: "102", method: "card", _js: "1" }, 102],
  ["the free trial", { plan: "109", trial: "1" }, 109],
];

/** No purchase, card or trial call went out. */
function expectNothingSold() {
  const sold = upstream
    .calls()
    .filter((call) => /\/purchase\/|trial-accrual/.test(call.path))
    .map((call) => call.path);
  expect(sold).toEqual([]);
}

describe("a plan the price rules refuse", () => {
  it("is not available on the checkout page (404)", async () => {
    unsellable(102);
    const { status, data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(status).toBe(404);
    expect(data.plan).toBeNull();
  });

  it.each(PATHS)("is not sold through %s: the same 404 page", async (_, form, id) => {
    unsellable(id, form.trial ? { trialDays: 7 } : {});
    // Posted to the page of a plan that is sold, as a tampered form would.
    const { status, data, headers } = await returned(
      checkoutAction(actionArgs("/order/checkout?plan=101", { form: { ...BASE, ...form } })),
    );
    expect(status).toBe(404);
    expect(isPlanUnavailableReply(data)).toBe(true);
    expect((data as FormReply).result.error?.[""]).toEqual(["checkout.planUnavailable"]);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expectNothingSold();
  });

  it.each(PATHS)("still sells through %s when the rules accept the plan", async (_, form) => {
    const { status } = await returned(
      checkoutAction(
        actionArgs(`/order/checkout?plan=${form.plan}`, { form: { ...BASE, ...form } }),
      ),
    );
    expect([200, 303]).toContain(status);
  });

  it("answers an id the service does not know the same way on every path", async () => {
    for (const [, form] of PATHS) {
      const { status, data } = await returned(
        checkoutAction(
          actionArgs("/order/checkout?plan=101", { form: { ...BASE, ...form, plan: "999999" } }),
        ),
      );
      expect(status).toBe(404);
      expect(isPlanUnavailableReply(data)).toBe(true);
    }
    expectNothingSold();
  });
});
