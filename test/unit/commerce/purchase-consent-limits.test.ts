/**
 * Marketing consent at a purchase is a newsletter subscription no captcha vouched for, so it
 * counts under every limit the newsletter form's unverified posts meet (decision 022): 3 an hour
 * per visitor address — the footer form's posts and the purchases' consents together —
 * NEWSLETTER_UNVERIFIED_LIMIT an hour site-wide, and 3 a day per mailbox, however the address is
 * spelled (`victim+1@` … `victim+8@` is one mailbox). Past a limit the purchase goes on, and only
 * the subscription is left out.
 */
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { actionArgs, returned, setupSandboxUpstream } from "../support/remix";
import { checkoutAction, contentPageAction } from "../support/routes";

const UNVERIFIED_LIMIT = 12;
const upstream = setupSandboxUpstream({
  NEWSLETTER_UNVERIFIED_LIMIT: String(UNVERIFIED_LIMIT),
  STRIPE_PUBLISHABLE_KEY: "pk_test_consent_limits",
});

const PASS = "sandbox-pass.0123456789abcdef";
let visitors = 0;
const visitor = () => `203.0.113.${++visitors}`;

/** Every kind of purchase whose consent subscribes: hosted page, card step, free trial. */
const PURCHASES: Record<string, string>[] = [
  { plan: "102", method: "paypal" },
  { plan: "102", method: "card", _js: "1" },
  { plan: "109", trial: "1" },
];

function purchase(index: number, email: string, clientIp: string) {
  const kind = PURCHASES[index % PURCHASES.length]!;
  const form = { _form: "checkout", website_url: "", marketing: "on", email, ...kind };
  return returned(
    checkoutAction(
      actionArgs(`/order/checkout?plan=${kind["plan"]}`, { form, context: { clientIp } }),
    ),
  );
}

function footerSubscribe(fields: Record<string, string>, context: Partial<AppLoadContext>) {
  return returned(
    contentPageAction(
      actionArgs("/features", {
        form: { _form: "newsletter", website_url: "", ...fields },
        context,
      }),
    ),
  );
}

/** The subscriptions the upstream's handler received in this test, by the e-mail posted. */
const subscribed = () => {
  const recorded = upstream.recorder
    .all("coms.subscribe")
    .map((entry) => (entry.body as { email: string }).email);
  // Each call the handler received is one it recorded: nothing failed on the way.
  expect(upstream.calls("/coms/subscribe/")).toHaveLength(recorded.length);
  return recorded;
};

/** The purchases and trials the upstream received for these e-mails. */
const purchased = (emails: readonly string[]) =>
  [
    ...upstream.recorder.all("purchase.url-with-email"),
    ...upstream.recorder.all("purchase.stripe"),
    ...upstream.recorder.all("sales.trial-accrual"),
  ].filter((entry) => emails.includes((entry.body as { email: string }).email));

/** Unverified subscriptions made so far in this file, all counted on the site-wide limit. */
let unverifiedSoFar = 0;

describe("marketing consent at a purchase, under the newsletter's unverified limits", () => {
  it("subscribes at most 3 strangers an hour from one address, and every purchase goes on", async () => {
    const ip = visitor();
    const strangers = Array.from({ length: 12 }, (_, i) => `stranger-${i}@example.com`);
    for (const [i, email] of strangers.entries()) {
      const { status } = await purchase(i, email, ip);
      expect([200, 303], email).toContain(status);
    }
    const sent = subscribed();
    expect(sent.length).toBeLessThanOrEqual(UNVERIFIED_LIMIT);
    // The newsletter form's 3 unverified subscriptions an hour per address.
    expect(sent).toEqual(strangers.slice(0, 3));
    expect(purchased(strangers)).toHaveLength(12);
    unverifiedSoFar += sent.length;
  });

  it("counts the footer form's posts and the purchases' consents on one allowance per address", async () => {
    const ip = visitor();
    for (let i = 0; i < 2; i += 1) {
      const answer = await footerSubscribe({ email: `footer-${i}@example.com` }, { clientIp: ip });
      expect(answer.status).toBe(303);
    }
    for (let i = 0; i < 3; i += 1) {
      const { status } = await purchase(i, `shared-${i}@example.com`, ip);
      expect([200, 303]).toContain(status);
    }
    // The address's 3: two from the footer, one from the first purchase.
    const refused = await footerSubscribe({ email: "footer-9@example.com" }, { clientIp: ip });
    expect(refused.status).toBe(429);
    expect(subscribed()).toEqual([
      "footer-0@example.com",
      "footer-1@example.com",
      "shared-0@example.com",
    ]);
    expect(
      purchased(["shared-0@example.com", "shared-1@example.com", "shared-2@example.com"]),
    ).toHaveLength(3);
    unverifiedSoFar += 3;
  });

  it("subscribes one mailbox 3 times a day at most, however its address is spelled", async () => {
    // A new address for each post: only the mailbox's own limit applies.
    const spellings = Array.from({ length: 8 }, (_, i) => `victim+${i + 1}@example.com`);
    for (const [i, email] of spellings.entries()) {
      const { status } = await purchase(i, email, visitor());
      expect([200, 303], email).toContain(status);
    }
    // Subscribed as typed: only the limit reads the mailbox.
    expect(subscribed()).toEqual(spellings.slice(0, 3));
    expect(purchased(spellings)).toHaveLength(8);
    unverifiedSoFar += 3;
  });

  it("counts a Gmail mailbox's dotted and googlemail.com spellings as one, on the footer form too", async () => {
    const spellings = [
      "reader.one@gmail.com",
      "Reader.One+news@gmail.com",
      "r.e.a.d.e.r.o.n.e@googlemail.com",
      "readerone@googlemail.com",
    ];
    for (const email of spellings.slice(0, 3)) {
      const answer = await footerSubscribe(
        { email, _js: "1", captcha: PASS },
        { clientIp: visitor() },
      );
      expect(answer.status, email).toBe(200);
    }
    const refused = await footerSubscribe(
      { email: spellings[3]!, _js: "1", captcha: PASS },
      { clientIp: visitor() },
    );
    expect(refused.status).toBe(429);
    // Nor does a purchase's consent subscribe it again.
    const { status } = await purchase(0, "READER.ONE@gmail.com", visitor());
    expect(status).toBe(303);
    // Sent as posted, tag and dots kept (the forms lower-case an e-mail, SPEC §5).
    expect(subscribed()).toEqual(spellings.slice(0, 3).map((email) => email.toLowerCase()));
  });

  it("subscribes NEWSLETTER_UNVERIFIED_LIMIT an hour in all, whatever the addresses", async () => {
    const room = UNVERIFIED_LIMIT - unverifiedSoFar;
    const buyers = Array.from({ length: room + 4 }, (_, i) => `wide-${i}@example.com`);
    for (const [i, email] of buyers.entries()) {
      const { status } = await purchase(i, email, visitor());
      expect([200, 303], email).toContain(status);
    }
    expect(subscribed()).toEqual(buyers.slice(0, Math.max(room, 0)));
    expect(purchased(buyers)).toHaveLength(buyers.length);
    // The footer form's unverified posts meet the same spent limit.
    const refused = await footerSubscribe({ email: "late@example.com" }, { clientIp: visitor() });
    expect(refused.status).toBe(429);
  });
});
