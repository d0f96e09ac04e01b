import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, ready } from "./fixtures";

/** The footer's newsletter form as the tests drive it, and the texts it shows. */

export const EN = {
  required: "Email required.",
  invalid: 'The "E-mail" field must contain a valid email address',
  captchaTitle: "Prove you're a human",
  notVerified: "Please confirm that you are not a robot",
  thanks: "Thank you for subscribing!",
  failed: "Something went wrong. Please try again later.",
  tooMany: "Too many requests. Please wait a moment and try again.",
};

export const DE = {
  required: "E-Mail-Adresse erforderlich.",
  invalid: "Das Feld „E-Mail“ muss eine gültige E-Mail-Adresse enthalten",
  captchaTitle: "Beweisen Sie, dass Sie ein Mensch sind",
  thanks: "Danke für Ihr Abonnement!",
};

export function newsletter(page: Page) {
  const section = page.locator("section#newsletter");
  return {
    section,
    email: section.getByRole("textbox"),
    subscribe: section.locator("button[type=submit]").first(),
    error: section.locator(".field__error"),
  };
}

export async function open(page: Page, js: boolean, path = "/features") {
  await page.goto(path);
  await ready(page, js);
  return newsletter(page);
}

/** With JS, passes (or fails) the sandbox's stand-in captcha in its modal. */
export async function answerCaptcha(page: Page, pass: boolean, title = EN.captchaTitle) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: pass ? "I am human" : "Fail the check" }).click();
}

/**
 * An address of this test run's own (one per worker): one e-mail is subscribed 3 times a day at
 * most (decision 022), and the suite runs each test with and without JS, retries included.
 */
const RUN = randomInt(1e9);
export function reader(name: string): string {
  return `${name}.${RUN}@example.com`;
}
