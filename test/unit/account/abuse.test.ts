import { describe, expect, it } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import {
  actionArgs,
  loaderArgs,
  returned,
  SESSION,
  setCookieValue as cookieOf,
  setupSandboxUpstream,
  thrown,
} from "../support/remix";
import {
  accountLoader,
  changePasswordAction,
  logoutAction,
  signInAction,
  signInLoader,
  vaultLoader,
} from "../support/routes";

/**
 * Sessions that end and sign-in limits shaped like the threats (decision 022), through the
 * routes themselves: what a replayed cookie, a stranger on someone's account, a password sprayer
 * and a code guesser meet. Small limits, so a test reaches them quickly.
 */
const upstream = setupSandboxUpstream({
  SIGN_IN_ACCOUNT_LIMIT: "3",
  SIGN_IN_NEW_DEVICE_LIMIT: "5",
  CODE_GUESS_ADDRESS_LIMIT: "3",
  CODE_GUESS_GLOBAL_LIMIT: "5",
});

const DEVICE = "__Host-kn_device";
let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;

function signIn(
  email: string,
  password: string,
  options: { ip?: string; cookies?: Record<string, string> } = {},
) {
  return returned(
    signInAction(
      actionArgs("/sign-in", {
        form: { _form: "sign-in", website_url: "", email, password },
        cookies: options.cookies,
        context: { clientIp: options.ip ?? visitor() },
      }),
    ),
  );
}

/** A new session of the account: its cookie and the browser's device note. */
async function session(email: string) {
  const answer = await signIn(email, SANDBOX_PASSWORD);
  expect(answer.status).toBe(303);
  return { session: cookieOf(answer.headers, SESSION)!, device: cookieOf(answer.headers, DEVICE)! };
}

const account = (cookie: string) =>
  accountLoader(loaderArgs("/account", { cookies: { [SESSION]: cookie } }));

describe("signing out", () => {
  it("ends the session: the old cookie replayed opens neither the account nor the vault link", async () => {
    const { session: cookie } = await session("active@keynest.example");
    expect((await returned(account(cookie))).status).toBe(200);
    const vault = await returned(
      vaultLoader(loaderArgs("/action/vault", { cookies: { [SESSION]: cookie } })),
    );
    expect(vault.location).toMatch(/\?session=[0-9a-f]+$/);

    const out = await returned(
      logoutAction(
        actionArgs("/action/logout", { form: { to: "/" }, cookies: { [SESSION]: cookie } }),
      ),
    );
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-session=; .*Max-Age=0/),
    ]);

    const replayed = await thrown(account(cookie));
    expect(replayed.location).toBe("/sign-in?to=%2Faccount");
    const replayedVault = await returned(
      vaultLoader(loaderArgs("/action/vault", { cookies: { [SESSION]: cookie } })),
    );
    expect(replayedVault.location).toBe("https://vault.keynest.example");
  });
});

/** The change-password form posted with the session `cookie`. */
const changePassword = (cookie: string, current: string, next: string) =>
  returned(
    changePasswordAction(
      actionArgs("/account/change-password", {
        form: {
          _form: "change-password",
          website_url: "",
          terms: "on",
          current,
          password: next,
          repeat: next,
        },
        cookies: { [SESSION]: cookie },
      }),
    ),
  );

describe("changing the password", () => {
  it("ends every other session of the account and keeps the visitor signed in anew", async () => {
    const laptop = await session("lifetime@keynest.example");
    const phone = await session("lifetime@keynest.example");
    const next = "violet Harbor 42 lantern!";
    const changed = await changePassword(laptop.session, SANDBOX_PASSWORD, next);
    expect(changed.status).toBe(303);
    const renewed = cookieOf(changed.headers, SESSION)!;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(laptop.session);
    expect((await thrown(account(phone.session))).location).toBe("/sign-in?to=%2Faccount");
    expect((await thrown(account(laptop.session))).location).toBe("/sign-in?to=%2Faccount");
    expect((await returned(account(renewed))).status).toBe(200);
    upstream.accounts.changePassword(
      upstream.accounts.accountOf("sandbox-lifetime")!,
      next,
      SANDBOX_PASSWORD,
    );
  });

  it("limits wrong current passwords like failed sign-ins (a stolen session cannot guess it)", async () => {
    const { session: cookie } = await session("active@keynest.example");
    const post = (current: string) => changePassword(cookie, current, "violet Harbor 42 lantern!");
    for (let i = 0; i < 3; i += 1) expect((await post(`wrong-current-${i}`)).status).toBe(400);
    upstream.forget();
    expect((await post(SANDBOX_PASSWORD)).status).toBe(429);
    expect(upstream.calls("/orbitshield/auth/change-password/")).toEqual([]);
  });
});

