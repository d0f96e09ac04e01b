import { field, openForm } from "./content-forms";
import { expect, test } from "./fixtures";

/**
 * The contact and partner forms, content blocks of /contact and /partners: with JS they check
 * fields as they are left and send without leaving the page; without JS the page posts and comes
 * back with the result, or with the errors next to the fields and the input kept.
 */

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
