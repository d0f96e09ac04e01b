import { expect, test } from "./fixtures";
import { foreignRequests, INTEGRATIONS_URL } from "./integrations";

/**
 * SPEC §7, without JS: with every integration configured, pages still work and ask no other host
 * (the scripts need JS; with JS they load: integrations.js-only.spec.ts).
 */
test.describe("third parties without JS", () => {
  test("with every integration configured, pages work and stay first-party without JS", async ({
    page,
  }) => {
    const foreign = foreignRequests(page, INTEGRATIONS_URL);
    for (const path of ["/", "/features", "/pricing", "/de/blog"]) {
      const response = await page.goto(`${INTEGRATIONS_URL}${path}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1").first()).toBeVisible();
    }
    await page.goto(`${INTEGRATIONS_URL}/search?q=autofill`);
    await expect(page.locator("main")).toContainText(/autofill/i);
    expect(foreign).toEqual([]);
  });
});
