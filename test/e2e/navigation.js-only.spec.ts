import type { Page } from "@playwright/test";
import { expect, ready, scriptsSettled, test } from "./fixtures";

// Client-side behaviour that only exists with JS (the no-js project skips this file).
test.describe("client navigation", () => {
  test("images load on client navigation when they come near the viewport", async ({
    page,
    js,
  }) => {
    // A short window, so the blog list has images beyond 1.3 viewport heights.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/");
    await ready(page, js);
    await page.locator('.site-footer a[href="/blog"]').first().dispatchEvent("click");
    await expect(page).toHaveURL(/\/blog$/);
    const lazy = page.locator("main img[data-src]");
    await expect(lazy.first()).toBeAttached();
    // Nothing near the screen waits; everything far below does.
    const limit = 400 * 2.3;
    await expect
      .poll(() =>
        lazy.evaluateAll(
          (imgs, near) => imgs.every((img) => img.getBoundingClientRect().top >= near),
          limit,
        ),
      )
      .toBe(true);
    await expect(lazy.first()).toBeAttached();
    // Scrolling down brings each row near the screen in turn: after each step, once the page has
    // moved, nothing near the screen waits any longer.
    await page.mouse.move(640, 200);
    for (let step = 0; step < 40 && (await lazy.count()) > 0; step++) {
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 250);
      await expect
        .poll(() =>
          page.evaluate(
            (from) =>
              window.scrollY > from ||
              window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
            before,
          ),
        )
        .toBe(true);
      await expect
        .poll(() =>
          lazy.evaluateAll(
            (imgs, near) => imgs.every((img) => img.getBoundingClientRect().top >= near),
            limit,
          ),
        )
        .toBe(true);
    }
    await expect(lazy).toHaveCount(0);
    await expect
      .poll(() =>
        page
          .locator("main img")
          .evaluateAll((imgs) =>
            imgs.every(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);
  });

  test("closes the menu when the window switches to desktop width and back", async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/features");
    await ready(page, js);
    await page.locator(".menu__toggle").click();
    await expect(page.locator(".menu__fold")).toHaveAttribute("open", "");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator(".menu__fold")).not.toHaveAttribute("open", "");
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.locator(".site-header .nav")).toBeHidden();
  });

  test("the folded menu takes the focus, closes on Escape and gives the toggle its focus back", async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/features");
    await ready(page, js);
    const toggle = page.locator(".menu__toggle");
    expect(await menuExpanded(page)).toBe(false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".menu__panel")).toBeFocused();
    expect(await menuExpanded(page)).toBe(true);
    await page.keyboard.press("Tab");
    await expect(page.locator("#header-search")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator(".menu__panel")).toBeHidden();
    await expect(toggle).toBeFocused();
    expect(await menuExpanded(page)).toBe(false);
    // Escape also closes it from deep inside an opened group.
    await toggle.click();
    await page.locator(".nav__summary").first().click();
    await page.getByRole("link", { name: "Password generator" }).focus();
    await page.keyboard.press("Escape");
    await expect(page.locator(".menu__panel")).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("a search engine's cached copy is not taken over and its links lead to the site", async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route("http://webcache.googleusercontent.com/**", async (route) => {
      const url = new URL(route.request().url());
      const path = url.pathname === "/search" ? "/features" : url.pathname + url.search;
      await route.fulfill({ response: await route.fetch({ url: `${baseURL}${path}` }) });
    });
    await page.goto("http://webcache.googleusercontent.com/search?q=cache:keynest-features");
    await expect(page.locator(".hero h1")).toBeVisible();
    await expect(page.locator("a.logo")).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('form[role="search"]:visible')).toHaveAttribute(
      "action",
      `${baseURL}/search`,
    );
    // The page had what hydration waits for (its UI strings), its scripts ran and went idle, and
    // it still is the server's HTML.
    await scriptsSettled(page);
    expect(
      await page.evaluate(() => {
        const strings = document.querySelector<HTMLLinkElement>("link[data-i18n]")?.href;
        return strings ? performance.getEntriesByName(strings).length : 0;
      }),
    ).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  test("shows the progress bar on a slow navigation", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    // The route's data is held until the bar has shown: a navigation as slow as it takes.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.locator('.site-footer a[href="/blog"]').first().click();
    await expect(page.locator(".progress-bar--active")).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator(".progress-bar--active")).toHaveCount(0);
  });
});

/** Whether the menu toggle is exposed as expanded (the accessibility tree, not an attribute). */
async function menuExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const toggle = nodes.find((node) => !node.ignored && node.name?.value === "Menu");
  const expanded = toggle?.properties?.find((property) => property.name === "expanded");
  return expanded ? Boolean(expanded.value.value) : undefined;
}
