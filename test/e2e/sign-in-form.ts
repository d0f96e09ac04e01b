import type { Page } from "@playwright/test";
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { ready } from "./fixtures";

/** Fills and sends the sign-in form of the page the test is on (English, German or French). */
export async function signIn(page: Page, js: boolean, email: string, password = SANDBOX_PASSWORD) {
  await ready(page, js);
  const form = page.locator("form.sign-in-form");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: /^(Sign in|Anmelden|Se connecter)$/ }).click();
}
