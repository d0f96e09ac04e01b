/**
 * The footer's newsletter, as a visitor uses it with JS (instant checks, captcha modal, result
 * modal, no navigation) and without (the post comes back as a page: errors, input, result).
 */
import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

const EN = {
  required: "Email required.",
  invalid: 'The "E-mail" field must contain a valid email address',
  captchaTitle: "Prove you're a human",
  notVerified: "Please confirm that you are not a robot",
  thanks: "Thank you for subscribing!",
  failed: "Something went wrong. Please try again later.",
  tooMany: "Too many requests. Please wait a moment and try again.",
};

const DE = {
  required: "E-Mail-Adresse erforderlich.",
  invalid: "Das Feld „E-Mail“ muss eine gültige E-Mail-Adresse enthalten",
  captchaTitle: "Beweisen Sie, dass Sie ein Mensch sind",
  thanks: "Danke für Ihr Abonnement!",
};

function newsletter(page: Page) {
  const section = page.locator("section#newsletter");
  return {
    section,
    email: section.getByRole("textbox"),
    subscribe: section.locator("button[type=submit]").first(),
    error: section.locator(".field__error"),
  };
}

async function open(page: Page, js: boolean, path = "/features") {
  await page.goto(path);
  await ready(page, js);
  return newsletter(page);
}

/** With JS, passes (or fails) the sandbox's stand-in captcha in its modal. */
async function answerCaptcha(page: Page, pass: boolean, title = EN.captchaTitle) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: pass ? "I am human" : "Fail the check" }).click();
}

test.describe("newsletter", () => {
  test("an empty address gets 'Email required.'", async ({ page, js }) => {
    const form = await open(page, js);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await form.subscribe.click();
    await expect(form.error).toHaveText(EN.required);
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    if (js) {
      // The one check in the browser: nothing was sent.
      expect(posts).toEqual([]);
    } else {
      expect(new URL(page.url()).hash).toBe("#newsletter");
    }
  });

  test("an invalid address gets the field's message and is kept", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill("mia@");
    if (js) {
      // Shown after the field's change event, before anything is sent.
      await form.email.blur();
      await expect(form.error).toHaveText(EN.invalid);
      await form.email.fill("mia@example.com");
      await form.email.blur();
      await expect(form.error).toHaveCount(0);
      await form.email.fill("mia@");
    }
    await form.subscribe.click();
    await expect(form.error).toHaveText(EN.invalid);
    await expect(form.email).toHaveValue("mia@");
  });

  test("a valid address subscribes and shows the result", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill("mia.newsletter@example.com");
    await form.subscribe.click();
    if (js) await answerCaptcha(page, true);
    const result = page.getByRole("dialog", { name: EN.thanks });
    await expect(result).toBeVisible();
    if (js) {
      // No navigation: the same document, the form emptied.
      expect(page.url()).not.toContain("#newsletter");
      await expect(form.email).toHaveValue("");
    }
    await result.getByRole("button", { name: "Close" }).click();
    await expect(result).toBeHidden();
    // The result is shown once: a reload shows the plain page again.
    await page.reload();
    await ready(page, js);
    await expect(page.getByRole("dialog", { name: EN.thanks })).toBeHidden();
  });

  test("an upstream failure shows the seed's message and keeps the address", async ({
    page,
    js,
  }) => {
    const form = await open(page, js);
    await form.email.fill("mia@fault.example");
    await form.subscribe.click();
    if (js) {
      await answerCaptcha(page, true);
      const error = page.getByRole("dialog", { name: "Something went wrong" });
      await expect(error).toContainText(EN.failed);
      await error.getByRole("button", { name: "Close" }).click();
    } else {
      await expect(form.section).toContainText(EN.failed);
    }
    await expect(form.email).toHaveValue("mia@fault.example");
  });

  test("the German page answers in German", async ({ page, js }) => {
    const form = await open(page, js, "/de/features");
    await form.subscribe.click();
    await expect(form.error).toHaveText(DE.required);
    await form.email.fill("mia@");
    await form.subscribe.click();
    await expect(form.error).toHaveText(DE.invalid);
    await form.email.fill("mia.de@example.com");
    await form.subscribe.click();
    if (js) await answerCaptcha(page, true, DE.captchaTitle);
    await expect(page.getByRole("dialog", { name: DE.thanks })).toBeVisible();
  });

  test("works from the home page and from a search", async ({ page, js }) => {
    for (const path of ["/", "/search?q=vault"]) {
      const form = await open(page, js, path);
      await form.email.fill("mia.home@example.com");
      await form.subscribe.click();
      if (js) await answerCaptcha(page, true);
      await expect(page.getByRole("dialog", { name: EN.thanks })).toBeVisible();
      if (!js) expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    }
  });
});

test.describe("newsletter captcha (JS)", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the captcha needs JS");

  test("loads the captcha script only when the modal opens", async ({ page, js }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.url().includes("/sandbox/captcha.js") && scripts.push(r.url()));
    const form = await open(page, js);
    expect(scripts).toEqual([]);
    await form.email.fill("mia.script@example.com");
    await form.subscribe.click();
    await expect(page.getByRole("dialog", { name: EN.captchaTitle })).toBeVisible();
    expect(scripts).toHaveLength(1);
  });

  test("a failed captcha is refused with its message", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill("mia.robot@example.com");
    await form.subscribe.click();
    await answerCaptcha(page, false);
    await expect(form.error).toHaveText(EN.notVerified);
    await expect(form.email).toHaveValue("mia.robot@example.com");
    await expect(page.getByRole("dialog", { name: EN.thanks })).toBeHidden();
  });

  test("Escape closes the captcha modal and the result modal", async ({ page, js }) => {
    const form = await open(page, js);
    await form.email.fill("mia.escape@example.com");
    await form.subscribe.click();
    const captcha = page.getByRole("dialog", { name: EN.captchaTitle });
    await expect(captcha).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(captcha).toBeHidden();
    await expect(form.email).toHaveValue("mia.escape@example.com");
    await form.subscribe.click();
    await answerCaptcha(page, true);
    const result = page.getByRole("dialog", { name: EN.thanks });
    await expect(result).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(result).toBeHidden();
  });
});

test.describe("newsletter abuse", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "plain HTTP, runs once");

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
      form: form({ email: "mia@example.com" }),
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
      form: form({ email: "mia@example.com" }),
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(429);
    expect(again.headers()["cache-control"]).toBe("private, no-store");
    expect(await again.text()).toContain('value="mia@example.com"');
    // The same visitor in a browser without JS, on the German page: a page, in German.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientIp },
    });
    const page = await context.newPage();
    await page.goto("/de/features");
    const { email, subscribe, section } = newsletter(page);
    await email.fill("mia.limit@example.com");
    await subscribe.click();
    await expect(section).toContainText(
      "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    await expect(email).toHaveValue("mia.limit@example.com");
    await context.close();
  });
});
