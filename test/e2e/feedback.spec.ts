import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * The feedback panels (SPEC §2) in both projects: with JS the fetcher sends them and nothing
 * navigates; without JS each post returns to the page (flash, or the errors with the text kept).
 * The page's HTML asks everyone (it is shared by caches): with JS the panel shows a page already
 * answered from the `kn_fb` cookie once hydrated; without JS a second vote is thanked, not counted.
 */

const MANUAL = "/help/manuals/how-to-install";

function panel(page: Page, id: "feedback" | "download") {
  return page.locator(`section#${id}`);
}

/** The answer to the next form post: the page itself without JS, the fetcher's call with JS. */
function nextPost(page: Page) {
  return page.waitForResponse((response) => response.request().method() === "POST");
}

test.describe("feedback panels", () => {
  test("'Was this helpful?' → yes → thanks and the comment form; answered after a reload", async ({
    page,
    js,
    context,
  }) => {
    await page.goto(MANUAL);
    await ready(page, js);
    const feedback = panel(page, "feedback");
    await expect(feedback.getByRole("heading", { name: "Was this helpful?" })).toBeVisible();
    // The panel is outside the article.
    await expect(page.locator("article section#feedback")).toHaveCount(0);

    const post = nextPost(page);
    await feedback.getByRole("button", { name: "Yes" }).click();
    expect((await post).status()).toBe(js ? 200 : 303);
    await expect(feedback.getByText("Thank you! We're glad it helped.")).toBeVisible();
    await expect(feedback.getByLabel("Anything to add? (optional)")).toBeVisible();
    await expect(feedback.getByRole("button", { name: "Yes" })).toHaveCount(0);
    if (!js) expect(new URL(page.url()).hash).toBe("#feedback");

    // Readable by the page's script (hashes of paths, nothing secret): decision 014 §6.
    const cookie = (await context.cookies()).find((c) => c.name === "kn_fb");
    expect(cookie).toMatchObject({ httpOnly: false, sameSite: "Lax", path: "/" });
    expect(cookie?.value).toMatch(/^[0-9a-z]{1,7}$/);

    await page.goto(MANUAL);
    await ready(page, js);
    if (js) {
      // Answered: the panel says so once hydrated, and asks nothing.
      await expect(feedback.getByText("Thanks for your feedback")).toBeVisible();
      await expect(feedback.getByRole("button")).toHaveCount(0);
      await expect(feedback.locator("textarea")).toHaveCount(0);
    } else {
      // The shared page asks again; a second vote is thanked and not counted.
      const again = nextPost(page);
      await feedback.getByRole("button", { name: "No" }).click();
      expect((await again).status()).toBe(303);
      await expect(feedback.getByText("Thanks for your feedback")).toBeVisible();
      await expect(feedback.getByRole("button")).toHaveCount(0);
      await expect(feedback.locator("textarea")).toHaveCount(0);
    }
    // The same page in another language counts as answered; another page does not.
    await page.goto(`/de${MANUAL}`);
    await ready(page, js);
    if (js) await expect(feedback.getByText("Danke für Ihr Feedback")).toBeVisible();
    else await expect(feedback.getByRole("button", { name: "Ja" })).toBeVisible();
    await page.goto("/help/manuals/how-to-use-autofill");
    await ready(page, js);
    await expect(feedback.getByRole("button", { name: "Yes" })).toBeVisible();
    await expect(feedback.getByText("Thanks for your feedback")).toHaveCount(0);
  });

  test("the download panel: no, then a comment", async ({ page, js }) => {
    await page.goto("/downloads/windows");
    await ready(page, js);
    const download = panel(page, "download");
    await expect(
      download.getByRole("heading", { name: "Have you successfully downloaded KeyNest?" }),
    ).toBeVisible();
    await download.getByRole("button", { name: "No" }).click();
    await expect(
      download.getByText("Sorry to hear that. Tell us what went wrong and we will look into it."),
    ).toBeVisible();

    await download.getByLabel("Anything to add? (optional)").fill("The installer stops at 90 %.");
    const post = nextPost(page);
    await download.getByRole("button", { name: "Send" }).click();
    expect((await post).status()).toBe(js ? 200 : 303);
    await expect(download.getByText("Thank you for your comment!")).toBeVisible();
    await expect(download.locator("textarea")).toHaveCount(0);

    await page.goto("/downloads/windows");
    await ready(page, js);
    if (js) await expect(download.getByText("Thanks for your feedback")).toBeVisible();
    else await expect(download.getByRole("button", { name: "No" })).toBeVisible();
  });

  test("an empty comment says 'Text is required' and keeps the panel", async ({ page, js }) => {
    await page.goto("/help/use-cases/for-families");
    await ready(page, js);
    const feedback = panel(page, "feedback");
    await feedback.getByRole("button", { name: "No" }).click();
    const comment = feedback.getByLabel("Anything to add? (optional)");
    await expect(comment).toBeVisible();

    await comment.fill("   ");
    if (js) {
      await feedback.getByRole("button", { name: "Send" }).click();
    } else {
      const post = nextPost(page);
      await feedback.getByRole("button", { name: "Send" }).click();
      expect((await post).status()).toBe(400);
    }
    await expect(feedback.getByRole("alert")).toHaveText("Text is required");
    await expect(comment).toHaveAttribute("aria-invalid", "true");
    await expect(feedback.getByText("Thank you for letting us know.")).toBeVisible();

    await comment.fill("More pictures, please");
    await feedback.getByRole("button", { name: "Send" }).click();
    await expect(feedback.getByText("Thank you for your comment!")).toBeVisible();
  });

  test("the German pages speak German, errors included, and keep the text", async ({
    page,
    js,
  }) => {
    await page.goto(`/de${MANUAL}`);
    await ready(page, js);
    const feedback = panel(page, "feedback");
    await expect(feedback.getByRole("heading", { name: "War das hilfreich?" })).toBeVisible();
    await feedback.getByRole("button", { name: "Nein" }).click();
    await expect(feedback.getByText("Vielen Dank für Ihre Rückmeldung.")).toBeVisible();

    const comment = feedback.getByLabel("Möchten Sie etwas ergänzen? (optional)");
    await feedback.getByRole("button", { name: "Senden" }).click();
    await expect(feedback.getByRole("alert")).toHaveText("Text ist erforderlich");

    // The sandbox's survey fails on this text: the visitor is told, and keeps what they wrote.
    const text = "Die Anleitung bricht ab sandbox:fault";
    await comment.fill(text);
    const post = nextPost(page);
    await feedback.getByRole("button", { name: "Senden" }).click();
    expect((await post).status()).toBe(502);
    const message = "Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.";
    if (js) {
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("alert")).toHaveText(message);
      await dialog.getByRole("button").click();
      await expect(dialog).toHaveCount(0);
    } else {
      await expect(feedback.getByRole("alert")).toHaveText(message);
    }
    await expect(comment).toHaveValue(text);

    await comment.fill("Die Anleitung bricht ab");
    await feedback.getByRole("button", { name: "Senden" }).click();
    await expect(feedback.getByText("Vielen Dank für Ihren Kommentar!")).toBeVisible();

    await page.goto("/de/downloads/macos");
    const download = panel(page, "download");
    await expect(
      download.getByRole("heading", { name: "Haben Sie KeyNest erfolgreich heruntergeladen?" }),
    ).toBeVisible();
    await download.getByRole("button", { name: "Ja" }).click();
    await expect(download.getByText("Prima! Viel Freude mit KeyNest.")).toBeVisible();
  });

  test("pages without a panel ask nothing", async ({ page }) => {
    for (const path of ["/help", "/downloads", "/features", "/de/pricing"]) {
      await page.goto(path);
      await expect(page.locator("section#feedback, section#download"), path).toHaveCount(0);
    }
  });
});

