import { expect, ready, test } from "./fixtures";

const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0";

test.describe("downloads: the visitor's system is preselected", () => {
  test.describe("on a Mac with Safari", () => {
    test.use({ userAgent: MAC_SAFARI });

    test("marks macOS and Safari and offers macOS first", async ({ page, js }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // Both visits must hydrate cleanly.
      await page.goto("/downloads");
      await ready(page, js);
      await page.goto("/downloads");
      await ready(page, js);
      const list = page.locator("#platforms");
      await expect(list.locator('li[data-platform="macos"]')).toHaveClass(/is-mine/);
      await expect(list.locator('li[data-platform="safari"]')).toHaveClass(/is-mine/);
      await expect(list.locator('li[data-platform="windows"]')).not.toHaveClass(/is-mine/);
      await expect(list.locator('li[data-platform="macos"]')).toContainText("Your device");
      // The visitor's own come first, in the page's order.
      const order = await list
        .locator("li.platform-card")
        .evaluateAll((all) => all.map((li) => li.getAttribute("data-platform")));
      expect(order.slice(0, 2)).toEqual(["macos", "safari"]);
      await list.locator('li[data-platform="macos"] a.platform-card__details').click();
      await expect(page).toHaveURL(/\/downloads\/macos$/);
      expect(errors).toEqual([]);
    });
  });

  test.describe("on Windows with Edge", () => {
    test.use({ userAgent: WINDOWS_EDGE });

    test("marks Windows and Edge, also after a client-side visit", async ({ page, js }) => {
      await page.goto("/downloads/chrome");
      await ready(page, js);
      await page.locator('main a[href="/downloads"]').first().click();
      await expect(page).toHaveURL(/\/downloads$/);
      const list = page.locator("#platforms");
      await expect(list.locator('li[data-platform="windows"]')).toHaveClass(/is-mine/);
      await expect(list.locator('li[data-platform="edge"]')).toHaveClass(/is-mine/);
      await expect(list.locator("li.platform-card").first()).toHaveAttribute(
        "data-platform",
        "windows",
      );
    });

    test("the server's HTML is the same for every browser", async ({ request }) => {
      const body = await (
        await request.get("/downloads", {
          headers: { accept: "text/html", "user-agent": WINDOWS_EDGE },
        })
      ).text();
      expect(body).toContain('data-platform="windows" class="platform-card"');
      expect(body).not.toContain('class="platform-card is-mine"');
      expect(body).not.toContain('class="download-targets__pick"');
      expect(body).not.toContain("data-mine=");
    });
  });
});
