import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import { orderKey } from "~/commerce/order-link.server";
import { walletAction, walletLoader, type WalletPageData } from "~/commerce/wallet.server";
import { getPurchaseUrlWithEmail } from "~/upstream/purchase.server";
import { actionArgs, loaderArgs, returned, setupSandboxUpstream } from "../support/remix";
import { checkoutAction, contentPageLoader } from "../support/routes";

/**
 * The wallet page (/amazon/payment?order=) is no order oracle (decision 022): a link without the
 * buyer's key is an order look-up under the outcome pages' guess limit, on the page and its post
 * alike; past it every order — pending, settled or unknown — is "not found" and nothing is asked
 * upstream. The buyer's own link (the checkout sends them there with its key) is never limited.
 */
const upstream = setupSandboxUpstream({
  CODE_GUESS_ADDRESS_LIMIT: "3",
  CODE_GUESS_GLOBAL_LIMIT: "4",
});

const purchase = (path: string) => `/${getConfig().brand.provider}/purchase/${path}`;
/** The standing pending Amazon Pay order (never settles) and a paid card order (catalogue). */
const PENDING = "101-0a1b2c3d4e5f-00000004";
const PAID = "102-0a1b2c3d4e5f-00000001";
const unknown = (i: number) => `102-0a1b2c3d4e5f-0000099${i}`;

let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;

const page = (path: string, ip: string) =>
  returned(walletLoader(loaderArgs(path, { context: { clientIp: ip } })));
const state = (data: unknown) => (data as WalletPageData).state;
const post = (path: string, order: string, ip: string) =>
  returned(
    walletAction(
      actionArgs(path, {
        form: { _form: "amazon-pay", order, token: "amzn-session-1" },
        context: { clientIp: ip },
      }),
    ),
  );

/** Spends an address's order look-ups with wrong ids. */
async function spend(ip: string) {
  for (let i = 0; i < 3; i += 1) {
    const { status } = await page(`/amazon/payment?order=${unknown(i)}`, ip);
    expect(status).toBe(404);
  }
  upstream.forget();
}

describe("the wallet page without the buyer's key", () => {
  it("shares the outcome pages' limit: past it, pending, settled and unknown all read not found", async () => {
    const ip = visitor();
    expect((await page(`/amazon/payment?order=${PENDING}`, ip)).status).toBe(200);
    await spend(ip);
    for (const order of [PENDING, PAID, unknown(7)]) {
      const { status, data } = await page(`/amazon/payment?order=${order}`, ip);
      expect([status, state(data)]).toEqual([404, "notFound"]);
    }
    // The outcome pages count the same tries.
    const outcome = await returned(
      contentPageLoader(
        loaderArgs(`/payment-success?order=${PAID}`, { context: { clientIp: ip } }),
      ),
    );
    expect((outcome.data as { order: unknown }).order).toBeNull();
    expect(upstream.calls().filter((call) => call.path.includes("/purchase/"))).toEqual([]);
  });

  it("counts its post too: past the limit an order is not found, whatever it is", async () => {
    const ip = visitor();
    for (let i = 0; i < 3; i += 1) {
      expect((await post(`/amazon/payment?order=${unknown(i)}`, unknown(i), ip)).status).toBe(404);
    }
    upstream.forget();
    const { status, data } = await post(`/amazon/payment?order=${PENDING}`, PENDING, ip);
    expect(status).toBe(404);
    expect(data).toMatchObject({ error: "wallet.notFound" });
    expect(upstream.calls()).toEqual([]);
  });
});

describe("the buyer's own link", () => {
  it("is where the checkout sends an Amazon Pay buyer, and it opens past a spent limit", async () => {
    const ip = visitor();
    const { status, location } = await returned(
      checkoutAction(
        actionArgs("/de/order/checkout?plan=102", {
          form: {
            _form: "checkout",
            website_url: "",
            plan: "102",
            email: "dana@example.com",
            method: "amazon",
          },
          context: { clientIp: ip },
        }),
      ),
    );
    expect(status).toBe(303);
    const order = new URL(location!, "http://x").searchParams.get("order")!;
    expect(location).toBe(`/de/amazon/payment?order=${order}&key=${orderKey(order)}`);
    await spend(ip);
    const { status: shown, data } = await page(location!, ip);
    expect([shown, state(data)]).toEqual([200, "ready"]);
    expect((data as Extract<WalletPageData, { state: "ready" }>).postTo).toBe(
      `?order=${order}&key=${orderKey(order)}`,
    );
    // Its post charges the order and sends the buyer on with their own outcome link.
    const paid = await post(location!, order, ip);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/de/payment-success?order=${order}&key=${orderKey(order)}`);
    expect(upstream.calls(purchase("amazon-validate/"))).toHaveLength(1);
    // And the outcome page shows it, though this address has no look-ups left.
    const outcome = await returned(
      contentPageLoader(loaderArgs(paid.location!, { context: { clientIp: ip } })),
    );
    expect((outcome.data as { order: unknown }).order).toMatchObject({ order, status: "paid" });
  });

  it("is not another order's: a key signs one order only", async () => {
    const ip = visitor();
    await spend(ip);
    const borrowed = `/amazon/payment?order=${PENDING}&key=${orderKey(PAID)}`;
    expect((await page(borrowed, ip)).status).toBe(404);
    expect(upstream.calls()).toEqual([]);
  });

  it("still opens while strangers' wrong look-ups pass the site-wide level", async () => {
    for (let i = 0; i < 6; i += 1) await page(`/amazon/payment?order=${unknown(i)}`, visitor());
    const order = (
      await getPurchaseUrlWithEmail({ planId: 102, method: "amazon", email: "d@example.com" })
    ).order!;
    expect(state((await page(`/amazon/payment?order=${order}`, visitor())).data)).toBe("ready");
  });
});
