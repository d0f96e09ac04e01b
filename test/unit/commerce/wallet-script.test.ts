import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  WALLET_LOAD_ERROR,
  WALLET_SCRIPT_DELAY_MS,
  WALLET_SCRIPT_TIMEOUT_MS,
  WalletLoadError,
  amazonPayApi,
  loadWalletScript,
  renderButtonOptions,
  walletCspHosts,
  walletToken,
  type ScriptInjector,
} from "~/commerce/wallet-script";

const SRC = "https://static.wallet.test/checkout.js";

/** An injector that records requests; the test decides when (and whether) each one loads. */
function fakeInjector() {
  const requests: { src: string; at: number; done: (ok: boolean) => void }[] = [];
  const inject: ScriptInjector = (src, done) => {
    requests.push({ src, at: Date.now(), done });
  };
  return { inject, requests };
}

describe("loadWalletScript", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it("requests the script 1700 ms after it starts and answers its API", async () => {
    const { inject, requests } = fakeInjector();
    const stages: string[] = [];
    const api = { renderButton: () => null };
    const load = loadWalletScript({
      src: SRC,
      inject,
      api: () => api,
      onStage: (stage) => stages.push(stage),
    });
    expect(stages).toEqual(["waiting"]);
    vi.advanceTimersByTime(WALLET_SCRIPT_DELAY_MS - 1);
    expect(requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(requests).toEqual([expect.objectContaining({ src: SRC, at: 1700 })]);
    expect(stages).toEqual(["waiting", "loading"]);
    requests[0]?.done(true);
    await expect(load.promise).resolves.toBe(api);
  });

  it.each([
    ["the script fails to load", "error" as const, (done: (ok: boolean) => void) => done(false)],
    ["the script defines no API", "no-api" as const, (done: (ok: boolean) => void) => done(true)],
    ["the script never answers", "timeout" as const, () => vi.advanceTimersByTime(15_000)],
  ])("is 'Failed to load amazon' when %s", async (_case, reason, act) => {
    const { inject, requests } = fakeInjector();
    const load = loadWalletScript({ src: SRC, inject, api: () => null });
    const outcome = load.promise.catch((error: unknown) => error);
    vi.advanceTimersByTime(WALLET_SCRIPT_DELAY_MS);
    const request = requests[0];
    expect(request).toBeDefined();
    act(request?.done ?? (() => {}));
    const error = await outcome;
    expect(error).toBeInstanceOf(WalletLoadError);
    expect((error as WalletLoadError).message).toBe(WALLET_LOAD_ERROR);
    expect((error as WalletLoadError).reason).toBe(reason);
  });

  it("times out only after the timeout, counted from the request", async () => {
    const { inject } = fakeInjector();
    const load = loadWalletScript({ src: SRC, inject, api: () => null, timeoutMs: 500 });
    let failed = false;
    load.promise.catch(() => {
      failed = true;
    });
    await vi.advanceTimersByTimeAsync(WALLET_SCRIPT_DELAY_MS + 499);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toBe(true);
    expect(WALLET_SCRIPT_TIMEOUT_MS).toBeGreaterThan(WALLET_SCRIPT_DELAY_MS);
  });

  it("requests nothing once cancelled during the wait", () => {
    const { inject, requests } = fakeInjector();
    const load = loadWalletScript({ src: SRC, inject, api: () => null });
    vi.advanceTimersByTime(1000);
    load.cancel();
    vi.advanceTimersByTime(60_000);
    expect(requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ignores a load that ends after it was cancelled", async () => {
    const { inject, requests } = fakeInjector();
    const load = loadWalletScript({ src: SRC, inject, api: () => ({}) });
    const settled = vi.fn();
    load.promise.then(settled, settled);
    vi.advanceTimersByTime(WALLET_SCRIPT_DELAY_MS);
    load.cancel();
    requests[0]?.done(true);
    await vi.runAllTimersAsync();
    expect(settled).not.toHaveBeenCalled();
  });

  it("counts an API getter that throws as no API", async () => {
    const { inject, requests } = fakeInjector();
    const load = loadWalletScript({
      src: SRC,
      inject,
      api: () => {
        throw new Error("broken");
      },
    });
    const outcome = load.promise.catch((error: unknown) => error);
    vi.advanceTimersByTime(WALLET_SCRIPT_DELAY_MS);
    requests[0]?.done(true);
    expect(await outcome).toMatchObject({ reason: "no-api" });
  });
});

describe("walletToken", () => {
  it.each([
    [
      { amazonCheckoutSessionId: "bd504926-f659-4ad7-a1a9-9a747aaf5275" },
      "bd504926-f659-4ad7-a1a9-9a747aaf5275",
    ],
    [{ token: "tok_123" }, "tok_123"],
    ["tok_456", "tok_456"],
    ["", null],
    ["with space", null],
    ["x".repeat(2049), null],
    [{ amazonCheckoutSessionId: 42 }, null],
    [null, null],
    [undefined, null],
    [["tok"], null],
    ["tök", null],
  ])("%j → %j", (input, expected) => {
    expect(walletToken(input)).toBe(expected);
  });
});

describe("renderButtonOptions", () => {
  it("passes the session, the amount in units and the callback", () => {
    const callback = () => {};
    const options = renderButtonOptions(
      {
        merchantId: "M1",
        publicKeyId: "K1",
        ledgerCurrency: "USD",
        checkoutLanguage: "de_DE",
        productType: "PayOnly",
        placement: "Checkout",
        sandbox: true,
        amount: 3588,
        payloadJSON: "{}",
        signature: "sig",
      },
      "USD",
      callback,
    );
    expect(options).toMatchObject({
      merchantId: "M1",
      checkoutLanguage: "de_DE",
      sandbox: true,
      estimatedOrderAmount: { amount: "35.88", currencyCode: "USD" },
      createCheckoutSessionConfig: { payloadJSON: "{}", signature: "sig", publicKeyId: "K1" },
    });
    expect(options.onPaymentAuthorized).toBe(callback);
  });
});

describe("amazonPayApi", () => {
  it.each([
    [{ amazon: { Pay: { renderButton: () => null } } }, true],
    [{ amazon: { Pay: { renderButton: "no" } } }, false],
    [{ amazon: {} }, false],
    [{}, false],
    [null, false],
  ])("%#", (win, found) => {
    expect(amazonPayApi(win) !== null).toBe(found);
  });
});

describe("walletCspHosts", () => {
  it.each([
    [
      "https://static-na.payments-amazon.com/checkout.js",
      ["https://static-na.payments-amazon.com", "https://*.payments-amazon.com"],
    ],
    ["https://wallet.example.com:8443/checkout.js", ["https://wallet.example.com:8443"]],
    ["http://static-na.payments-amazon.com/checkout.js", []],
    ["not a url", []],
  ])("%s → %j", (url, hosts) => {
    expect(walletCspHosts(url)).toEqual(hosts);
  });
});
