import type { Locator, Page } from "@playwright/test";
import { expect, ready } from "./fixtures";

/** Opens a page with a form; with JS, waits until the form itself has hydrated (lazy chunk). */
export async function openForm(page: Page, path: string, js: boolean, formId: string) {
  await page.goto(path);
  await ready(page, js);
  const form = page.locator(`form#${formId}-form`);
  await expect(form).toBeVisible();
  if (js) await expect(form).toHaveAttribute("data-enhanced", "");
  return form;
}

export function field(form: Locator, name: string) {
  return form.locator(`[name="${name}"]`);
}
