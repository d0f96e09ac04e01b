/**
 * The Amazon Pay wallet on the wallet payment page (SPEC §7, §8): its checkout script is loaded
 * from the configured host 1700 ms after the preparatory step (the wallet session the page's
 * loader fetched), from a host the Content-Security-Policy names (`walletCsp`); a script that fails to load, does not answer in
 * time or does not define its API is 'Failed to load amazon'. Pure apart from what it is given
 * (timers, a way to add a script element), so the timing is tested with fake timers.
 */

import type { CspSources } from "~/security/csp";

/** The `_form` of the post the wallet's callback sends (the page's action). */
export const WALLET_FORM = "amazon-pay";

/** The wait between the preparatory step and the wallet script's request (SPEC §7). */
export const WALLET_SCRIPT_DELAY_MS = 1700;
/** How long the script may take to load and define its API before the page gives up. */
export const WALLET_SCRIPT_TIMEOUT_MS = 15_000;
/** SPEC §8's error; the page shows its localized text (`wallet.failed`). */
export const WALLET_LOAD_ERROR = "Failed to load amazon";

export class WalletLoadError extends Error {
  constructor(public readonly reason: "error" | "timeout" | "no-api") {
    super(WALLET_LOAD_ERROR);
    this.name = "WalletLoadError";
  }
}

/** Adds the script element; calls `done` when it loaded (true) or failed (false). */
export type ScriptInjector = (src: string, done: (loaded: boolean) => void) => void;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type WalletStage = "waiting" | "loading";

export interface WalletScriptOptions<T> {
  src: string;
  /** The script's API once it ran, or null when it did not define one. */
  api: () => T | null;
  inject: ScriptInjector;
  timers?: Timers;
  delayMs?: number;
  timeoutMs?: number;
  /** Told when the wait starts and when the script is requested. */
  onStage?: (stage: WalletStage) => void;
}

export interface WalletScriptLoad<T> {
  /** The script's API; rejects with a WalletLoadError. Never settles once cancelled. */
  promise: Promise<T>;
  /** Stops the wait or ignores the load (the page was left). */
  cancel(): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Waits `delayMs` (1700), then requests the script; resolves with its API once it loaded, or
 * rejects when it failed, did not load within `timeoutMs` of the request, or defined no API.
 */
export function loadWalletScript<T>(options: WalletScriptOptions<T>): WalletScriptLoad<T> {
  const timers = options.timers ?? realTimers;
  let cancelled = false;
  let waitTimer: unknown;
  let timeoutTimer: unknown;
  const promise = new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: T | WalletLoadError) => {
      if (settled || cancelled) return;
      settled = true;
      timers.clearTimeout(timeoutTimer);
      if (outcome instanceof WalletLoadError) reject(outcome);
      else resolve(outcome);
    };
    options.onStage?.("waiting");
    waitTimer = timers.setTimeout(() => {
      if (cancelled) return;
      options.onStage?.("loading");
      timeoutTimer = timers.setTimeout(
        () => finish(new WalletLoadError("timeout")),
        options.timeoutMs ?? WALLET_SCRIPT_TIMEOUT_MS,
      );
      options.inject(options.src, (loaded) => {
        if (!loaded) return finish(new WalletLoadError("error"));
        let api: T | null = null;
        try {
          api = options.api();
        } catch {
          api = null;
        }
        finish(api ?? new WalletLoadError("no-api"));
      });
    }, options.delayMs ?? WALLET_SCRIPT_DELAY_MS);
  });
  return {
    promise,
    cancel() {
      cancelled = true;
      timers.clearTimeout(waitTimer);
      timers.clearTimeout(timeoutTimer);
    },
  };
}

/** Adds an async script to `document`'s head (the browser's injector). */
export function domScriptInjector(document: Document): ScriptInjector {
  return (src, done) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => done(true), { once: true });
    script.addEventListener(
      "error",
      () => {
        script.remove();
        done(false);
      },
      { once: true },
    );
    document.head.append(script);
  };
}

/** A wallet token as the site takes it: printable ASCII, at most 2048 characters. */
const TOKEN = /^[\x21-\x7e]{1,2048}$/;

/**
 * The token of the wallet's payment-authorized callback: the checkout session id Amazon Pay
 * answers (`{ amazonCheckoutSessionId }`), a `{ token }`, or the bare string; null otherwise.
 */
export function walletToken(result: unknown): string | null {
  let value: unknown = result;
  if (result && typeof result === "object") {
    const fields = result as Record<string, unknown>;
    value = fields.amazonCheckoutSessionId ?? fields.token;
  }
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

/** The wallet session the page's loader passes the browser (amazon-pay-validate's answer). */
export interface WalletSession {
  merchantId: string;
  publicKeyId: string;
  ledgerCurrency: string;
  checkoutLanguage: string;
  productType: string;
  placement: string;
  sandbox: boolean;
  amount: number;
  payloadJSON: string;
  signature: string;
}

/** What `amazon.Pay.renderButton` is given: the session, the amount, and the site's callback. */
export function renderButtonOptions(
  session: WalletSession,
  currency: string,
  onPaymentAuthorized: (result: unknown) => void,
) {
  return {
    merchantId: session.merchantId,
    publicKeyId: session.publicKeyId,
    ledgerCurrency: session.ledgerCurrency,
    checkoutLanguage: session.checkoutLanguage,
    productType: session.productType,
    placement: session.placement,
    sandbox: session.sandbox,
    buttonColor: "Gold",
    estimatedOrderAmount: { amount: (session.amount / 100).toFixed(2), currencyCode: currency },
    createCheckoutSessionConfig: {
      payloadJSON: session.payloadJSON,
      signature: session.signature,
      publicKeyId: session.publicKeyId,
    },
    onPaymentAuthorized,
  };
}

/** The part of Amazon Pay's checkout script the page uses. */
export interface AmazonPayApi {
  renderButton(selector: string, options: ReturnType<typeof renderButtonOptions>): unknown;
}

/** `window.amazon.Pay` once the script defined it, else null. */
export function amazonPayApi(window: unknown): AmazonPayApi | null {
  const pay = (window as { amazon?: { Pay?: { renderButton?: unknown } } } | null)?.amazon?.Pay;
  return pay && typeof pay.renderButton === "function" ? (pay as AmazonPayApi) : null;
}

/**
 * What the Content-Security-Policy allows for the wallet (script, connect, frame): the configured
 * script's origin and, for Amazon Pay's own hosts, the other hosts of its region's checkout.
 * Without a tag manager the policy allows scripts by their hosts alone, so these must be right.
 */
export function walletCspHosts(scriptUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(scriptUrl);
  } catch {
    return [];
  }
  if (url.protocol !== "https:") return [];
  const hosts = [url.origin];
  if (url.hostname.endsWith(".payments-amazon.com")) hosts.push("https://*.payments-amazon.com");
  return hosts;
}

/**
 * The wallet's hosts per directive: its script, the calls and frames of its checkout, and the
 * button's images and styles, which Amazon Pay serves from the same hosts.
 */
export function walletCsp(scriptUrl: string): CspSources {
  const hosts = walletCspHosts(scriptUrl);
  if (hosts.length === 0) return {};
  return { script: hosts, connect: hosts, frame: hosts, img: hosts, style: hosts };
}
