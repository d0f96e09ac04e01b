/**
 * Signing in and the account pages (SPEC §4, §6), with JS on and off: the sandbox's demo
 * accounts (mocks/auth/accounts.ts), their status in the page's language, the provider's
 * refusals, a session the provider ended, signing out, and the tokens kept out of every page.
 */
import { SANDBOX_PASSWORD } from "../../mocks/auth/accounts";
import { expect, ready, test } from "./fixtures";
import { signIn } from "./sign-in-form";
import { ACCOUNTS, signInApart } from "./sign-in-session";

test.describe("signing in", () => {
  for (const [lang, forgot, createAccount] of [
    ["en", "Forgot password?", "Create an account"],
    ["de", "Passwort vergessen?", "Konto erstellen"],
    ["jp", "パスワードをお忘れですか？", "アカウントを作成"],
  ] as const) {
    test(`the ${lang} sign-in page offers a password reset and a new account in the web vault`, async ({
      page,
    }) => {
      await page.goto(lang === "en" ? "/sign-in" : `/${lang}/sign-in`);
      const form = page.locator(".sign-in-form");
      await expect(form.getByRole("link", { name: forgot })).toHaveAttribute(
        "href",
        "https://vault.keynest.example/forgot-password",
      );
      await expect(page.getByRole("link", { name: createAccount })).toHaveAttribute(
        "href",
        "https://vault.keynest.example/sign-up",
      );
      // The reset link follows the password field it belongs to, before the button.
      const order = await form.evaluate((el) =>
        [...el.querySelectorAll("input[name=password], a, button[type=submit]")].map(
          (node) => node.getAttribute("name") ?? node.textContent,
        ),
      );
      expect(order.indexOf("password")).toBeLessThan(order.indexOf(forgot));
      expect(order.indexOf(forgot)).toBeLessThan(order.length - 1);
    });
  }

  test("an active account sees its status and links, then signs out", async ({ page, js }) => {
    await page.goto("/sign-in");
    await expect(page).toHaveTitle(/^Sign in \| KeyNest$/);
    await signIn(page, js, "active@keynest.example");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
    await expect(page.getByText("Signed in as active@keynest.example")).toBeVisible();
    await expect(page.getByTestId("subscription-status")).toHaveText(
      /^3 months(, \d+ days?)? left$/,
    );
    const header = page.locator(".site-header");
    // The account links stand twice in the header (the wide row, the folded menu's top): one shows.
    await expect(header.locator(".header__status:visible")).toHaveText(/^3 months/);
    await expect(header.getByRole("link", { name: "My account" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Web vault" })).toHaveAttribute(
      "href",
      "/action/vault",
    );
    // The session cookie is HttpOnly: page scripts never see it.
    if (js) expect(await page.evaluate(() => document.cookie)).not.toContain("__session");
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "__session");
    expect(session).toBeTruthy();

    await header.getByRole("button", { name: "Log out" }).click();
    // Back to the account page, which now asks to sign in.
    await expect(page).toHaveURL(/\/sign-in\?to=%2Faccount$/);
    await page.goto("/features");
    await expect(page.locator(".header__signin:visible")).toBeVisible();
    await expect(page.locator(".header__status")).toHaveCount(0);
    // The old cookie, put back (kept by a copy of the browser, or stolen), opens nothing.
    await page.context().addCookies([session!]);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in\?to=%2Faccount$/);
    await expect(page.locator(".header__status")).toHaveCount(0);
  });

  test("the account page asks an anonymous visitor to sign in and returns there", async ({
    page,
    js,
  }) => {
    await page.goto("/de/account");
    await expect(page).toHaveURL(/\/de\/sign-in\?to=%2Fde%2Faccount$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmelden");
    await signIn(page, js, "lifetime@keynest.example");
    await expect(page).toHaveURL(/\/de\/account$/);
    await expect(page.getByTestId("subscription-status")).toHaveText("Lebenslang");
  });

  test("an expired subscription says so and offers the plans", async ({ page, js }) => {
    await page.goto("/sign-in?to=/account");
    await signIn(page, js, "expired@keynest.example");
    await expect(page.getByTestId("subscription-status")).toHaveText(
      "Your subscription has expired",
    );
    await expect(page.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
  });

  test("a wrong password is refused in English and German, keeping the e-mail", async ({
    page,
    js,
  }) => {
    await page.goto("/sign-in");
    await signIn(page, js, "teams@keynest.example", "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    await expect(page.locator('form.sign-in-form input[name="email"]')).toHaveValue(
      "teams@keynest.example",
    );
    await expect(page.locator('input[name="password"]')).toHaveValue("");

    await page.goto("/de/sign-in");
    await signIn(page, js, "teams@keynest.example", "auch-nicht-richtig");
    await expect(page.getByRole("alert")).toHaveText(
      "Ungültiger Benutzername oder ungültiges Passwort",
    );
  });

  test("banned and locked accounts are told why", async ({ page, js }) => {
    await page.goto("/sign-in");
    await signIn(page, js, "banned@keynest.example");
    await expect(page.getByRole("alert")).toContainText("blocked");
    await page.goto("/fr/sign-in");
    await signIn(page, js, "locked@keynest.example");
    await expect(page.getByRole("alert")).toHaveText(
      "Trop de tentatives de connexion. Votre compte est verrouillé ; nous vous avons envoyé un e-mail de récupération.",
    );
  });

  test("a session the provider ended (401) signs the visitor out", async ({ page, js }) => {
    await page.goto("/sign-in");
    // The sandbox signs this account in, then answers 401 to every user-info call.
    await signIn(page, js, "stale@keynest.example");
    await expect(page).toHaveURL(/\/sign-in\?to=%2Faccount&reason=expired$/);
    await expect(page.getByRole("status")).toHaveText("Your session has expired. Please relogin");
    await expect(page.locator(".header__signin:visible")).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "__session")).toBeUndefined();
  });
});

