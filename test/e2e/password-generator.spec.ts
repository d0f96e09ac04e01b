import { expect, ready, test } from "./fixtures";

const password = (page: import("@playwright/test").Page) => page.getByTestId("generated-password");
const length = (page: import("@playwright/test").Page, name = "Length (8–128)") =>
  page.getByRole("spinbutton", { name });

test.describe("password generator without JS", () => {
  test.use({ javaScriptEnabled: false });

  test("the form asks the server for a password of the chosen length and classes", async ({
    page,
  }) => {
    await page.goto("/password-generator");
    await expect(password(page)).toHaveValue("");
    await length(page).fill("32");
    await page.getByLabel("Symbols (!#$%…)").uncheck();
    await page.getByLabel("Uppercase letters (A–Z)").uncheck();
    const answer = page.waitForResponse((r) => r.url().includes("length=32"));
    await page.getByRole("button", { name: "Generate password" }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(new URL(response.url()).searchParams.get("symbols")).toBeNull();
    const value = await password(page).inputValue();
    expect(value).toMatch(/^[a-z0-9]{32}$/);
    expect(value).toMatch(/[a-z]/);
    expect(value).toMatch(/[0-9]/);
    await expect(page.locator("[data-strength]")).toContainText("Strength");
  });

  test("two loads give different passwords, never cached", async ({ page }) => {
    const query = "/password-generator?length=20&lower=1&upper=1&digits=1&symbols=1";
    const first = await page.goto(query);
    expect(first?.headers()["cache-control"]).toBe("private, no-store");
    const a = await password(page).inputValue();
    const second = await page.goto(query);
    expect(second?.headers()["cache-control"]).toBe("private, no-store");
    const b = await password(page).inputValue();
    expect(a).toHaveLength(20);
    expect(b).toHaveLength(20);
    expect(a).not.toBe(b);
  });

  test("odd values fall back to defaults; no class is a localized message", async ({ page }) => {
    const odd = await page.goto(
      `/password-generator?length=${"9".repeat(3000)}&lower=%3Cscript%3E&digits=1`,
    );
    expect(odd?.status()).toBe(200);
    await expect(password(page)).toHaveValue(/^[0-9]{20}$/);
    expect(await page.content()).not.toContain("<script>alert");
    await page.goto("/de/password-generator?length=12");
    await expect(page.getByRole("alert")).toHaveText("Wählen Sie mindestens eine Zeichenart.");
  });

  test("the German page is German", async ({ page }) => {
    const response = await page.goto("/de/password-generator?length=16&upper=1&digits=1");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(length(page, "Länge (8–128)")).toHaveValue("16");
    await expect(page.getByRole("button", { name: "Passwort erzeugen" })).toBeVisible();
    await expect(password(page)).toHaveValue(/^[A-Z0-9]{16}$/);
  });
});

test("the plain page holds no password and may be shared", async ({ page, js }) => {
  const response = await page.goto("/password-generator");
  expect(response?.headers()["cache-control"]).toMatch(/public/);
  expect(await response?.text()).not.toMatch(/data-testid="generated-password"[^>]*value="[^"]/);
  await ready(page, js);
  await expect(page.getByRole("button", { name: /Generate password/ })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`the generator is the page's first screen at ${width} px`, async ({ page, js }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto("/password-generator");
    await ready(page, js);
    const viewport = page.viewportSize()!;
    await expect(page.locator("h1")).toHaveClass(/password-generator__title/);
    for (const part of [
      password(page),
      page.locator(".password-generator__meter"),
      page.getByRole("spinbutton", { name: "Length (8–128)" }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    const display = (await password(page).boundingBox())!;
    expect(display.height).toBeGreaterThanOrEqual(44);
    if (width >= 1280) {
      await expect(page.getByRole("button", { name: "Generate password" })).toBeInViewport();
    }
  });
}

test("the German page has the English page's five sections", async ({ page }) => {
  await page.goto("/de/password-generator");
  await expect(page.locator("h1")).toHaveText("Starke Passwörter mit einem Klick");
  await expect(page.locator(".feature-grid .feature")).toHaveCount(4);
  await expect(page.locator("#tips h2")).toHaveText("Was macht ein Passwort stark?");
  await expect(page.locator(".cta")).toContainText("Das Merken übernimmt");
});
