import { AxeBuilder } from "@axe-core/playwright";
import { createHash } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * The contact and partner forms, content blocks of /contact and /partners: with JS they check
 * fields as they are left and send without leaving the page; without JS the page posts and comes
 * back with the result, or with the errors next to the fields and the input kept.
 */

// The forms are rate limited per address (10 posts in 10 minutes): every test posts as its own
// client, through the X-Forwarded-For the server trusts from loopback (playwright.config.ts).
test.beforeEach(async ({ context }) => {
  const hash = createHash("sha256").update(test.info().testId).digest();
  const ip = `10.${hash[0]}.${hash[1]}.${hash[2] ?? 1}`;
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
});

/** Opens a page with a form; with JS, waits until the form itself has hydrated (lazy chunk). */
async function openForm(page: Page, path: string, js: boolean, formId: string) {
  await page.goto(path);
  await ready(page, js);
  const form = page.locator(`form#${formId}-form`);
  await expect(form).toBeVisible();
  if (js) await expect(form).toHaveAttribute("data-enhanced", "");
  return form;
}

function field(form: Locator, name: string) {
  return form.locator(`[name="${name}"]`);
}

test.describe("contact form", () => {
  test("sends a message and thanks the visitor", async ({ page, js }) => {
    const form = await openForm(page, "/contact", js, "contact");
    await field(form, "name").fill("Mia Jones");
    await field(form, "email").fill("mia@example.com");
    await field(form, "subject").fill("Family plan");
    await field(form, "message").fill("How do I add my sister to our family plan?");
    await form.getByRole("button", { name: "Send message" }).click();

    const thanks = page.getByRole("dialog", { name: "Thank you for your message!" });
    await expect(thanks).toBeVisible();
    await expect(thanks).toContainText("We have received it");
    if (js) {
      // Sent in the background: the page stayed, and the form is empty for the next message.
      await expect(page).toHaveURL(/\/contact$/);
      await expect(field(form, "name")).toHaveValue("");
    } else {
      await expect(page).toHaveURL(/\/contact#contact$/);
    }
    await thanks.getByRole("button", { name: "Close" }).click();
    await expect(thanks).toBeHidden();
  });

  test("shows the errors next to the fields and keeps the input", async ({ page, js }) => {
    const form = await openForm(page, "/contact", js, "contact");
    await field(form, "name").fill("Mia Jones");
    await field(form, "email").fill("mia@");
    await form.getByRole("button", { name: "Send message" }).click();

    const email = field(form, "email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("#contact-form-email-error")).toHaveText("Invalid email");
    await expect(email).toHaveAttribute("aria-describedby", "contact-form-email-error");
    await expect(form.locator("#contact-form-message-error")).toHaveText("Text is required");
    await expect(form.locator("#contact-form-name-error")).toHaveCount(0);
    await expect(field(form, "name")).toHaveValue("Mia Jones");
    await expect(email).toHaveValue("mia@");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("keeps the input when the message cannot be sent", async ({ page, js }) => {
    const form = await openForm(page, "/contact", js, "contact");
    await field(form, "name").fill("Mia Jones");
    await field(form, "email").fill("mia@example.com");
    // The sandbox upstream fails every message that contains this text (mocks/faults.ts).
    await field(form, "message").fill("Please answer: sandbox:fault");
    await form.getByRole("button", { name: "Send message" }).click();

    if (js) {
      const error = page.getByRole("dialog", { name: "Something went wrong" });
      await expect(error).toBeVisible();
      await expect(error).toContainText("Something went wrong. Please try again later.");
      await error.getByRole("button", { name: "Close" }).click();
    } else {
      await expect(form.getByRole("alert")).toHaveText(
        "Something went wrong. Please try again later.",
      );
    }
    await expect(field(form, "name")).toHaveValue("Mia Jones");
    await expect(field(form, "email")).toHaveValue("mia@example.com");
    await expect(field(form, "message")).toHaveValue("Please answer: sandbox:fault");
  });

  test("speaks German on the German page", async ({ page, js }) => {
    const form = await openForm(page, "/de/contact", js, "contact");
    await expect(page.locator("h1")).toHaveText("KeyNest kontaktieren");
    await field(form, "email").fill("mia@");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(form.locator("#contact-form-name-error")).toHaveText("Pflichtfeld");
    await expect(form.locator("#contact-form-email-error")).toHaveText("Ungültige E-Mail-Adresse");
    await expect(form.locator("#contact-form-message-error")).toHaveText("Text ist erforderlich");
    await expect(field(form, "email")).toHaveValue("mia@");

    await field(form, "name").fill("Mia Jones");
    await field(form, "email").fill("mia@example.com");
    await field(form, "message").fill("Hallo!");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(
      page.getByRole("dialog", { name: "Vielen Dank für Ihre Nachricht!" }),
    ).toBeVisible();
  });
});

test.describe("partner form", () => {
  test("sends a request and thanks the visitor", async ({ page, js }) => {
    const form = await openForm(page, "/partners", js, "partner");
    await field(form, "company").fill("Northwind Devices");
    await field(form, "website").fill("https://northwind.example");
    await field(form, "name").fill("Lars Berg");
    await field(form, "email").fill("lars@northwind.example");
    await field(form, "message").fill("We would like to bundle KeyNest with our routers.");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("dialog", { name: "Thank you for your request!" })).toBeVisible();
  });

  test("refuses a website that is not a web address", async ({ page, js }) => {
    const form = await openForm(page, "/partners", js, "partner");
    await field(form, "company").fill("Northwind Devices");
    await field(form, "website").fill("javascript:alert(1)");
    await field(form, "name").fill("Lars Berg");
    await field(form, "email").fill("lars@northwind.example");
    await field(form, "message").fill("Hello");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.locator("#partner-form-website-error")).toHaveText(
      "Enter a web address starting with http:// or https://",
    );
    await expect(field(form, "website")).toHaveValue("javascript:alert(1)");
    await expect(field(form, "company")).toHaveValue("Northwind Devices");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("with JS", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "JS behaviour");

  test("checks a field when it is left and again as it is corrected", async ({ page, js }) => {
    const form = await openForm(page, "/contact", js, "contact");
    const email = field(form, "email");
    await email.fill("mia@");
    await expect(form.locator("#contact-form-email-error")).toHaveCount(0);
    await email.blur();
    await expect(form.locator("#contact-form-email-error")).toHaveText("Invalid email");
    await email.fill("mia@example.com");
    await expect(form.locator("#contact-form-email-error")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
  });

  test("loads the form code only on pages with a form", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/features");
    await ready(page, true);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((src) => /ContactForm|PartnerForm|schemas/.test(src))).toEqual([]);

    // Reached in the browser, the contact page fetches its form's chunk and shows the form.
    await page.locator('.site-footer a[href="/contact"]').click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("form#contact-form")).toHaveAttribute("data-enhanced", "");
    expect(scripts.some((src) => /ContactForm/.test(src))).toBe(true);
  });

  test("a page written from prerendered parts hydrates its form without errors", async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // A query the page cache has not seen: the first render learns the parts, the next reuse them.
    const url = (n: number) => `/de/partners?prerender=${test.info().testId}-${n}`;
    for (const n of [1, 2]) expect((await request.get(url(n))).status()).toBe(200);
    const form = await openForm(page, url(3), true, "partner");
    await expect(page.locator("article.page .page__part")).toHaveCount(2);
    await field(form, "company").fill("Northwind Devices");
    await field(form, "company").blur();
    await expect(field(form, "company")).toHaveValue("Northwind Devices");
    expect(errors).toEqual([]);
  });

  for (const path of ["/contact", "/de/partners"]) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await openForm(page, path, true, path.includes("partners") ? "partner" : "contact");
      const popup = page.locator("dialog[open]");
      if (await popup.count()) await popup.getByRole("button").last().click();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    });
  }
});
