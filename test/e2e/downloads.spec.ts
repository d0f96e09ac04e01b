import { expect, test } from "./fixtures";

/** What a store badge must never lead to: an installer file or the provider's download endpoint. */
const INSTALLER = /\.(exe|msi|dmg|pkg|apk)$|-download\//;
const MS_STORE = "https://apps.microsoft.example/detail/keynest";
const MAC_STORE = "https://apps.apple.example/app/keynest-for-mac";
const EXE = "https://download.orbitshield.example/keynest/3.4.1/keynest-Setup.exe";
const DMG = "https://download.orbitshield.example/keynest/3.4.1/keynest-Installer.dmg";
const TARGETS = [
  "windows",
  "macos",
  "ios",
  "android",
  "chrome",
  "firefox",
  "edge",
  "safari",
  "app",
];

test.describe("downloads", () => {
  for (const [path, type, store, label, file] of [
    ["/downloads/windows", "windows", MS_STORE, "Get it on Microsoft Store", EXE],
    ["/downloads/macos", "macos", MAC_STORE, "Download on the Mac App Store", DMG],
    ["/", "windows", MS_STORE, "Get it on Microsoft Store", EXE],
  ] as const) {
    test(`${path}: the ${type} badge leads to its store listing, the installer is its own button`, async ({
      page,
    }) => {
      await page.goto(path);
      const badge = page.locator(`a.store-badge--${type}`).first();
      await expect(badge).toHaveAttribute("href", store);
      await expect(badge).toHaveAttribute("aria-label", label);
      for (const href of await page
        .locator("a.store-badge")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) {
        expect(href).not.toMatch(INSTALLER);
      }
      const installer = page.locator(`a[href="${file}"]`).first();
      await expect(installer).toBeVisible();
      await expect(installer).toContainText("Direct download for");
      await expect(installer).toContainText("version 3.4.1");
      await expect(installer).not.toHaveClass(/store-badge/);
    });
  }

  test("a store visit shows the store badges and no direct installer", async ({ page }) => {
    await page.goto("/downloads/windows?platform=store");
    await expect(page.locator("a.store-badge--windows").first()).toHaveAttribute("href", MS_STORE);
    await expect(page.getByRole("link", { name: /Direct download/ })).toHaveCount(0);
    await expect(page.locator(`a[href$=".exe"], a[href*="-download/"]`)).toHaveCount(0);
    // SPEC §2: a platform query parameter hides the footer's link lists.
    await expect(page.locator(".footer-group")).toHaveCount(0);

    await page.goto("/downloads/macos?download=appstore");
    await expect(page.locator("a.store-badge--macos").first()).toHaveAttribute("href", MAC_STORE);
    await expect(page.locator(`a[href$=".dmg"], a[href*="-download/"]`)).toHaveCount(0);
  });

  test("an unknown platform value is no store visit and is not reflected", async ({ page }) => {
    await page.goto("/downloads/windows?platform=%3Cb%3Estore%3C%2Fb%3E");
    await expect(page.locator(`a[href="${EXE}"]`).first()).toBeVisible();
    expect(await page.content()).not.toContain("<b>store</b>");
  });

  test("a store visit is never answered from the cache of a plain visit", async ({ request }) => {
    const html = { headers: { accept: "text/html" } };
    await request.get("/downloads/windows", html);
    const plain = await request.get("/downloads/windows", html);
    expect(await plain.text()).toContain(EXE);
    const store = await request.get("/downloads/windows?platform=store", html);
    expect(store.status()).toBe(200);
    expect(await store.text()).not.toContain(EXE);
  });

  test("the hub shows each target once, as a card with its badges and its page", async ({
    page,
  }) => {
    await page.goto("/downloads");
    const cards = page.locator("#platforms .platform-card");
    await expect(cards).toHaveCount(TARGETS.length);
    const details = page.locator("#platforms a.platform-card__details");
    const hrefs = await details.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
    expect(hrefs.sort()).toEqual(TARGETS.map((t) => `/downloads/${t}`).sort());
    await expect(page.getByRole("heading", { name: "All platforms" })).toBeVisible();
    // No platform list, quick download or second card list beside the cards.
    await expect(page.locator(".download-buttons, .cards")).toHaveCount(0);
    await expect(page.locator(".hero .store-badge, .hero .btn")).toHaveCount(0);
    // Store listings and the provider's installers, all drawn as one kind of badge.
    const windows = page.locator('#platforms li[data-platform="windows"]');
    await expect(windows.locator("a.store-badge--store")).toHaveAttribute("href", MS_STORE);
    await expect(windows.locator("a.store-badge--installer")).toHaveAttribute("href", EXE);
    await expect(windows.locator("a.store-badge--installer")).toContainText(".exe · version 3.4.1");
    await expect(
      page.locator('#platforms li[data-platform="app"] a.store-badge--web'),
    ).toHaveAttribute("href", "https://vault.keynest.example");
    for (const target of TARGETS) {
      const badges = page.locator(`#platforms li[data-platform="${target}"] a.store-badge`);
      expect(await badges.count(), target).toBeGreaterThan(0);
    }
    await page.locator('#platforms li[data-platform="android"] a.platform-card__details').click();
    await expect(page).toHaveURL(/\/downloads\/android$/);
    await expect(page.locator("a.store-badge--android").first()).toHaveAttribute(
      "href",
      /^https:\/\/play\.google\.example\//,
    );
  });

  test("a store visit gets no installer on the hub", async ({ page }) => {
    await page.goto("/downloads?platform=store");
    await expect(page.locator("#platforms a.store-badge--installer")).toHaveCount(0);
    await expect(page.locator("#platforms a.store-badge--store").first()).toBeVisible();
  });

  test("the German downloads pages", async ({ page }) => {
    await page.goto("/de/downloads/windows");
    await expect(page.locator("a.store-badge--windows").first()).toHaveAttribute("href", MS_STORE);
    await expect(page.locator("a.store-badge--windows").first()).toHaveAttribute(
      "aria-label",
      "Jetzt bei Microsoft Store",
    );
    await expect(page.locator(`a[href="${EXE}"]`).first()).toContainText(
      "Direkter Download für Windows",
    );
    await page.goto("/de/downloads");
    await expect(page.getByRole("heading", { name: "Alle Plattformen" })).toBeVisible();
    await expect(page.locator("#platforms .platform-card")).toHaveCount(TARGETS.length);
    await expect(page.locator('#platforms a[href="/de/downloads/macos"]')).toBeVisible();
    await expect(page.locator("#platforms a.store-badge--installer").first()).toContainText(
      "Direkter Download",
    );
  });

  test("a failed download call keeps the page up with its store badge", async ({ page }) => {
    const response = await page.goto("/sandbox/download-fault");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "DNS firewall for Windows" })).toBeVisible();
    await expect(page.locator("a.store-badge--windows")).toHaveAttribute(
      "href",
      "https://apps.microsoft.example/detail/orbitshield-dns-firewall",
    );
    await expect(page.getByRole("link", { name: /Direct download/ })).toHaveCount(0);
  });
});