test.describe("sign-in links", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("an e-mailed fast-login link names the account it signs in to, then signs in on Continue", async ({
    page,
    js,
  }) => {
    await page.goto("/de/sign-in?fast=fast-active-2026&to=/de/account");
    await ready(page, js);
    await expect(page.getByText("Sie melden sich mit dem Link aus Ihrer E-Mail an.")).toBeVisible();
    // The account is named above Continue, with what to do when it is not the visitor's.
    await expect(page.getByTestId("link-account")).toHaveText(
      "Sie melden sich als active@keynest.example an.",
    );
    await expect(page.getByText("Nicht Ihr Konto? Fahren Sie nicht fort.")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Stattdessen mit Passwort anmelden" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/\/de\/account$/);
    await expect(page.getByTestId("subscription-status")).toHaveText(/^Noch 3 Monate/);
  });

  test("an unknown or expired fast-login code says so at once: no Continue, the password form offered", async ({
    page,
    js,
  }) => {
    await page.goto("/sign-in?fast=no-such-code");
    await ready(page, js);
    await expect(page.getByRole("alert")).toHaveText("Your session has expired. Please relogin");
    await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
    await expect(page.getByText("@keynest.example")).toHaveCount(0);
    await page.getByRole("link", { name: "Sign in with your password instead" }).click();
    await expect(page.locator('form.sign-in-form input[name="password"]')).toBeVisible();
  });

  test("a web vault session link lands on the account page naming the account, the way on a link", async ({
    page,
    js,
    playwright,
    baseURL,
  }) => {
    // A web vault session of the account, as its autologin URL carries it.
    const cookie = await signInApart(playwright, baseURL!, ACCOUNTS.lifetime);
    const vault = await page.request.get("/action/vault", {
      headers: { Cookie: cookie },
      maxRedirects: 0,
    });
    const session = new URL(vault.headers()["location"]!).searchParams.get("session")!;
    expect(session).toMatch(/^[0-9a-f]+$/);

    await page.goto(`/sign-in?session=${session}&to=/pricing`);
    await ready(page, js);
    await expect(page.getByText("You are signing in with your web vault session.")).toBeVisible();
    await expect(
      page.getByText("The next page names the account you are signed in to."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    // Not on to /pricing yet: first whose account this is.
    await expect(page).toHaveURL(/\/account\?linked=1&to=%2Fpricing$/);
    const linked = page.getByTestId("linked-account");
    await expect(linked).toContainText(
      "A link from the web vault signed you in as lifetime@keynest.example.",
    );
    await expect(linked).toContainText("Not your account?");
    await expect(linked.getByRole("button", { name: "Log out" })).toBeVisible();
    await linked.getByRole("link", { name: "This is my account: continue" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("signing out from the account page a web vault link opened ends that session", async ({
    page,
    js,
    playwright,
    baseURL,
  }) => {
    const cookie = await signInApart(playwright, baseURL!, ACCOUNTS.teams);
    const vault = await page.request.get("/action/vault", {
      headers: { Cookie: cookie },
      maxRedirects: 0,
    });
    const session = new URL(vault.headers()["location"]!).searchParams.get("session")!;
    await page.goto(`/de/sign-in?session=${session}&to=/action/vault`);
    await ready(page, js);
    await page.getByRole("button", { name: "Weiter" }).click();
    // Never on to the web vault: no way on is offered for an action route.
    await expect(page).toHaveURL(/\/de\/account\?linked=1$/);
    const linked = page.getByTestId("linked-account");
    await expect(linked).toContainText(
      "Ein Link aus dem Web-Tresor hat Sie als teams@keynest.example angemeldet.",
    );
    await expect(linked.getByRole("link")).toHaveCount(0);
    await linked.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/de\/sign-in$/);
    await expect(page.locator('form.sign-in-form input[name="password"]')).toBeVisible();
  });
});

test.describe("the session over HTTP", () => {
  test("a sign-in sets one HttpOnly sealed session cookie; no token reaches any page", async ({
    request,
    baseURL,
  }) => {
    const answer = await request.post("/sign-in?to=/pricing", {
      headers: { Origin: baseURL! },
      form: {
        _form: "sign-in",
        website_url: "",
        email: "active@keynest.example",
        password: SANDBOX_PASSWORD,
        to: "/pricing",
      },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers()["location"]).toBe("/pricing");
    const [setCookie = "", device = ""] = answer
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === "set-cookie")
      .map(({ value }) => value);
    expect(setCookie).toMatch(
      // No Secure on the http test server (SITE_URL is http://localhost): see decision 014.
      /^__session=v1\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    // The browser is remembered for the account's sign-ins (decision 022): no token in it.
    expect(device).toMatch(
      /^kn_device=v1\.[0-9a-f]{32}\.[0-9a-f]{16}\.[\w-]{43}; Max-Age=31536000; Path=\/;/,
    );
    const cookie = setCookie.split(";")[0]!;
    for (const path of ["/features", "/account", "/de/help", "/account/change-password"]) {
      const page = await request.get(path, { headers: { Cookie: cookie } });
      expect(page.status(), path).toBe(200);
      expect(page.headers()["cache-control"], path).toBe("private, no-store");
      const html = await page.text();
      expect(html).not.toMatch(/sandbox-monthly|access\.[0-9a-f]{24}/);
      expect(html).toMatch(/My account|Mein Konto/);
    }
    const signedOut = await request.post("/action/logout", {
      headers: { Origin: baseURL!, Cookie: cookie },
      form: { to: "/features" },
      maxRedirects: 0,
    });
    expect(signedOut.headers()["set-cookie"]).toMatch(/^__session=; Max-Age=0; Path=\//);
    // The cookie kept or replayed after signing out opens nothing.
    const replayed = await request.get("/account", {
      headers: { Cookie: cookie },
      maxRedirects: 0,
    });
    expect(replayed.status()).toBe(302);
  });

  test("an open redirect after sign-in is refused", async ({ request, baseURL }) => {
    for (const to of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const answer = await request.post("/sign-in", {
        headers: { Origin: baseURL! },
        form: {
          _form: "sign-in",
          website_url: "",
          email: "lifetime@keynest.example",
          password: SANDBOX_PASSWORD,
          to,
        },
        maxRedirects: 0,
      });
      expect(answer.headers()["location"], to).toBe("/account");
    }
  });
});

test.describe("changing the password", () => {
  test("the rules are checked on the server, then the change is made", async ({ page, js }) => {
    await page.goto("/sign-in?to=/account/change-password");
    await signIn(page, js, "teams@keynest.example");
    await expect(page).toHaveURL(/\/account\/change-password$/);
    const form = page.locator("form.sign-in-form");
    const fill = async (current: string, next: string, repeat: string, terms = true) => {
      await form.getByLabel("Current password").fill(current);
      await form.getByLabel("New password", { exact: true }).fill(next);
      await form.getByLabel("Repeat the new password").fill(repeat);
      await form.getByRole("checkbox").setChecked(terms);
      await form.getByRole("button", { name: "Change password" }).click();
    };
    await fill(SANDBOX_PASSWORD, "password1", "password1");
    await expect(
      page.getByText("Your password is not strong enough", { exact: false }),
    ).toBeVisible();
    await fill(SANDBOX_PASSWORD, "violet Harbor 42 lantern!", "violet Harbor 42", false);
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await expect(
      page.getByText(
        "Please agree to our Age Certification, End User Agreement and Privacy Policy.",
      ),
    ).toBeVisible();
    // Without JS the answer is a new page: nothing typed comes back in it.
    if (!js) await expect(form.getByLabel("Current password")).toHaveValue("");

    const next = "violet Harbor 42 lantern!";
    await fill(SANDBOX_PASSWORD, next, next);
    await expect(page).toHaveURL(/\/account\?changed=1$/);
    await expect(page.getByRole("status").first()).toHaveText("Your password has been changed.");
    // And back, so the demo account keeps its documented password.
    await page.goto("/account/change-password");
    await ready(page, js);
    await fill(next, SANDBOX_PASSWORD, SANDBOX_PASSWORD);
    await expect(page).toHaveURL(/\/account\?changed=1$/);
  });
});
