/**
 * The deal stated where the buyer pays, JS on and off (SPEC §4, §9): what is due today, what
 * renews, when and for how much — or that nothing renews — how to stop it, the taxes, and the
 * terms agreed to by paying, linked beside the pay button; the policies in every footer; and the
 * plan's other periods a click away, with what was typed kept. The clocked server's day
 * (2025-08-01) makes the dates exact.
 */
import { CLOCKED_URL, expect, ready, test } from "./fixtures";

test.describe("the deal on the checkout", () => {
  test.use({ baseURL: CLOCKED_URL });

  test("a yearly plan: due today, renews on the day its year ends, how to stop it", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    const summary = page.locator(".checkout__summary");
    await expect(summary.locator(".checkout__total-row")).toHaveText("Due today$35.88");
    await expect(summary.locator(".checkout__renewal")).toHaveText(
      "Automatic on August 1, 2026: $35.88 billed yearly",
    );
    await expect(summary.locator(".checkout__tax")).toHaveText(
      "Included where applicable (VAT or sales tax)",
    );
    const notes = page.locator(".checkout__deal");
    await expect(notes).toContainText(
      "To stop it, switch off auto-renewal in your account at least 24 hours before August 1, 2026.",
    );
    if (js) {
      // The card is chosen: the methods that are not charged again are for another choice.
      await expect(notes).not.toContainText("not charged again");
      await page.getByLabel("Bitcoin").check();
      await expect(summary.locator(".checkout__renewal")).toHaveText(
        "Not automatic with this payment method: extend your plan by hand before August 1, 2026",
      );
      await expect(notes).not.toContainText("auto-renewal");
    } else {
      await expect(notes).toContainText(
        "Bitcoin, other cryptocurrencies and Paymentwall's local methods are not charged again: if you pay with one of them, extend your plan by hand before August 1, 2026.",
      );
    }
  });

  test("a lifetime plan says it never renews", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=104");
    await ready(page, js);
    await expect(page.locator(".checkout__renewal")).toHaveText(
      "None: a one-off payment that never renews",
    );
    await expect(page.locator(".checkout__deal")).toHaveCount(0);
    await expect(page.locator(".checkout__order")).not.toContainText("auto-renewal");
  });

  for (const [lang, renewal, terms] of [
    [
      "de",
      "Automatisch am 1. August 2026: 35,88\u00a0$, jährliche Abrechnung",
      "Mit der Zahlung stimmen Sie der Endbenutzervereinbarung und der Datenschutzerklärung zu.",
    ],
    [
      "jp",
      "2026年8月1日に自動更新：$35.88を毎年請求",
      "お支払いをもって、エンドユーザー契約およびプライバシーポリシーに同意したものとみなされます。",
    ],
  ] as const) {
    test(`in ${lang}: the renewal and the terms in the page's language`, async ({ page, js }) => {
      await page.goto(`/${lang}/order/checkout?plan=102`);
      await ready(page, js);
      await expect(page.locator(".checkout__renewal")).toHaveText(renewal);
      const agree = page.locator(".checkout__form .checkout__terms");
      await expect(agree).toHaveText(terms);
      await expect(agree.getByRole("link").first()).toHaveAttribute("href", `/${lang}/terms`);
      await expect(agree.getByRole("link").last()).toHaveAttribute("href", `/${lang}/privacy`);
    });
  }
});

test.describe("the terms by the pay button", () => {
  test("the sentence sits in the form under the button, and its links open the policies", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    const form = page.locator(".checkout__form");
    const agree = form.locator(".checkout__terms");
    await expect(agree).toHaveText(
      "By paying you agree to the End User Agreement and the Privacy Policy.",
    );
    const order = await form.evaluate((el) =>
      [...el.querySelectorAll(".checkout__submit, .checkout__terms")].map((n) => n.className),
    );
    expect(order).toEqual(["btn btn--primary checkout__submit", "checkout__terms"]);
    await agree.getByRole("link", { name: "End User Agreement" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("End User Agreement");
    await expect(page.locator("main")).toContainText("Age Certification");
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await page.locator(".checkout__terms").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });

  test("a free trial agrees to the same, in its own words", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=109");
    await ready(page, js);
    await expect(page.locator(".checkout__form .checkout__terms")).toHaveText(
      "By starting your free trial you agree to the End User Agreement and the Privacy Policy.",
    );
  });
});

