/**
 * The pricing page: every plan priced from the provider's price list by the SPEC §9 rules, the
 * plans compared by period (a switch of radio buttons, no JS) and by people, and a plain link to
 * the checkout on every card (works without JS).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

const YEARLY = "Plans for one person or a household: Yearly";

/** The cards of the period switch's shown row. */
function shownCards(page: Page, name = YEARLY): Locator {
  return page.getByRole("list", { name, exact: true }).locator(".plan");
}

test.describe("pricing page", () => {
  test("compares the plans of a period side by side, each with a price", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const cards = shownCards(page);
    await expect(cards.locator(".plan__name")).toHaveText([
      "Personal",
      "Family",
      "Secure Duo",
      "MonoDefense",
    ]);
    await expect(cards.locator(".plan__amount")).toHaveText(["$2.99", "$4.99", "$5.49", "$7.99"]);
    const personal = cards.first();
    await expect(personal.locator(".plan__unit")).toHaveText("per month");
    await expect(personal.locator(".plan__save")).toHaveText("Save 40%");
    await expect(personal.locator(".plan__billing")).toHaveText("$35.88 billed yearly");
    await expect(personal.locator(".plan__badge")).toHaveText("Most popular");
    await expect(cards.nth(1).locator(".plan__summary")).toHaveText("For up to 6 people");
    await expect(page.locator(".pricing-plans__notes").first()).toContainText(
      "30-day money-back guarantee",
    );
    // Only the chosen period's row is shown; the others are out of sight and out of the way.
    await expect(page.locator("#plans .plan:visible")).toHaveCount(4);
  });

  test("the period switch works without JS and shows every tier's price", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    await page.locator("#plans label", { hasText: "Monthly" }).click();
    const monthly = shownCards(page, "Plans for one person or a household: Monthly");
    await expect(monthly.locator(".plan__amount")).toHaveText([
      "$4.99",
      "$7.99",
      "$8.99",
      "$12.99",
    ]);
    await expect(monthly.locator(".plan__billing").first()).toHaveText("$4.99 billed monthly");
    await page.locator("#plans label", { hasText: "Lifetime" }).click();
    const lifetime = shownCards(page, "Plans for one person or a household: Lifetime");
    await expect(lifetime.locator(".plan__amount")).toHaveText([
      "$149.00",
      "$299.00",
      "$349.00",
      "$449.00",
    ]);
    await expect(lifetime.locator(".plan__unit").first()).toHaveText("one-off payment");
    await expect(page.getByRole("list", { name: YEARLY })).toBeHidden();
  });

  test("every card has a price and one primary button, the same on every card", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const cards = page.locator("#plans .plan, #teams .plan");
    await expect(cards).toHaveCount(15);
    for (const card of await cards.all()) {
      await expect(card.locator(".plan__amount")).toHaveText(/\d/);
      await expect(card.locator(".plan__choose")).toHaveCount(1);
      await expect(card.locator(".plan__unavailable")).toHaveCount(0);
    }
    const classes = await page
      .locator("#plans .plan__choose, #teams .plan__choose")
      .evaluateAll((links) => [...new Set(links.map((link) => link.className))]);
    expect(classes).toEqual(["btn btn--primary plan__choose"]);
  });

  test("the cards line up: a badge moves no price, every price is in the first screen", async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/pricing");
    await ready(page, js);
    const boxes = await shownCards(page)
      .locator(".plan__price")
      .evaluateAll((prices) => prices.map((price) => price.getBoundingClientRect().toJSON()));
    expect(boxes).toHaveLength(4);
    const first = boxes[0]!.top;
    for (const box of boxes) {
      expect(Math.abs(box.top - first)).toBeLessThan(1);
      expect(box.bottom).toBeLessThanOrEqual(800);
    }
    const buttons = await shownCards(page)
      .locator(".plan__choose")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
    for (const top of buttons) expect(Math.abs(top - buttons[0]!)).toBeLessThan(1);
    // One heading, no competing hero buttons, and a page far shorter than a plan table was
    // (the feature-by-plan comparison aside, which is there to be long; the add-ons' one-line
    // explanations and the ratings' source are part of the page).
    await expect(page.locator("main .hero .btn")).toHaveCount(0);
    const height = await page.evaluate(
      () =>
        document.documentElement.scrollHeight -
        document.querySelector(".plan-comparison")!.getBoundingClientRect().height,
    );
    expect(height).toBeLessThan(4200);
  });

  test("a plan is chosen with a plain link to the checkout", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    await shownCards(page)
      .first()
      .getByRole("link", { name: /^Choose plan/ })
      .click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=102$/);
  });

  test("MonoDefense and Secure Duo are sold: the checkout names the tier", async ({ page, js }) => {
    await page.goto("/pricing");
    await ready(page, js);
    // The yearly row is shown: the other periods' links are hidden, so one card's link is found.
    await page.locator("#plans").getByRole("link", { name: "Choose plan: MonoDefense" }).click();
    await expect(page).toHaveURL(/\/order\/checkout\?plan=115$/);
    await expect(page.locator(".purchase__plan")).toHaveText("MonoDefense");
    await expect(page.locator(".checkout__total")).toHaveText("$95.88");
    await page.goto("/order/checkout?plan=111");
    await ready(page, js);
    await expect(page.locator(".purchase__plan")).toHaveText("Secure Duo");
    await expect(page.locator(".purchase__billing")).toHaveText("$8.99 billed monthly");
  });

  test("the header navigation stays on the pricing page (decision 027)", async ({ page, js }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/pricing");
    await ready(page, js);
    const nav = page.locator(".site-header .nav");
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Features" })).toBeVisible();
  });

  test("the German page prices in German", async ({ page, js }) => {
    await page.goto("/de/pricing");
    await ready(page, js);
    const personal = shownCards(
      page,
      "Tarife für eine Person oder den ganzen Haushalt: Jährlich",
    ).first();
    await expect(personal.locator(".plan__amount")).toHaveText("2,99 $");
    await expect(personal.locator(".plan__unit")).toHaveText("pro Monat");
    await expect(personal.locator(".plan__badge")).toHaveText("Am beliebtesten");
    await expect(personal.locator(".plan__choose")).toHaveAttribute(
      "href",
      "/de/order/checkout?plan=102",
    );
    await expect(personal.locator(".plan__trial-start")).toHaveAttribute(
      "href",
      "/de/order/checkout?plan=110",
    );
    await expect(page.locator("#teams .pricing-plans__note a")).toHaveText(
      "Fragen Sie uns nach einem Angebot",
    );
  });

  for (const [path, locale] of [
    ["/pricing", "en"],
    ["/de/pricing", "de"],
  ] as const) {
    test(`${path}: each offer of its structured data costs what the page shows`, async ({
      page,
      js,
    }) => {
      await page.goto(path);
      await ready(page, js);
      const items = (
        await page.locator('script[type="application/ld+json"]').allTextContents()
      ).map((text) => JSON.parse(text) as { "@type": string; offers?: unknown });
      const app = items.find((item) => item["@type"] === "SoftwareApplication");
      const offers = app?.offers as { name: string; price: number; priceCurrency: string }[];
      expect(offers.length).toBeGreaterThan(0);
      // The prices a visitor sees: each period of the switch in turn, and the folded table.
      const shown: string[] = [];
      const look = async () => {
        const prices = page.locator(".plan__amount, .plan__billing").filter({ visible: true });
        shown.push(...(await prices.allInnerTexts()));
      };
      for (const tab of await page.locator("#plans .plan-switch__tab").all()) {
        await tab.click();
        await look();
      }
      await page.locator("#all-periods summary").click();
      await look();
      const text = shown.join(" | ").replaceAll("\u00a0", " ");
      for (const offer of offers) {
        const money = new Intl.NumberFormat(locale, {
          style: "currency",
          currency: offer.priceCurrency,
        }).format(offer.price);
        expect(text, offer.name).toContain(money.replaceAll("\u00a0", " "));
      }
    });
  }

  for (const [lang, heading, badge] of [
    ["de", "Einfache Tarife, ernsthafter Schutz", "Am beliebtesten"],
    ["es", "Planes sencillos, protección en serio", "El más elegido"],
    ["fr", "Des forfaits simples, une protection sérieuse", "Le plus choisi"],
    ["jp", "シンプルなプランで、確かな保護を", "いちばん人気"],
    ["ru", "Простые тарифы, надёжная защита", "Самый популярный"],
    ["tr", "Basit planlar, ciddi koruma", "En popüler"],
    ["ua", "Прості тарифи, надійний захист", "Найпопулярніший"],
    ["zh", "方案简单，保护可靠", "最受欢迎"],
  ] as const) {
    test(`/${lang}/pricing is written in its language, badges too`, async ({ page, js }) => {
      await page.goto(`/${lang}/pricing`);
      await ready(page, js);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      // No "not translated" note: the page is the language's own, not the English one.
      await expect(page.locator('.notice[role="note"]')).toHaveCount(0);
      await expect(page.locator("main article.page")).not.toHaveAttribute("lang", "en");
      await expect(page.locator("#plans .plan__badge").filter({ visible: true })).toHaveText(badge);
      const english = page.getByText(/Most popular|Best value|For one person|Choose plan/);
      await expect(english).toHaveCount(0);
    });
  }

  test("the landing pages' offers lead to their plan at the checkout", async ({ page, js }) => {
    for (const [path, button, plan] of [
      ["/lifetime-75-off", "Claim the discount", "104"],
      ["/special-family-lifetime", "Get Family Lifetime", "203"],
    ] as const) {
      await page.goto(path);
      await ready(page, js);
      await page.getByRole("link", { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`/order/checkout\\?plan=${plan}$`));
      await expect(page.locator(".checkout__total")).not.toBeEmpty();
    }
  });

  test("anonymous visitors get a page shared caches keep; the checkout never is", async ({
    request,
  }) => {
    const headers = { Accept: "text/html", "Accept-Encoding": "gzip" };
    for (const path of ["/pricing", "/de/pricing"]) {
      const again = await request.get(path, { headers });
      expect(again.status()).toBe(200);
      expect(again.headers()["cache-control"]).toMatch(/^public, .*s-maxage=/);
      expect(again.headers()["etag"]).toMatch(/^W\/"/);
    }
    const checkout = await request.get("/order/checkout?plan=102", { headers });
    expect(checkout.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("pricing on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of ["ru", "de", "jp", "en"] as const) {
    test(`${lang}: nothing overflows, no label runs into its price`, async ({ page, js }) => {
      await page.goto(lang === "en" ? "/pricing" : `/${lang}/pricing`);
      await ready(page, js);
      await page.locator("#all-periods summary").click();
      const switches = page.locator("#plans .plan-switch__tab");
      await expect(switches).toHaveCount(3);
      for (const tab of await switches.all()) {
        await tab.click();
        const measured = await page.evaluate(() => {
          /** Two boxes share some area (half a pixel of rounding allowed). */
          const overlaps = (a: DOMRect, b: DOMRect) =>
            a.left < b.right - 0.5 &&
            b.left < a.right - 0.5 &&
            a.top < b.bottom - 0.5 &&
            b.top < a.bottom - 0.5;
          const found: string[] = [];
          let cardsSeen = 0;
          let rowsSeen = 0;
          const root = document.documentElement;
          if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} px wide`);
          const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
          const box = (el: Element) => el.getBoundingClientRect();
          const tabs = [...document.querySelectorAll("#plans .plan-switch__tab")];
          tabs.forEach((a, i) =>
            tabs.slice(i + 1).forEach((b) => {
              if (overlaps(box(a), box(b))) found.push(`tabs ${a.textContent} / ${b.textContent}`);
            }),
          );
          for (const card of document.querySelectorAll(".plan")) {
            if (!visible(card)) continue;
            cardsSeen += 1;
            const price = card.querySelector(".plan__price");
            if (!price) found.push("a card without a price");
            for (const label of card.querySelectorAll(
              ".plan__name, .plan__summary, .plan__badge",
            )) {
              if (price && overlaps(box(label), box(price)))
                found.push(`card ${label.textContent}`);
            }
            if (box(card).right > root.clientWidth + 0.5) found.push("a card overflows");
          }
          for (const row of document.querySelectorAll(".plan-table tbody tr")) {
            if (!visible(row)) continue;
            rowsSeen += 1;
            const period = row.querySelector(".plan-table__period")!;
            const price = row.querySelector(".plan__price")!;
            if (overlaps(box(period), box(price))) found.push(`row ${period.textContent}`);
            if (box(row).right > root.clientWidth + 0.5) found.push("a row overflows");
          }
          return { problems: found, cards: cardsSeen, rows: rowsSeen };
        });
        // The tab's cards and the table of every period were there to measure.
        expect(measured.cards).toBeGreaterThan(0);
        expect(measured.rows).toBeGreaterThan(0);
        expect(measured.problems).toEqual([]);
      }
    });
  }
});

test.describe("the plans compared feature by feature", () => {
  test("a table of groups and rows, each cell said in words, the plans priced in its head", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    const table = page.getByRole("region", { name: "Compare plans feature by feature" });
    const heads = table.locator("thead").getByRole("columnheader");
    await expect(heads).toHaveText([
      /^Personal\$35\.88 billed yearly/,
      /^Family\$59\.88 billed yearly/,
      /^Secure Duo\$65\.88 billed yearly/,
      /^MonoDefense\$95\.88 billed yearly/,
      /^Teams\$499\.00 one-off payment/,
    ]);
    await expect(table.getByRole("link", { name: "Choose plan: Family" })).toHaveAttribute(
      "href",
      "/order/checkout?plan=202",
    );
    const groups = table.locator(".plan-comparison__group");
    await expect(groups).toHaveText([
      "Vault and autofill",
      "Sharing and family",
      "Security and alerts",
      "VPN and DNS",
      "Support",
    ]);
    const rows = table.getByRole("rowheader");
    expect(await rows.count()).toBeGreaterThanOrEqual(10);
    // A tick or a dash is said in words; a value is its own text.
    const vpn = table.getByRole("row", { name: /Orbitshield VPN, 3000\+ servers/ });
    await expect(vpn.getByRole("cell")).toHaveText([
      "–Not included",
      "–Not included",
      "Included",
      "Included",
      "–Not included",
    ]);
    // The dash is only seen; the words are only heard.
    await expect(vpn.locator('.plan-comparison__no[aria-hidden="true"]')).toHaveText([
      "–",
      "–",
      "–",
    ]);
    await expect(vpn.locator(".sr-only")).toHaveText([
      "Not included",
      "Not included",
      "Included",
      "Included",
      "Not included",
    ]);
    const people = table.getByRole("row", { name: /People covered/ });
    await expect(people.getByRole("cell")).toHaveText(["1", "Up to 6", "1", "1", "Up to 5"]);
  });

  test("in German and Japanese too, with the same prices", async ({ page, js }) => {
    await page.goto("/de/pricing");
    await ready(page, js);
    const de = page.getByRole("region", { name: "Tarife Funktion für Funktion vergleichen" });
    await expect(de.locator("thead").getByRole("columnheader").first()).toContainText("35,88");
    await expect(de.locator(".plan-comparison__group").first()).toHaveText(
      "Tresor und automatisches Ausfüllen",
    );
    await expect(de.locator("tbody td").first()).toHaveText("Enthalten");
    await page.goto("/jp/pricing");
    await ready(page, js);
    const jp = page.getByRole("region", { name: "機能ごとにプランを比較" });
    await expect(jp.locator(".plan-comparison__group").first()).toHaveText("保管庫と自動入力");
    await expect(jp.locator("thead").getByRole("columnheader").last()).toContainText("チーム");
  });

  test("at 390 px the table scrolls in its frame, never the page; the names stay in view", async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/fr/pricing");
    await ready(page, js);
    const frame = page.locator(".plan-comparison__frame");
    const sizes = await frame.evaluate((el) => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      frame: el.scrollWidth - el.clientWidth,
    }));
    expect(sizes.page).toBe(0);
    expect(sizes.frame).toBeGreaterThan(0);
    const label = page.locator(".plan-comparison__table tbody th[scope=row]").first();
    const before = await label.boundingBox();
    await frame.evaluate((el) => el.scrollBy(300, 0));
    await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await label.boundingBox())!.x).toBeCloseTo(before!.x, 0);
  });

  test("at 1280 px the plans' names stay under the header while the rows scroll by", async ({
    page,
    js,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/pricing");
    await ready(page, js);
    const last = page.locator(".plan-comparison__table tbody tr").last();
    await last.scrollIntoViewIfNeeded();
    const head = await page.locator(".plan-comparison__plan").first().boundingBox();
    const header = await page.locator(".site-header").boundingBox();
    expect(head!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    expect(head!.y).toBeLessThan(header!.y + header!.height + 4);
  });

  test("'Most popular' marks the same plan in every period; the lifetime prices climb", async ({
    page,
    js,
  }) => {
    await page.goto("/pricing");
    await ready(page, js);
    for (const period of ["Monthly", "Yearly", "Lifetime"]) {
      await page.locator("#plans label", { hasText: period }).click();
      const cards = shownCards(page, `Plans for one person or a household: ${period}`);
      await expect(cards.filter({ has: page.locator(".plan__badge") })).toHaveCount(1);
      await expect(
        cards.filter({ has: page.locator(".plan__badge") }).locator(".plan__name"),
      ).toHaveText("Personal");
      const amounts = await cards
        .locator(".plan__amount")
        .evaluateAll((els) => els.map((el) => Number(el.textContent!.replace(/[^0-9.]/g, ""))));
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    }
  });
});
