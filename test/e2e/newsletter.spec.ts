/**
 * The footer's newsletter, as a visitor uses it with JS (instant checks, captcha modal, result
 * modal, no navigation) and without (the post comes back as a page: errors, input, result).
 */
import { expect, ready, test } from "./fixtures";
import { answerCaptcha, DE, EN, open, reader } from "./newsletter-form";

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
      await form.email.fill(reader("mia"));
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
    await form.email.fill(reader("mia.newsletter"));
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
    await form.email.fill(reader("mia.de"));
    await form.subscribe.click();
    if (js) await answerCaptcha(page, true, DE.captchaTitle);
    await expect(page.getByRole("dialog", { name: DE.thanks })).toBeVisible();
  });

  test("works from the home page and from a search", async ({ page, js }) => {
    for (const path of ["/", "/search?q=vault"]) {
      const form = await open(page, js, path);
      await form.email.fill(reader("mia.home"));
      await form.subscribe.click();
      if (js) await answerCaptcha(page, true);
      await expect(page.getByRole("dialog", { name: EN.thanks })).toBeVisible();
      if (!js) expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    }
  });
});