test.describe("feedback panels over HTTP", () => {
  test("a cached page asks every visitor; a second vote is thanked, not counted", async ({
    request,
    baseURL,
    clientIp,
  }) => {
    const path = "/help/use-cases/for-travelers";
    const html = { Accept: "text/html", "X-Forwarded-For": clientIp };
    const fresh = await request.get(path, { headers: html });
    expect(fresh.headers()["cache-control"]).toBe(
      "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400",
    );
    expect(await fresh.text()).toContain('value="yes"');

    const vote = await request.post(path, {
      headers: { Origin: baseURL!, "X-Forwarded-For": clientIp },
      form: { _form: "feedback", website_url: "", step: "vote", answer: "yes" },
      maxRedirects: 0,
    });
    expect(vote.status()).toBe(303);
    expect(vote.headers()["location"]).toBe(`${path}#feedback`);
    const setCookies = vote
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    const answered = setCookies.find((c) => c.startsWith("kn_fb="));
    expect(answered).toMatch(/^kn_fb=[0-9a-z]{1,7}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const cookie = answered!.split(";")[0]!;

    // One page for all: the answered pages are no part of it (the panel reads them with JS).
    for (let i = 0; i < 2; i++) {
      const mine = await request.get(path, { headers: { ...html, Cookie: cookie } });
      expect(mine.headers()["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
      const body = await mine.text();
      expect(body).toContain('value="yes"');
      expect(body).not.toContain("Thanks for your feedback");
    }

    const again = await request.post(path, {
      headers: { Origin: baseURL!, "X-Forwarded-For": clientIp, Cookie: cookie },
      form: { _form: "feedback", website_url: "", step: "vote", answer: "no" },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers()["location"]).toBe(`${path}#feedback`);
    const flash = again
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("kn_flash="));
    expect(flash?.value).toMatch(/^kn_flash=feedback\.answered;/);
    const thanked = await request.get(path, {
      headers: { ...html, Cookie: `${cookie}; ${flash!.value.split(";")[0]}` },
    });
    expect(thanked.headers()["cache-control"]).toBe("private, no-store");
    const body = await thanked.text();
    expect(body).toContain("Thanks for your feedback");
    expect(body).not.toContain('value="yes"');
  });

  const MALFORMED: [string, string, Record<string, string>][] = [
    ["an answer the buttons cannot send", MANUAL, { step: "vote", answer: "<script>{M}</script>" }],
    ["no answer", MANUAL, { step: "vote" }],
    ["an unknown step", MANUAL, { step: "<b>{M}</b>", answer: "yes" }],
    ["a panel the page does not have", "/pricing", { step: "vote", answer: "yes" }],
    ["a download panel on a help page", MANUAL, { _form: "download", step: "vote", answer: "no" }],
  ];
  for (const [what, path, fields] of MALFORMED) {
    test(`a hand-made survey post with ${what} gets 400 and a German message`, async ({
      request,
      baseURL,
      clientIp,
    }) => {
      const marker = "zqsurvey";
      const form: Record<string, string> = { _form: "feedback", website_url: "" };
      for (const [name, value] of Object.entries(fields)) form[name] = value.replace("{M}", marker);
      const answer = await request.post(`/de${path}`, {
        headers: { Origin: baseURL!, "X-Forwarded-For": clientIp },
        form,
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(400);
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      const body = await answer.text();
      expect(body).toContain('role="alert"');
      expect(body).toContain("Die Anfrage konnte nicht verstanden werden.");
      expect(body).not.toContain(`<script>${marker}`);
      expect(body).not.toContain(`<b>${marker}`);
    });
  }
});
