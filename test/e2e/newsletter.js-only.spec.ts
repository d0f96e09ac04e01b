/**
 * The newsletter's captcha (it needs JS) and what an abuser tries over plain HTTP (runs once).
 */
import { expect, test } from "./fixtures";
import { answerCaptcha, EN, newsletter, open, reader } from "./newsletter-form";

test.describe("newsletter captcha (JS)", () => {
  test("loads the captcha script only when the modal opens", async ({ page, js }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.url().includes("/sandbox/captcha.js") && scripts.push(r.url()));
    const form = await open(page, js);
    expect(scripts).toEqual([]);
    await form.email.fill(reader("mia.script"));
    await form.subscribe.click();
    await expect(page.getByRole("dialog", { name: EN.captchaTitle })).toBeVisible();
    expect(scripts).toHaveLength(1);
  });

  test("a failed captcha is refused with its message", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill(reader("mia.robot"));
    await form.subscribe.click();
    await answerCaptcha(page, false);
    await expect(form.error).toHaveText(EN.notVerified);
    await expect(form.email).toHaveValue(reader("mia.robot"));
    await expect(page.getByRole("dialog", { name: EN.thanks })).toBeHidden();
  });

  test("after a failure, the next attempt shows only its own answer", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill("mia@fault.example");
    await form.subscribe.click();
    await answerCaptcha(page, true);
    const error = page.getByRole("dialog", { name: "Something went wrong" });
    await error.getByRole("button", { name: "Close" }).click();
    await expect(error).toBeHidden();
    await form.email.fill(reader("second-try"));
    await form.subscribe.click();
    // The captcha of the new attempt, not the old error, comes next; then the new result.
    await answerCaptcha(page, true);
    await expect(page.getByRole("dialog", { name: EN.thanks })).toBeVisible();
    await expect(error).toBeHidden();
  });

  test("Escape closes the captcha modal and the result modal", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill(reader("mia.escape"));
    await form.subscribe.click();
    const captcha = page.getByRole("dialog", { name: EN.captchaTitle });
    await expect(captcha).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(captcha).toBeHidden();
    await expect(form.email).toHaveValue(reader("mia.escape"));
    await form.subscribe.click();
    await answerCaptcha(page, true);
    const result = page.getByRole("dialog", { name: EN.thanks });
    await expect(result).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(result).toBeHidden();
  });
});

test.describe("newsletter abuse", () => {
  const form = (fields: Record<string, string>) => ({
    _form: "newsletter",
    website_url: "",
    ...fields,
  });

  test("a filled honeypot looks like success", async ({ request, baseURL }) => {
    const response = await request.post("/features", {
      form: form({ email: "bot@example.com", website_url: "https://spam.example" }),
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/features#newsletter");
    expect(response.headers()["set-cookie"]).toMatch(/^kn_flash=newsletter\.ok/);
  });

  test("a cross-site post is refused", async ({ request }) => {
    const response = await request.post("/features", {
      form: form({ email: reader("mia") }),
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("the visitor's 11th post in the window gets a 429 page that keeps the input", async ({
    browser,
    request,
    baseURL,
    clientIp,
  }) => {
    for (let i = 0; i < 10; i += 1) {
      const response = await request.post("/features", {
        form: form({ email: "" }),
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
    }
    const again = await request.post("/features", {
      form: form({ email: reader("mia") }),
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(429);
    expect(again.headers()["cache-control"]).toBe("private, no-store");
    expect(await again.text()).toContain(`value="${reader("mia")}"`);
    // The same visitor in a browser without JS, on the German page: a page, in German.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/de/features");
    const { email, subscribe, section } = newsletter(page);
    await email.fill(reader("mia.limit"));
    await subscribe.click();
    await expect(section).toContainText(
      "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    await expect(email).toHaveValue(reader("mia.limit"));
    await context.close();
  });
});
