import type { Page } from "@playwright/test";

/**
 * A stand-in for Stripe.js in the browser tests: the same global `Stripe(key, options)` and the
 * parts of its API the card step uses (`elements().create("card")`, `mount`, `on("change")`,
 * `destroy`, `confirmCardPayment`, `paymentRequest()` with `canMakePayment`, `on` and `show`),
 * served in place of the real script by routing `https://js.stripe.com/**`. Its card field is a
 * plain input inside the mount node, so a test types a test card number; the numbers answer as
 * Stripe's test cards do, with Stripe-shaped errors. It refuses any API version but 2020-03-02.
 */

/** Stripe's test cards and the error each answers (null: the payment succeeds). */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  stolen: "4000000000009979",
  lost: "4000000000009987",
  insufficientFunds: "4000000000009995",
  expired: "4000000000000069",
  incorrectCvc: "4000000000000127",
  processingError: "4000000000000119",
  zipCheck: "4000000000000036",
  authenticationFailure: "4000000000003220",
} as const;

export interface StandInOptions {
  /** What `paymentRequest().canMakePayment()` answers (null: no wallet on this device). */
  canMakePayment?: { applePay: boolean; googlePay?: boolean } | null;
  /** The script fails to load (a network error). */
  fail?: boolean;
}

/** The stand-in's source; `__OPTIONS__` and `__VERSION__` are filled in when it is served. */
export const STRIPE_STAND_IN_SOURCE = String.raw`(function () {
  "use strict";
  var OPTIONS = __OPTIONS__;
  var API_VERSION = "2020-03-02";
  var ERRORS = {
    "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
    "4000000000009979": { code: "card_declined", decline_code: "stolen_card", message: "Your card was declined." },
    "4000000000009987": { code: "card_declined", decline_code: "lost_card", message: "Your card was declined." },
    "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
    "4000000000000069": { code: "expired_card", message: "Your card has expired." },
    "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
    "4000000000000119": { code: "processing_error", message: "An error occurred while processing your card. Try again in a little bit." },
    "4000000000000036": { code: "incorrect_zip", message: "The zip code you supplied failed validation." },
    "4000000000003220": { code: "payment_intent_authentication_failure", message: "We are unable to authenticate your payment method." }
  };
  var log = { apiVersion: null, key: null, confirmed: [], elements: 0, paymentRequests: 0 };
  window.stripeStandInLog = log;

  function later(value) {
    return new Promise(function (resolve) { setTimeout(function () { resolve(value); }, 30); });
  }
  function intentOf(secret) {
    var match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(secret));
    if (!match) throw new Error("IntegrationError: Invalid value for confirmCardPayment: clientSecret");
    return match[1];
  }

  function CardElement() {
    var listeners = {};
    var input = null;
    var element = {
      _number: function () { return input ? input.value.replace(/\D/g, "") : ""; },
      mount: function (target) {
        var node = typeof target === "string" ? document.querySelector(target) : target;
        if (!node) throw new Error("IntegrationError: the mount target does not exist");
        input = document.createElement("input");
        input.type = "text";
        input.name = "cardnumber";
        input.inputMode = "numeric";
        input.autocomplete = "cc-number";
        input.setAttribute("aria-label", "Card number");
        input.setAttribute("data-stand-in", "card");
        input.addEventListener("input", function () {
          var number = element._number();
          var event = { elementType: "card", empty: number === "", complete: /^\d{16}$/.test(number), brand: "visa" };
          (listeners.change || []).forEach(function (listener) { listener(event); });
        });
        node.appendChild(input);
      },
      on: function (name, listener) {
        (listeners[name] = listeners[name] || []).push(listener);
        return element;
      },
      destroy: function () { if (input && input.parentNode) input.parentNode.removeChild(input); input = null; }
    };
    return element;
  }

  function Stripe(key, options) {
    if (typeof key !== "string" || !/^pk_(test|live)_/.test(key)) throw new Error("IntegrationError: Invalid API Key provided");
    if (!options || options.apiVersion !== API_VERSION) {
      throw new Error("IntegrationError: the stand-in expects apiVersion " + API_VERSION + ", got " + (options && options.apiVersion));
    }
    log.key = key;
    log.apiVersion = options.apiVersion;
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== "card") throw new Error("IntegrationError: the stand-in only has the card Element");
            log.elements++;
            return CardElement();
          }
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = intentOf(clientSecret);
        var method = data && data.payment_method;
        if (typeof method === "string") {
          log.confirmed.push({ intent: id, wallet: method });
          return later({ paymentIntent: { id: id, status: "succeeded", client_secret: clientSecret } });
        }
        if (!method || !method.card || typeof method.card._number !== "function") {
          return later({ paymentIntent: { id: id, status: "succeeded", client_secret: clientSecret } });
        }
        var number = method.card._number();
        if (!/^\d{16}$/.test(number)) {
          return later({ error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } });
        }
        var error = ERRORS[number];
        if (error) {
          return later({ error: Object.assign({ type: "card_error", payment_intent: { id: id, status: "requires_payment_method" } }, error) });
        }
        log.confirmed.push({ intent: id, card: number.slice(-4), billing: method.billing_details || null });
        return later({ paymentIntent: { id: id, status: "succeeded", client_secret: clientSecret } });
      },
      paymentRequest: function (request) {
        if (!request || !request.total || typeof request.total.amount !== "number") {
          throw new Error("IntegrationError: paymentRequest needs a total");
        }
        log.paymentRequests++;
        var listeners = {};
        return {
          canMakePayment: function () { return later(OPTIONS.canMakePayment === undefined ? null : OPTIONS.canMakePayment); },
          on: function (name, listener) { (listeners[name] = listeners[name] || []).push(listener); },
          show: function () {
            setTimeout(function () {
              var event = {
                paymentMethod: { id: "pm_standinwallet" },
                payerName: "Dana Miller",
                complete: function (status) { log.walletComplete = status; }
              };
              (listeners.paymentmethod || []).forEach(function (listener) { listener(event); });
            }, 30);
          }
        };
      }
    };
  }
  Stripe.version = __VERSION__;
  window.Stripe = Stripe;
})();`;

/** The stand-in's source for one test. */
export function standInSource(options: StandInOptions, version: string): string {
  return STRIPE_STAND_IN_SOURCE.replace(
    "__OPTIONS__",
    JSON.stringify({ canMakePayment: options.canMakePayment ?? null }),
  ).replace("__VERSION__", JSON.stringify(version));
}

/**
 * Serves the stand-in for every request to js.stripe.com (or fails them), and returns the list
 * of Stripe.js URLs the page requested.
 */
export async function routeStripe(page: Page, options: StandInOptions = {}): Promise<string[]> {
  const requested: string[] = [];
  await page.route("https://js.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    requested.push(url.href);
    if (options.fail) return route.abort("connectionrefused");
    // The release train is the script's first path segment (`/endive/stripe.js`).
    const version = url.pathname.split("/")[1] || "v3";
    return route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: standInSource(options, version),
    });
  });
  return requested;
}
