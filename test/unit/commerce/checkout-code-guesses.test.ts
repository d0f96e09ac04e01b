import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import { metricsText } from "~/observability/metrics.server";
import { loader as paymentStatusLoader } from "~/routes/payment-status";
import type { CheckoutReply } from "~/commerce/bonus";
import { actionArgs, loaderArgs, returned, setupSandboxUpstream } from "../support/remix";
import {
  checkoutAction,
  checkoutLoader,
  contentPageAction,
  contentPageLoader,
} from "../support/routes";

/**
 * Codes guessed at the checkout and the redeem page (decision 022): every way a bonus code
 * reaches the upstream — the box, the checkout post, a `?code=` link — shares one limit per
 * address, and counts site-wide where too many only alert; a right code costs nothing and is
 * never refused for what other addresses guessed. Small limits, reached quickly.
 */
const upstream = setupSandboxUpstream({
  CODE_GUESS_ADDRESS_LIMIT: "3",
  CODE_GUESS_GLOBAL_LIMIT: "6",
});

const bonusPath = () => `/${getConfig().brand.provider}/sales/check-new-bonus-code/`;
let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;

const box = (code: string, ip: string) =>
  returned(
    checkoutAction(
      actionArgs("/order/checkout?plan=102", {
        form: { _form: "bonus", website_url: "", plan: "102", code },
        context: { clientIp: ip },
      }),
    ),
  );
const link = (code: string, ip: string) =>
  returned(
    checkoutLoader(
      loaderArgs(`/order/checkout?plan=102&code=${encodeURIComponent(code)}`, {
        context: { clientIp: ip },
      }),
    ),
  );

describe("bonus codes", () => {
  it("a ?code= link is checked under the box's limit, and shows the code unapplied past it", async () => {
    const ip = visitor();
    for (let i = 0; i < 3; i += 1) {
      const { data } = await link(`GUESS${i}`, ip);
      expect(data.bonusError).toBe("api.BAD_NEW_BONUS_CODE");
    }
    upstream.forget();
    const { status, data } = await link("WELCOME20", ip);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      bonus: null,
      bonusError: "api.TOO_MANY_REQUESTS",
      code: "WELCOME20",
    });
    // The box's post meets the same count: the GET and the POST are one limit.
    const boxed = await box("WELCOME20", ip);
    expect(boxed.status).toBe(429);
    expect((boxed.data as CheckoutReply).result.error).toEqual({ code: ["api.TOO_MANY_REQUESTS"] });
    expect(upstream.calls(bonusPath())).toEqual([]);
  });

  it("a right code costs nothing: a buyer may apply one again and again", async () => {
    const ip = visitor();
    for (let i = 0; i < 6; i += 1) expect((await box("WELCOME20", ip)).status).toBe(200);
  });

  it("a right code still holds while strangers pass the site's alert level", async () => {
    // 3 wrong ones above; 5 more from new addresses pass the site's 6.
    for (let i = 0; i < 5; i += 1) expect((await box(`SPREAD${i}`, visitor())).status).toBe(400);
    expect((await box("WELCOME20", visitor())).status).toBe(200);
    expect((await link("WELCOME20", visitor())).data.bonus).toMatchObject({ code: "WELCOME20" });
    // A wrong one is still only wrong, and the address limits still hold.
    expect((await box("SPREAD-MORE", visitor())).status).toBe(400);
    // Operators see it: codes checked past the alert level are counted by kind.
    const { body } = await metricsText();
    const alerts = /code_guesses_over_site_limit_total\{kind="bonus"\} (\d+)/.exec(body);
    expect(Number(alerts?.[1])).toBeGreaterThanOrEqual(3);
  });
});

describe("redeem codes", () => {
  it("are checked under their own limits, apart from bonus codes", async () => {
    const ip = visitor();
    const check = (code: string) =>
      returned(
        contentPageAction(
          actionArgs("/redeem", {
            form: { _form: "redeem", website_url: "", step: "check", code },
            context: { clientIp: ip },
          }),
        ),
      );
    expect((await check("GIFT-YEAR-2026")).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await check(`GIFT-NOPE-000${i}`)).status).toBe(400);
    upstream.forget();
    const refused = await check("GIFT-YEAR-2026");
    expect(refused.status).toBe(429);
    expect(upstream.calls()).toEqual([]);
  });
});

describe("order lookups on the outcome pages", () => {
  it("are limited per address like codes: past them no order is shown, and nothing asked", async () => {
    const ip = visitor();
    const outcome = (order: string) =>
      returned(
        contentPageLoader(
          loaderArgs(`/payment-success?order=${order}`, { context: { clientIp: ip } }),
        ),
      );
    const PAID = "102-0a1b2c3d4e5f-00000001";
    expect(((await outcome(PAID)).data as { order: unknown }).order).toMatchObject({ order: PAID });
    for (let i = 0; i < 3; i += 1) {
      const guessed = await outcome(`102-0a1b2c3d4e5f-0000099${i}`);
      expect((guessed.data as { order: unknown }).order).toBeNull();
    }
    upstream.forget();
    expect(((await outcome(PAID)).data as { order: unknown }).order).toBeNull();
    // The outcome page's status poll shares the count: no oracle by polling either.
    const poll = (await paymentStatusLoader(
      loaderArgs(`/payment-status?order=${PAID}`, { context: { clientIp: ip } }),
    )) as Response;
    expect(poll.status).toBe(404);
    expect(upstream.calls(`/${getConfig().brand.provider}/purchase/success-info/`)).toEqual([]);
  });
});