describe("a stranger failing on an account", () => {
  it("from many addresses stops new browsers past SIGN_IN_NEW_DEVICE_LIMIT, never the owner's own", async () => {
    const email = "expired@keynest.example";
    const owner = await session(email);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(email, `guess-${i}`)).status).toBe(401);
    }
    upstream.forget();
    // A new browser, even with the right password, waits for the window to end…
    expect((await signIn(email, SANDBOX_PASSWORD)).status).toBe(429);
    expect(upstream.calls("/orbitshield/auth/login/")).toEqual([]);
    // …the browser the owner signed in from before goes on.
    const known = await signIn(email, SANDBOX_PASSWORD, { cookies: { [DEVICE]: owner.device } });
    expect(known.status).toBe(303);
  });

  it("cannot borrow a device note made for another account, or a forged one", async () => {
    const email = "expired@keynest.example";
    const other = await session("active@keynest.example");
    expect(
      (await signIn(email, SANDBOX_PASSWORD, { cookies: { [DEVICE]: other.device } })).status,
    ).toBe(429);
    const forged = other.device.replace(/\.[\w-]{43}$/, `.${"A".repeat(43)}`);
    expect((await signIn(email, SANDBOX_PASSWORD, { cookies: { [DEVICE]: forged } })).status).toBe(
      429,
    );
  });

  it("with a known browser still has its own few tries there", async () => {
    const email = "teams@keynest.example";
    const owner = await session(email);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await signIn(email, `guess-${i}`, { cookies: { [DEVICE]: owner.device } });
      expect(wrong.status).toBe(401);
    }
    const spent = await signIn(email, SANDBOX_PASSWORD, { cookies: { [DEVICE]: owner.device } });
    expect(spent.status).toBe(429);
  });
});

describe("the owner's own typos", () => {
  it("are forgiven by a sign-in that works", async () => {
    const ip = visitor();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) {
        expect((await signIn("lifetime@keynest.example", `typo-${i}`, { ip })).status).toBe(401);
      }
      expect((await signIn("lifetime@keynest.example", SANDBOX_PASSWORD, { ip })).status).toBe(303);
    }
  });
});

describe("one address spraying a password over many accounts", () => {
  it("is stopped after 50 failures, whatever the accounts", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 50; i += 1) {
      expect((await signIn(`user-${i}@example.com`, "Summer2026!", { ip })).status).toBe(401);
    }
    expect((await signIn("user-99@example.com", "Summer2026!", { ip })).status).toBe(429);
  });
});

describe("sign-in link codes", () => {
  const post = (code: string, ip: string) =>
    returned(
      signInAction(
        actionArgs("/sign-in", {
          form: { _form: "fast-login", website_url: "", code },
          context: { clientIp: ip },
        }),
      ),
    );

  it("are guessed a few times per address, then refused without asking; a right one costs nothing", async () => {
    const ip = visitor();
    expect((await post("fast-active-2026", ip)).status).toBe(303);
    for (let i = 0; i < 3; i += 1) expect((await post(`guess-${i}`, ip)).status).toBe(401);
    upstream.forget();
    const refused = await post("fast-active-2026", ip);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ result: { error: { "": ["api.TOO_MANY_REQUESTS"] } } });
    expect(upstream.calls()).toEqual([]);
  });

  it("a right one still signs in after CODE_GUESS_GLOBAL_LIMIT wrong ones came from anywhere", async () => {
    // Three were guessed above; four more from new addresses pass the site's five.
    for (let i = 0; i < 4; i += 1) expect((await post(`spread-${i}`, visitor())).status).toBe(401);
    expect((await post("fast-active-2026", visitor())).status).toBe(303);
    expect((await post("spread-more", visitor())).status).toBe(401);
  });

  /** The sign-in page of a fast-login link, from `ip`: the page looks the code up. */
  const page = (code: string, ip: string) =>
    returned(signInLoader(loaderArgs(`/sign-in?fast=${code}`, { context: { clientIp: ip } })));

  it("are looked up by the link's page under the same limit: past it, no account and no Continue", async () => {
    const ip = visitor();
    // Right codes cost nothing, however often the page is opened.
    for (let i = 0; i < 5; i += 1) {
      expect((await page("fast-active-2026", ip)).data).toMatchObject({
        link: { email: "active@keynest.example" },
      });
    }
    for (let i = 0; i < 3; i += 1) {
      expect((await page(`look-${i}`, ip)).data).toMatchObject({
        link: { refusal: "api.EXPIRED_SESSION" },
      });
    }
    upstream.forget();
    expect((await page("look-3", ip)).data).toMatchObject({
      link: { refusal: "api.TOO_MANY_REQUESTS" },
    });
    const spent = await page("fast-active-2026", ip);
    expect(spent.headers.get("Cache-Control")).toBe("private, no-store");
    expect(spent.data).toMatchObject({
      link: { kind: "fast-login", refusal: "api.TOO_MANY_REQUESTS" },
    });
    expect(JSON.stringify(spent.data)).not.toContain("active@keynest.example");
    // The post spends the same tries: refused as well, nothing asked upstream.
    expect((await post("fast-active-2026", ip)).status).toBe(429);
    expect(upstream.calls()).toEqual([]);
    // Another address is not held back by this one's guesses.
    expect((await page("fast-active-2026", visitor())).data).toMatchObject({
      link: { email: "active@keynest.example" },
    });
  });

  it("count the page's look-ups and the posts together", async () => {
    const ip = visitor();
    expect((await page("mixed-0", ip)).data).toMatchObject({
      link: { refusal: "api.EXPIRED_SESSION" },
    });
    expect((await post("mixed-1", ip)).status).toBe(401);
    expect((await page("mixed-2", ip)).data).toMatchObject({
      link: { refusal: "api.EXPIRED_SESSION" },
    });
    expect((await page("fast-active-2026", ip)).data).toMatchObject({
      link: { refusal: "api.TOO_MANY_REQUESTS" },
    });
  });
});
