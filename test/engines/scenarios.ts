import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import {
  cookieNoticePlace,
  headerOverflow,
  roughEdges,
  wrappedPills,
} from "../support/layout-probe";
import { decodePng, inkedShare } from "../support/png";
import type { AccessEntry, SharedCache } from "../support/shared-cache";
import { isVisible, type Driver, type Size } from "./driver";
import {
  click,
  fill,
  hasText,
  hidden,
  open,
  ready,
  textOf,
  until,
  urlMatches,
  visible,
} from "./checks";

/**
 * The site's main paths, written once and run in every engine with JS on and off. Each mirrors
 * what the Playwright suite (test/e2e) checks on the same path in Chromium.
 */

export const DESKTOP: Size = { width: 1280, height: 900 };
export const MOBILE: Size = { width: 375, height: 800 };

/** The cookies every scenario starts with: the cookie notice already closed (as in fixtures.ts). */
export const START_COOKIES = { dismissed: "cookie" };

export interface Scenario {
  name: string;
  run(driver: Driver): Promise<void>;
}

/** The header's top-level links and where they lead (the sandbox's navigation). */
const HEADER_LINKS = [
  ["Features", "/features"],
  ["Pricing", "/pricing"],
  ["For Teams", "/password-manager-for-teams"],
  ["Family", "/family"],
  ["Help", "/help"],
  ["Downloads", "/downloads"],
] as const;

/** One e-mail per run, engine and mode: an address is subscribed at most 3 times a day. */
const RUN = randomInt(1e9);
function reader(driver: Driver): string {
  return `engines.${driver.engine}.${driver.js ? "js" : "nojs"}.${RUN}@example.com`;
}

/** With JS, waits until a lazily loaded form has hydrated (content-forms.ts openForm). */
async function enhanced(driver: Driver, form: string): Promise<void> {
  await visible(driver, form);
  if (!driver.js) return;
  await until(driver, `${form} is enhanced`, () =>
    driver.evaluate(
      (css: string) => document.querySelector(css)?.hasAttribute("data-enhanced") === true,
      form,
    ),
  );
}

/** Phone, tablet and laptop: the widths the layout checks hold in every engine. */
const LAYOUT_WIDTHS = [390, 820, 1280];

/** English, a long language and a CJK one. */
const LAYOUT_PATHS = [
  "/features",
  "/de/pricing",
  "/fr/pricing",
  "/jp/features",
  "/zh/pricing",
  "/de/downloads",
  "/jp/security",
];