test.describe("the policies in every footer", () => {
  for (const path of ["/", "/pricing", "/order/checkout?plan=102", "/de/features", "/jp/help"]) {
    test(`${path} links the End User Agreement, the Privacy Policy, the cookie policy and the legal notice`, async ({
      page,
    }) => {
      await page.goto(path);
      const policies = page.locator("footer .site-footer__policies");
      const links = policies.getByRole("link");
      const prefix = path.match(/^\/(de|jp)\//)?.[1];
      const hrefs = ["/terms", "/privacy", "/cookies", "/imprint"].map((href) =>
        prefix ? `/${prefix}${href}` : href,
      );
      await expect(links).toHaveCount(hrefs.length);
      for (const [i, href] of hrefs.entries())
        await expect(links.nth(i)).toHaveAttribute("href", href);
    });
  }

  for (const [lang, terms, privacy] of [
    ["en", "End User Agreement", "Privacy Policy"],
    ["de", "Endbenutzervereinbarung", "Datenschutzerklärung"],
    ["fr", "Contrat d’utilisateur final", "Politique de confidentialité"],
    ["es", "Acuerdo de usuario final", "Política de privacidad"],
    ["ru", "Пользовательское соглашение", "Политика конфиденциальности"],
    ["ua", "Угода з кінцевим користувачем", "Політика конфіденційності"],
    ["tr", "Son Kullanıcı Sözleşmesi", "Gizlilik Politikası"],
    ["jp", "エンドユーザー契約", "プライバシーポリシー"],
    ["zh", "最终用户协议", "隐私政策"],
  ] as const) {
    test(`the ${lang} policies are pages of their own, in ${lang}`, async ({ page }) => {
      const prefix = lang === "en" ? "" : `/${lang}`;
      for (const [path, title] of [
        ["/terms", terms],
        ["/privacy", privacy],
      ] as const) {
        const response = await page.goto(`${prefix}${path}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page.getByRole("note")).toHaveCount(0);
        await expect(page.locator("footer .site-footer__policies")).toContainText(title);
      }
    });
  }
});

test.describe("changing the period or the plan from the checkout", () => {
  test("another period is one click away, and what was typed comes along", async ({ page, js }) => {
    await page.goto("/order/checkout?plan=102");
    await ready(page, js);
    await page.getByRole("textbox", { name: "E-mail" }).fill("dana@example.com");
    await page.getByLabel("Send me news and special offers by e-mail").check();
    await page.getByLabel("PayPal").check();
    // Folded until wanted, so a phone's form is not pushed a screen down.
    const toggle = page.getByText("Change the period or plan", { exact: true });
    const periods = page.locator('[data-switch="period"]');
    await expect(periods.getByRole("button").first()).toBeHidden();
    await toggle.click();
    await expect(periods.getByRole("button")).toHaveCount(7);
    await periods.getByRole("button", { name: /^1 month/ }).click();

    await expect(page).toHaveURL(/\/order\/checkout\?plan=101$/);
    await ready(page, js);
    await expect(page.locator(".checkout__total")).toHaveText("$4.99");
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("dana@example.com");
    await expect(page.getByLabel("Send me news and special offers by e-mail")).toBeChecked();
    await expect(page.getByLabel("PayPal")).toBeChecked();
    // The year it came from is now among the others; nothing was refused on the way.
    await toggle.click();
    await expect(periods.getByRole("button", { name: /^1 year/ })).toBeVisible();
    await expect(page.locator("main").getByRole("alert")).toHaveCount(0);

    // Read once: opening the checkout again starts from a clean form.
    await page.goto("/order/checkout?plan=101");
    await ready(page, js);
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("");
  });

  test("another plan for the same period is one click away too, in the page's language", async ({
    page,
    js,
  }) => {
    await page.goto("/de/order/checkout?plan=102");
    await ready(page, js);
    await page.getByRole("textbox", { name: "E-Mail" }).fill("dana@example.com");
    const toggle = page.getByText("Zeitraum oder Tarif ändern", { exact: true });
    await toggle.click();
    const plans = page.locator('[data-switch="variant"]');
    await expect(plans.getByRole("heading")).toHaveText("Zu einem anderen Tarif wechseln");
    await expect(plans.getByRole("button")).toHaveCount(3);
    await plans.getByRole("button", { name: /^Familie/ }).click();

    await expect(page).toHaveURL(/\/de\/order\/checkout\?plan=202$/);
    await ready(page, js);
    await expect(page.getByRole("textbox", { name: "E-Mail" })).toHaveValue("dana@example.com");
    await toggle.click();
    await expect(page.locator('[data-switch="variant"]').getByRole("button")).toHaveCount(3);
    await expect(
      page.locator('[data-switch="variant"]').getByRole("button", { name: /^Persönlich/ }),
    ).toBeVisible();
  });

  test("a team's plan sold for one period only: other team sizes, no other period", async ({
    page,
    js,
  }) => {
    await page.goto("/order/checkout?plan=301");
    await ready(page, js);
    await page.getByText("Change the plan", { exact: true }).click();
    await expect(page.locator('[data-switch="period"]')).toHaveCount(0);
    await expect(page.locator('[data-switch="variant"]').getByRole("button")).toHaveText([
      /^Team, 10 users/,
      /^Team, 20 users/,
    ]);
  });
});
