import { PAGE_TYPES } from "../../scripts/quality/types";
import { expect, ready, test } from "./fixtures";
import { foreignRequests } from "./integrations";

/**
 * SPEC §7: third-party scripts load on demand only. Without configuration (`npm start`) the
 * common pages ask no other host for anything, with JS or without; with every integration
 * configured, pages without JS still work and still ask no other host (the scripts need JS):
 * third-party.no-js-only.spec.ts.
 * When the captcha, card and wallet scripts do load is covered by newsletter.js-only,
 * checkout-card.js-only and amazon-wallet.js-only.
 */
test.describe("third parties", () => {
  test("the common pages and the checkout make no third-party request without configuration", async ({
    page,
    js,
    baseURL,
  }) => {
    test.slow();
    const foreign = foreignRequests(page, new URL(baseURL ?? "").origin);
    // The checkout too: no card or wallet script before the buyer gets to its step.
    const paths = [...PAGE_TYPES.map((type) => type.path), "/order/checkout?plan=102"];
    for (const path of paths) {
      await page.goto(path);
      await ready(page, js);
      await page.waitForLoadState("networkidle");
    }
    expect(foreign).toEqual([]);
  });
});