export const SCENARIOS: Scenario[] = [
  {
    name: "layout in en, de, fr, jp, zh at 390, 820 and 1280 px: nothing scrolls sideways, the header's items, the plan badges and every button stay on one line, no character is left alone, card buttons sit level",
    async run(driver) {
      const problems: string[] = [];
      for (const path of LAYOUT_PATHS) {
        await driver.setViewport(DESKTOP);
        await open(driver, path);
        for (const width of LAYOUT_WIDTHS) {
          await driver.setViewport({ width, height: 900 });
          const at = `${path} at ${width} px`;
          const { sideways, broken, measured } = await driver.evaluate(headerOverflow);
          if (measured === 0) problems.push(`${at}: no header item on screen to measure`);
          if (sideways > 0) problems.push(`${at} scrolls ${sideways} px sideways`);
          for (const what of broken) problems.push(`${at}: ${what}`);
          const pills = await driver.evaluate(wrappedPills);
          // The pricing pages show two badges at every width; the features pages none.
          if (path.endsWith("/pricing") && pills.measured < 2) {
            problems.push(`${at}: ${pills.measured} plan badges on screen to measure`);
          }
          for (const pill of pills.wrapped) problems.push(`${at}: badge ${pill}`);
          const edges = await driver.evaluate(roughEdges);
          for (const what of edges.lone) problems.push(`${at}: ${what}`);
          for (const what of edges.wrapped) problems.push(`${at}: button on two lines: ${what}`);
          for (const what of edges.ragged) problems.push(`${at}: ${what}`);
        }
      }
      expect(problems).toEqual([]);
    },
  },
  {
    name: "the line icons on /features are drawn as lines, not solid shapes",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/features");
      const icons = await driver.findAll(".feature__icon svg");
      expect(icons.length).toBeGreaterThan(3);
      for (const [index, icon] of icons.slice(0, 4).entries()) {
        await icon.evaluate((element) => element.scrollIntoView({ block: "center" }));
        // WebKit may hand back the frame before the scroll: measure again until the frame and the
        // box agree (a filled icon never does: it inks most of its box in every frame).
        let share = 0;
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const box = await icon.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
          });
          const image = decodePng(await driver.screenshot());
          const scale = image.width / (await driver.evaluate(() => window.innerWidth));
          share = inkedShare(image, {
            x: box.x * scale,
            y: box.y * scale,
            width: box.width * scale,
            height: box.height * scale,
          });
          if (share > 0.02 && share < 0.45) break;
        }
        // Something is drawn, and far less than a filled shape would cover.
        expect(share, `icon ${index + 1}`).toBeGreaterThan(0.02);
        expect(share, `icon ${index + 1}`).toBeLessThan(0.45);
      }
    },
  },
  {
    name: "the cookie notice covers nothing and comes before the page's controls (390 and 1280 px)",
    async run(driver) {
      for (const width of [390, 1280]) {
        await driver.resetCookies({});
        await driver.setViewport({ width, height: 800 });
        await open(driver, "/pricing");
        await visible(driver, ".cookie-notice");
        const place = await driver.evaluate(cookieNoticePlace);
        expect(place?.overlap, `${width} px`).toBeLessThanOrEqual(0);
        expect(place?.firstInNotice, `${width} px`).toBeGreaterThanOrEqual(0);
        expect(place?.firstInNotice, `${width} px`).toBeLessThan(place?.firstInMain ?? 0);
      }
    },
  },
  {
    name: "home at 1280 px: header links, search box, sign-in link and the footer's four lists",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/");
      for (const [label, href] of HEADER_LINKS) {
        await visible(driver, { css: `.nav__list .nav__link[href="${href}"]`, text: label });
      }
      await visible(driver, "#header-search");
      const signIn = await visible(driver, ".header__signin");
      expect(await signIn.evaluate((link) => link.getAttribute("href"))).toMatch(
        /^https:\/\/vault\./,
      );
      await hidden(driver, "summary.menu__toggle");
      const lists = await driver.findAll(".footer-group__list");
      expect(lists).toHaveLength(4);
      await until(driver, "the footer's four link lists are visible", async () => {
        for (const list of lists) if (!(await isVisible(list))) return false;
        return true;
      });
    },
  },
  {
    name: "home at 375 px: the menu toggle shows and hides the navigation",
    async run(driver) {
      await driver.setViewport(MOBILE);
      await open(driver, "/");
      expect(await driver.evaluate(() => window.innerWidth)).toBe(MOBILE.width);
      await visible(driver, "summary.menu__toggle");
      await hidden(driver, ".menu__panel");
      await hidden(driver, ".site-header .nav__list");
      await click(driver, "summary.menu__toggle");
      await visible(driver, ".menu__panel");
      await visible(driver, { css: ".nav__list .nav__link[href='/pricing']", text: "Pricing" });
      await visible(driver, "#header-search");
      await click(driver, "summary.menu__toggle");
      await hidden(driver, ".site-header .nav__list");
    },
  },
  {
    name: "a content page (/features) shows its heading and body",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/features");
      await hasText(driver, "main h1", "Features that make security the easy option");
      await hasText(driver, "main", "Unlimited passwords");
      await hasText(driver, "main", "Never invent a password again");
      expect(await driver.evaluate(() => document.documentElement.lang)).toBe("en");
      expect(await driver.evaluate(() => document.title)).toMatch(/KeyNest/);
    },
  },
  {
    name: "the header search finds results",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/features");
      const box = await fill(driver, "#header-search", "password");
      await box.submit();
      await urlMatches(driver, /^\/search\?q=password$/);
      await ready(driver);
      await hasText(driver, ".search-page h1", "Results for “password”");
      const count = await textOf(await visible(driver, ".search-page [aria-live]"));
      expect(Number(/(\d+) results/.exec(count)?.[1])).toBeGreaterThan(10);
      await until(driver, "ten results are listed, with the word marked", async () => {
        const titles = await driver.findAll(".search-result h2 a");
        const marks = await driver.findAll(".search-result__excerpt mark");
        return titles.length === 10 && marks.length > 0;
      });
    },
  },
  {
    name: "the newsletter subscribes a new address (captcha with JS, a plain post without)",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/features");
      await fill(driver, "section#newsletter input[name=email]", reader(driver));
      await click(driver, "section#newsletter button[type=submit]");
      if (driver.js) {
        // The sandbox's stand-in captcha, in its modal (newsletter-form.ts answerCaptcha).
        await visible(driver, { css: "dialog", text: "Prove you're a human" });
        await click(driver, { css: "dialog button", text: /^I am human$/ });
      }
      const thanks = { css: "dialog", text: "Thank you for subscribing!" };
      await visible(driver, thanks);
      const url = await driver.url();
      expect(url.pathname).toBe("/features");
      if (driver.js) {
        // No navigation: the same document, the form emptied.
        expect(url.hash).toBe("");
        const field = await visible(driver, "section#newsletter input[name=email]");
        expect(await field.evaluate((input) => (input as HTMLInputElement).value)).toBe("");
      } else {
        expect(url.hash).toBe("#newsletter");
      }
      await click(driver, { css: "dialog button", text: /^Close$/ });
      await hidden(driver, thanks);
    },
  },
  {
    name: "pricing → checkout → the sandbox's payment page with PayPal → paid",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/pricing");
      await click(driver, {
        css: '#plans .plan a[href="/order/checkout?plan=102"]',
        text: /^Choose plan/,
      });
      await urlMatches(driver, /^\/order\/checkout\?plan=102$/);
      await ready(driver);
      await hasText(driver, "main h1", "Checkout");
      await hasText(driver, ".checkout__summary", "1 year");
      await hasText(driver, ".checkout__total", "$35.88");
      await fill(driver, "#checkout-form input[name=email]", "Dana.Miller@Example.com");
      // A tile's label holds the method's name, then what it takes.
      await click(driver, { css: "#checkout-form label", text: /^PayPal\s*Pay with/ });
      const paypal = (await driver.findAll("#checkout-form input[name=method][value=paypal]"))[0];
      expect(await paypal?.evaluate((radio) => (radio as HTMLInputElement).checked)).toBe(true);
      await click(driver, { css: "#checkout-form button[type=submit]", text: "Pay $35.88" });

      await urlMatches(driver, /^\/sandbox\/pay\?order=102-[0-9a-f]{12}-[0-9a-f]{8}$/);
      await hasText(driver, "h1", "Sandbox payment");
      for (const fact of ["$35.88", "paypal", "d***@example.com"])
        await hasText(driver, "dl", fact);
      await click(driver, { css: "button", text: /^Pay$/ });

      await urlMatches(driver, /^\/payment-success\?order=102-/);
      await ready(driver);
      for (const fact of ["Thank you! Your payment was received.", "1 year", "$35.88"]) {
        await hasText(driver, ".order-summary", fact);
      }
      await hasText(driver, ".order-summary", "d***@example.com");
    },
  },
  {
    name: "the contact form sends a message and thanks the visitor",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/contact");
      await enhanced(driver, "form#contact-form");
      await fill(driver, "form#contact-form [name=name]", "Mia Jones");
      await fill(driver, "form#contact-form [name=email]", "mia@example.com");
      await fill(driver, "form#contact-form [name=subject]", "Family plan");
      await fill(driver, "form#contact-form [name=message]", "How do I add my sister to our plan?");
      await click(driver, { css: "form#contact-form button", text: /^Send message$/ });
      const thanks = { css: "dialog", text: "Thank you for your message!" };
      await visible(driver, thanks);
      expect((await driver.url()).hash).toBe(driver.js ? "" : "#contact");
      await click(driver, { css: "dialog button", text: /^Close$/ });
      await hidden(driver, thanks);
    },
  },
  {
    name: "the feedback panel takes a vote, then a comment",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/downloads/windows");
      await click(driver, { css: "section#download button", text: /^No$/ });
      await visible(driver, {
        css: "section#download",
        text: "Sorry to hear that. Tell us what went wrong",
      });
      await fill(driver, "section#download textarea[name=comment]", "The installer stops at 90 %.");
      await click(driver, { css: "section#download button", text: /^Send$/ });
      await visible(driver, { css: "section#download", text: "Thank you for your comment!" });
      expect(await driver.findAll("section#download textarea")).toHaveLength(0);
    },
  },
  {
    name: "a gift code is checked, then redeemed",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/redeem");
      await enhanced(driver, "form#redeem-check");
      await fill(driver, "form#redeem-check [name=code]", "gift-year-2026");
      await click(driver, "form#redeem-check button");
      await hasText(driver, "section#redeem .redeem__preview", "Gift code GIFT-YEAR-2026: 1 year");
      await fill(driver, "form#redeem-apply [name=email]", "mia@example.com");
      await click(driver, { css: "form#redeem-apply button", text: /^Redeem now$/ });
      await hasText(
        driver,
        "section#redeem .redeem__done",
        "Done! 1 year has been added to the account m***@example.com.",
      );
    },
  },
  {
    name: "a bonus code on the checkout lowers the total",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/order/checkout?plan=102");
      // Folded under "Have a bonus code?" until the buyer opens it.
      await hidden(driver, "#bonus-code");
      await click(driver, { css: "summary.checkout__bonus-toggle", text: "Have a bonus code?" });
      await fill(driver, "#bonus-code", "WELCOME20");
      await click(driver, { css: ".checkout__bonus button[type=submit]", text: /^Apply$/ });
      await hasText(driver, "main", "Code WELCOME20 applied");
      await hasText(driver, ".checkout__summary", "Discount (20%)");
      await hasText(driver, ".checkout__total", "$28.70");
    },
  },
  {
    name: "the demo account signs in, sees its subscription, and signs out",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/sign-in");
      expect(await driver.evaluate(() => document.title)).toMatch(/^Sign in \| KeyNest$/);
      await fill(driver, "form.sign-in-form input[name=email]", "active@keynest.example");
      await fill(driver, "form.sign-in-form input[name=password]", SANDBOX_PASSWORD);
      await click(driver, { css: "form.sign-in-form button[type=submit]", text: /^Sign in$/ });

      await urlMatches(driver, /^\/account$/);
      await ready(driver);
      await hasText(driver, "main h1", "My account");
      await hasText(driver, "main", "Signed in as active@keynest.example");
      await hasText(driver, "[data-testid=subscription-status]", /^3 months(, \d+ days?)? left$/);
      await hasText(driver, ".site-header .header__status", /^3 months/);

      await click(driver, { css: ".site-header button", text: /^Log out$/ });
      await urlMatches(driver, /^\/sign-in\?to=%2Faccount$/);
      await ready(driver);
      await open(driver, "/features");
      await visible(driver, ".header__signin");
      expect(await driver.findAll(".header__status")).toHaveLength(0);
    },
  },
  {
    name: "the header's language switch leads to the German page, the footer's back to English",
    async run(driver) {
      await driver.setViewport(DESKTOP);
      await open(driver, "/features");
      await click(driver, ".site-header .lang-switch summary");
      await click(driver, { css: ".site-header .lang-switch button", text: /^Deutsch$/ });
      await urlMatches(driver, /^\/de\/features$/);
      await ready(driver);
      expect(await driver.evaluate(() => document.documentElement.lang)).toBe("de");
      await hasText(driver, "main h1", "Funktionen, die Sicherheit zur einfachsten Wahl machen");
      await hasText(driver, ".site-header .header__signin", "Anmelden");
      expect(await driver.text()).not.toContain("Features that make security the easy option");

      await click(driver, { css: ".site-footer button", text: /^English$/ });
      await urlMatches(driver, /^\/features$/);
      await ready(driver);
      expect(await driver.evaluate(() => document.documentElement.lang)).toBe("en");
      await hasText(driver, "main h1", "Features that make security the easy option");
    },
  },
];

