import type { Page } from "@playwright/test";

/**
 * The Amazon Pay wallet page in the browser tests: the wallet script's URL (the server's default
 * AMAZON_PAY_SCRIPT_URL) and a stand-in for it that renders a button and calls the site's
 * payment-authorized callback with a checkout session id (`window.walletStandInToken` when a test
 * set one, e.g. "decline-1" for a payment the wallet refuses).
 */
export const WALLET_SCRIPT_URL = "https://static-na.payments-amazon.com/checkout.js";

/** The sandbox's standing pending Amazon Pay order (mocks/sales/catalogue.json): never settles. */
export const STANDING_AMAZON_ORDER = "101-0a1b2c3d4e5f-00000004";

export const WALLET_STAND_IN = `
window.amazon = {
  Pay: {
    renderButton(selector, options) {
      const host = document.querySelector(selector);
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Amazon Pay stand-in";
      button.addEventListener("click", () =>
        options.onPaymentAuthorized({
          amazonCheckoutSessionId: window.walletStandInToken || "e2e-checkout-session-1",
        }),
      );
      host.append(button);
      window.walletStandInOptions = options;
    },
  },
};
`;

/**
 * Serves the stand-in for the wallet script (or aborts its request), and notes when it was asked
 * for and when the wallet page's document arrived (the preparatory step ran before it).
 */
export async function routeWalletScript(page: Page, mode: "stand-in" | "abort" = "stand-in") {
  const seen = { documentAt: 0, scriptAt: [] as number[] };
  page.on("response", (response) => {
    const request = response.request();
    if (request.resourceType() === "document" && /\/amazon\/payment\?/.test(response.url())) {
      seen.documentAt = Date.now();
    }
  });
  await page.route(WALLET_SCRIPT_URL, async (route) => {
    seen.scriptAt.push(Date.now());
    if (mode === "abort") return route.abort("connectionrefused");
    return route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: WALLET_STAND_IN,
    });
  });
  return seen;
}
