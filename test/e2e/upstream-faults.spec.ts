import type { Locator, Page } from "@playwright/test";
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { startCompiledSite, type CompiledSite } from "../support/compiled-site";
import { sample, TEST_SESSION_SECRET } from "../support/site-http";
import { startUpstreamProcess, type UpstreamProcess } from "../support/upstream-process";
import { field, openForm } from "./content-forms";
import { expect, ready, test } from "./fixtures";
import { newsletter } from "./newsletter-form";

/**
 * What a visitor sees in a browser, with JS and without, when the site's upstream fails
 * (decision 017): the forms keep what was typed and say what the seed says, the error page speaks
 * the page's language. Each project starts its own upstream over HTTP (mocks/http-upstream.ts, in a
 * process of its own) and its own built server pointed at it, on free ports.
 */

const TOKEN = "browser-fault-tests-token";
const MESSAGE = {
  en: "Something went wrong. Please try again later.",
  de: "Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.",
  internal: "Internal error. Please try again later.",
};

let upstream: UpstreamProcess;
let site: CompiledSite;
let origin: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  upstream = await startUpstreamProcess();
  site = await startCompiledSite((port) => ({
    API_URL: upstream.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    // The browser's origin: form posts carry it.
    SITE_URL: `http://localhost:${port}`,
    TRUST_PROXY: "loopback",
    METRICS_TOKEN: TOKEN,
    // afterEach searches until the search breaker closes, as one visitor: no limit in its way.
    SEARCH_RATE_LIMIT: "100000",
  }));
  origin = `http://localhost:${site.port}`;
});

test.afterAll(async () => {
  await site?.stop();
  await upstream?.close();
});

let probes = 0;
/** The upstream back to health, and the site's circuit breakers (one per family) closed again. */
test.afterEach(async ({ request }) => {
  await upstream.faults.clear();
  await upstream.restart().catch(() => undefined);
  await expect
    .poll(
      async () => {
        // A search and a page nobody asked for before are real calls of the search and content
        // families: each its breaker's trial when due.
        await request.get(`${origin}/search?q=recovery-${++probes}`);
        await request.get(`${origin}/recovery-${probes}`);
        const metrics = await request.get(`${origin}/metrics`, {
          headers: { Authorization: `Bearer ${TOKEN}` },
        });
        return sample(await metrics.text(), "upstream_circuit_state");
      },
      { timeout: 15_000, intervals: [200] },
    )
    .toBe(0);
});

const at = (path: string) => `${origin}${path}`;

/** The seed's failure message: in a modal with JS (Escape closes it), beside the form without. */
async function expectFailure(page: Page, js: boolean, message: string, form: Locator) {
  if (js) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(message);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(form.getByRole("alert").filter({ hasText: message })).toBeVisible();
  }
}

test("the newsletter keeps the address and says so in German when the upstream is down", async ({
  page,
  js,
}) => {
  await page.goto(at("/de/features"));
  await ready(page, js);
  await upstream.stop();
  const form = newsletter(page);
  await form.email.fill("leserin@keynest.example");
  await form.subscribe.click();
  await expectFailure(page, js, MESSAGE.de, form.section);
  await expect(form.email).toHaveValue("leserin@keynest.example");
  // The page itself is still the page (from the caches), not an error page.
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Hoppla/);
});

test("the contact form keeps every field when the message cannot be sent (500)", async ({
  page,
  js,
}) => {
  const form = await openForm(page, at("/contact"), js, "contact");
  await upstream.faults.set({
    path: "/orbitshield/vpn/send/",
    fault: { kind: "status", status: 500 },
  });
  await field(form, "name").fill("Mia Jones");
  await field(form, "email").fill("mia@example.com");
  await field(form, "subject").fill("Family plan");
  await field(form, "message").fill("How do I add my sister?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expectFailure(page, js, MESSAGE.internal, form);
  await expect(field(form, "name")).toHaveValue("Mia Jones");
  await expect(field(form, "email")).toHaveValue("mia@example.com");
  await expect(field(form, "subject")).toHaveValue("Family plan");
  await expect(field(form, "message")).toHaveValue("How do I add my sister?");
});

test("the feedback comment is kept when the upstream stops answering", async ({ page, js }) => {
  await page.goto(at("/help/manuals/how-to-install"));
  await ready(page, js);
  const feedback = page.locator("section#feedback");
  await feedback.getByRole("button", { name: "No" }).click();
  const comment = feedback.getByLabel("Anything to add? (optional)");
  await expect(comment).toBeVisible();
  await upstream.stop();
  await comment.fill("The screenshots are out of date");
  await feedback.getByRole("button", { name: "Send" }).click();
  await expectFailure(page, js, MESSAGE.en, feedback);
  await expect(comment).toHaveValue("The screenshots are out of date");
});

test("the checkout keeps the e-mail and the choices when the order cannot be placed", async ({
  page,
  js,
}) => {
  await page.goto(at("/order/checkout?plan=102"));
  await ready(page, js);
  await upstream.stop();
  await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
  await page.getByLabel("Bitcoin").check();
  await page.getByLabel("Send me news and special offers by e-mail").check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("alert").filter({ hasText: MESSAGE.en })).toBeVisible();
  await expect(page).toHaveURL(/\/order\/checkout\?plan=102/);
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("dana@example.com");
  await expect(page.getByLabel("Bitcoin")).toBeChecked();
  await expect(page.getByLabel("Send me news and special offers by e-mail")).toBeChecked();
});

test("signing in keeps the e-mail (never the password) when the provider is down", async ({
  page,
  js,
}) => {
  await page.goto(at("/sign-in"));
  await ready(page, js);
  await upstream.stop();
  const form = page.locator("form.sign-in-form");
  await form.locator('input[name="email"]').fill("active@keynest.example");
  await form.locator('input[name="password"]').fill(SANDBOX_PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MESSAGE.en })).toBeVisible();
  await expect(form.locator('input[name="email"]')).toHaveValue("active@keynest.example");
  if (!js) await expect(form.locator('input[name="password"]')).toHaveValue("");
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("a page the site has not shown before is the French error page, 503", async ({ page, js }) => {
  await upstream.faults.set({ path: "", fault: { kind: "status", status: 503 } });
  const response = await page.goto(at("/fr/security"));
  expect(response?.status()).toBe(503);
  await ready(page, js);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Oups ! Une erreur s’est produite !",
  );
  await expect(
    page.getByText("Une erreur s’est produite. Veuillez réessayer plus tard."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à la page d’accueil" })).toHaveAttribute(
    "href",
    "/fr",
  );
});

test("the server is still up", async ({ request }) => {
  expect(site.alive()).toBe(true);
  expect((await request.get(at("/healthz"))).status()).toBe(200);
  expect((await request.get(at("/readyz"))).status()).toBe(200);
});