/**
 * Two pages through a plain shared cache (nginx, test/support/shared-cache.ts) in front of the
 * site: the first as any visitor opens it; the second a copy nginx already kept for a request
 * with this browser's own User-Agent, cookies, language and encoding (a visitor just like it,
 * asked from here), so the browser gets the HIT. Each page hydrates with JS on and runs nothing
 * with JS off; the policy check after the run covers both.
 */
export async function throughSharedCache(
  driver: Driver,
  cache: SharedCache,
): Promise<{ first?: AccessEntry; second?: AccessEntry }> {
  await driver.setViewport(DESKTOP);
  const agent = await driver.evaluate(() => navigator.userAgent);
  const mine = (path: string) =>
    cache.accessLog().filter((entry) => entry.uri === path && entry.userAgent === agent);

  await open(driver, `${cache.url}/security`);
  await visible(driver, "main h1");
  const first = mine("/security").at(-1);
  expect(first?.status).toBe(200);
  expect(["MISS", "HIT"]).toContain(first?.cache);

  const twin = await fetch(`${cache.url}/help/glossary`, {
    headers: {
      Accept: "text/html",
      "User-Agent": agent,
      ...(first?.cookie ? { Cookie: first.cookie } : {}),
      ...(first?.acceptLanguage ? { "Accept-Language": first.acceptLanguage } : {}),
      ...(first?.acceptEncoding ? { "Accept-Encoding": first.acceptEncoding } : {}),
    },
  });
  await twin.arrayBuffer();
  expect(twin.status).toBe(200);

  await open(driver, `${cache.url}/help/glossary`);
  await visible(driver, "main h1");
  return { first, second: mine("/help/glossary").at(-1) };
}
