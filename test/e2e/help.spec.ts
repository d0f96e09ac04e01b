import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/**
 * The help section with JS on and off: children lists, breadcrumbs (with their BreadcrumbList),
 * the glossary's letter index and anchors, the manuals, a German page and a failed children call.
 */

const MANUALS = [
  [
    "How to import passwords from your browser into KeyNest",
    "/help/manuals/how-to-import-from-browsers",
  ],
  ["How to install KeyNest on every device", "/help/manuals/how-to-install"],
  ["How to use autofill in KeyNest", "/help/manuals/how-to-use-autofill"],
] as const;

function breadcrumbs(page: Page, label = "Breadcrumb") {
  return page.getByRole("navigation", { name: label });
}

/** The page's BreadcrumbList, parsed from its JSON-LD script element. */
async function breadcrumbList(page: Page) {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  return JSON.parse((await scripts.textContent()) ?? "") as {
    "@context": string;
    "@type": string;
    itemListElement: { "@type": string; position: number; name: string; item: string }[];
  };
}

test.describe("help section", () => {
  test("/help/manuals lists the three manuals, each linking to its page", async ({ page, js }) => {
    await page.goto("/help/manuals");
    await ready(page, js);
    const list = page.locator("section.children-list");
    await expect(list.getByRole("heading", { name: "All manuals" })).toBeVisible();
    const links = list.getByRole("link");
    await expect(links).toHaveCount(3);
    for (const [index, [, href]] of MANUALS.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", href);
      await expect(list.locator("li").nth(index).locator("p")).not.toBeEmpty();
    }
    await links.nth(1).click();
    await expect(page).toHaveURL(/\/help\/manuals\/how-to-install$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to install KeyNest");
  });

  test("/help/use-cases and /help list their child pages", async ({ page, js }) => {
    await page.goto("/help/use-cases");
    await ready(page, js);
    await expect(page.locator("section.children-list li")).toHaveCount(3);
    await page.goto("/help");
    await ready(page, js);
    const list = page.locator("section.children-list");
    await expect(list.getByRole("link", { name: "Manuals" })).toHaveAttribute(
      "href",
      "/help/manuals",
    );
    await expect(list.getByRole("link", { name: "Glossary" })).toHaveAttribute(
      "href",
      "/help/glossary",
    );
  });

  test("a manual shows its steps, breadcrumbs with a valid BreadcrumbList and the feedback panel", async ({
    page,
    js,
    baseURL,
  }) => {
    await page.goto("/help/manuals/how-to-install");
    await ready(page, js);
    const nav = breadcrumbs(page);
    await expect(nav.locator("ol > li")).toHaveText([
      "Home",
      "Help",
      "Manuals",
      "How to install KeyNest",
    ]);
    await expect(nav.getByRole("link", { name: "Manuals" })).toHaveAttribute(
      "href",
      "/help/manuals",
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveText("How to install KeyNest");
    await expect(nav.getByRole("link", { name: "How to install KeyNest" })).toHaveCount(0);

    expect(await breadcrumbList(page)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${baseURL}/` },
        { "@type": "ListItem", position: 2, name: "Help", item: `${baseURL}/help` },
        { "@type": "ListItem", position: 3, name: "Manuals", item: `${baseURL}/help/manuals` },
        {
          "@type": "ListItem",
          position: 4,
          name: "How to install KeyNest",
          item: `${baseURL}/help/manuals/how-to-install`,
        },
      ],
    });

    await expect(page.getByRole("heading", { name: "Install on your computer" })).toBeVisible();
    await expect(page.getByText("Run the installer")).toBeVisible();
    await expect(
      page.locator("section#feedback").getByRole("heading", { name: "Was this helpful?" }),
    ).toBeVisible();

    await nav.getByRole("link", { name: "Help" }).click();
    await expect(page).toHaveURL(/\/help$/);
  });

  for (const [title, path] of MANUALS) {
    test(`${path} renders with steps and breadcrumbs`, async ({ page, js }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await ready(page, js);
      await expect(page.locator(".steps, section.steps").first()).toBeVisible();
      await expect(breadcrumbs(page).locator('[aria-current="page"]')).not.toBeEmpty();
      expect((await breadcrumbList(page)).itemListElement).toHaveLength(4);
      await expect(page).toHaveTitle(title);
    });
  }

  test("a German help page: German content, labels, prefixed links and children", async ({
    page,
    js,
    baseURL,
  }) => {
    await page.goto("/de/help");
    await ready(page, js);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wie können wir helfen?");
    const nav = breadcrumbs(page, "Brotkrumennavigation");
    await expect(nav.locator("ol > li")).toHaveText(["Startseite", "Hilfe"]);
    await expect(nav.getByRole("link", { name: "Startseite" })).toHaveAttribute("href", "/de");
    const list = page.locator("section.children-list");
    await expect(list.getByRole("heading", { name: "Alle Hilfebereiche" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Glossar" })).toHaveAttribute(
      "href",
      "/de/help/glossary",
    );
    await expect(list.getByRole("link", { name: /Anleitungen/ })).toHaveAttribute(
      "href",
      "/de/help/manuals",
    );
    expect((await breadcrumbList(page)).itemListElement.map((i) => i.item)).toEqual([
      `${baseURL}/de`,
      `${baseURL}/de/help`,
    ]);

    await page.goto("/de/help/manuals");
    await ready(page, js);
    const manuals = page.locator("section.children-list").getByRole("link");
    await expect(manuals).toHaveCount(3);
    await expect(manuals.first()).toHaveAttribute(
      "href",
      "/de/help/manuals/how-to-import-from-browsers",
    );
  });

  test("a German manual: German steps, breadcrumbs and feedback panel", async ({
    page,
    js,
    baseURL,
  }) => {
    await page.goto("/de/help/manuals");
    await ready(page, js);
    await page
      .locator("section.children-list")
      .getByRole("link", { name: "So installieren Sie KeyNest auf jedem Gerät" })
      .click();
    await expect(page).toHaveURL(/\/de\/help\/manuals\/how-to-install$/);
    await ready(page, js);
    const nav = breadcrumbs(page, "Brotkrumennavigation");
    await expect(nav.locator("ol > li")).toHaveText([
      "Startseite",
      "Hilfe",
      "Anleitungen",
      "So installieren Sie KeyNest",
    ]);
    await expect(nav.getByRole("link", { name: "Anleitungen" })).toHaveAttribute(
      "href",
      "/de/help/manuals",
    );
    expect((await breadcrumbList(page)).itemListElement.at(-1)).toEqual({
      "@type": "ListItem",
      position: 4,
      name: "So installieren Sie KeyNest",
      item: `${baseURL}/de/help/manuals/how-to-install`,
    });
    await expect(
      page.getByRole("heading", { name: "Auf dem Computer installieren" }),
    ).toBeVisible();
    await expect(page.getByText("Installationsprogramm ausführen")).toBeVisible();
    await expect(
      page.locator("section#feedback").getByRole("heading", { name: "War das hilfreich?" }),
    ).toBeVisible();
  });

  test("a failed children call leaves the page up without its list", async ({ page, js }) => {
    const res = await page.goto("/sandbox/children-fault");
    expect(res?.status()).toBe(200);
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Child pages unavailable");
    await expect(page.getByText("The page stays up without its list")).toBeVisible();
    await expect(page.locator("section.children-list")).toHaveCount(0);
    await expect(page.locator("footer")).toBeVisible();
  });
});

test.describe("glossary", () => {
  test("letter index: letters with terms jump to their anchor, the others are no links", async ({
    page,
    js,
  }) => {
    const res = await page.goto("/help/glossary");
    expect(res?.status()).toBe(200);
    await ready(page, js);
    await expect(page).toHaveTitle("KeyNest password security glossary");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "KeyNest password security glossary",
    );
    const index = page.getByRole("navigation", { name: "Glossary letters" });
    await expect(index.locator("li")).toHaveCount(27);
    await expect(index.getByRole("link")).toHaveCount(16);
    for (const letter of ["F", "G", "I", "J", "L", "N", "Q", "U", "W", "X", "Y"]) {
      await expect(index.getByRole("link", { name: letter, exact: true })).toHaveCount(0);
      await expect(index.getByText(letter, { exact: true })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
    }

    await index.getByRole("link", { name: "S", exact: true }).click();
    await expect(page).toHaveURL(/#letter-s$/);
    const s = page.locator("#letter-s");
    await expect(s.getByRole("heading", { name: "S", exact: true })).toBeInViewport();
    await expect(s.locator("dt")).toHaveText(["Salt", "Social engineering"]);

    // Terms are sorted, each with its own anchor, and definitions are text.
    await expect(page.locator("#letter-a dt")).toHaveText([
      "AES-256",
      "Authenticator app",
      "Autofill",
    ]);
    await expect(page.locator("#term-passkey")).toHaveText("Passkey");
    await expect(page.locator("#term-cross-site-scripting-xss + dd")).toContainText(
      "slips a <script> element",
    );
    await expect(page.locator("#letter-other dt")).toHaveText(["2FA backup codes"]);

    await page.goto("/help/glossary#term-vault");
    await expect(page.locator("#term-vault")).toBeInViewport();
  });

  test("breadcrumbs, the help page's link and the feedback panel", async ({ page, js }) => {
    await page.goto("/help");
    await ready(page, js);
    await page.locator("section.children-list").getByRole("link", { name: "Glossary" }).click();
    await expect(page).toHaveURL(/\/help\/glossary$/);
    const nav = breadcrumbs(page);
    await expect(nav.locator("ol > li")).toHaveText(["Home", "Help", "Glossary"]);
    expect((await breadcrumbList(page)).itemListElement.at(-1)?.name).toBe("Glossary");
    await expect(
      page.locator("section#feedback").getByRole("heading", { name: "Was this helpful?" }),
    ).toBeVisible();
  });

  test("German glossary: German terms sorted with umlauts under their letter", async ({
    page,
    js,
  }) => {
    await page.goto("/de/help/glossary");
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "KeyNest Glossar der Passwortsicherheit",
    );
    const index = page.getByRole("navigation", { name: "Buchstaben des Glossars" });
    await index.getByRole("link", { name: "O", exact: true }).click();
    await expect(page).toHaveURL(/#letter-o$/);
    await expect(page.locator("#letter-o dt")).toHaveText(["Öffentliches WLAN"]);
    await expect(page.locator("#letter-u dt")).toHaveText(["Übernahme eines Kontos"]);
    await expect(breadcrumbs(page, "Brotkrumennavigation").locator("ol > li")).toHaveText([
      "Startseite",
      "Hilfe",
      "Glossar",
    ]);
  });

  test("Russian glossary: indexed by the Russian alphabet, Latin terms under #", async ({
    page,
    js,
  }) => {
    await page.goto("/ru/help/glossary");
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Глоссарий KeyNest по безопасности паролей",
    );
    const index = page.getByRole("navigation", { name: "Буквы глоссария" });
    await expect(index.getByText("А", { exact: true })).toBeVisible();
    await index.getByRole("link", { name: "Ш", exact: true }).click();
    await expect(page.locator('[id="letter-ш"] dt')).toHaveText(["Шифрование"]);
    await expect(page.locator("#letter-other dt")).toHaveText(["AES-256"]);
  });

  // A language without a glossary of its own gets the English one (test/unit/loader-help).
  test("the French glossary is French, canonical to itself", async ({ page, js, baseURL }) => {
    await page.goto("/fr/help/glossary");
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Glossaire KeyNest de la sécurité des mots de passe",
    );
    await expect(page.getByRole("note")).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/fr/help/glossary`,
    );
    await expect(
      breadcrumbs(page, "Fil d’Ariane").getByRole("link", { name: "Aide" }),
    ).toHaveAttribute("href", "/fr/help");
  });
});
