/**
 * Marketing consent ticked at a checkout or a free trial follows the newsletter's rules (decision
 * 022): it is a subscription marked unverified, a few a day per mailbox and an hour per address —
 * so posting checkouts with strangers' addresses never puts them on the list again and again —
 * and the purchase call itself never subscribes. The purchase goes on either way.
 */
import { describe, expect, it } from "vitest";
import { actionArgs, returned, setupSandboxUpstream } from "../support/remix";
import { checkoutAction } from "../support/routes";

const upstream = setupSandboxUpstream({ STRIPE_PUBLISHABLE_KEY: "pk_test_consent" });

let visitors = 0;
const visitor = () => `198.51.100.${++visitors}`;

const BASE = { _form: "checkout", website_url: "", marketing: "on" };
const POSTS: [string, Record<string, string>][] = [
  ["a checkout to the hosted page", { plan: "102", method: "paypal" }],
  ["a card step", { plan: "102", method: "card", _js: "1" }],
  ["a free trial", { plan: "109", trial: "1" }],
];

const checkout = (form: Record<string, string>, ip = visitor()) =>
  returned(
    checkoutAction(
      actionArgs(`/order/checkout?plan=${form.plan}`, {
        form: { ...BASE, ...form },
        context: { clientIp: ip },
      }),
    ),
  );

const subscriptions = (email: string) =>
  upstream.recorder
    .all("coms.subscribe")
    .filter((e) => (e.body as { email: string }).email === email);

describe("marketing consent at a purchase", () => {
  it.each(POSTS)("%s subscribes the ticked e-mail once, unverified", async (_, form) => {
    const email = `buyer-${visitors}@example.com`;
    const { status } = await checkout({ ...form, email });
    expect([200, 303]).toContain(status);
    expect(subscriptions(email).map((e) => e.body)).toEqual([
      { email, lang: "en", type: "orbitshield-site", verified: false },
    ]);
  });

  it("never subscribes one e-mail more often than the newsletter allows, however many posts", async () => {
    const victim = "victim@example.com";
    for (let i = 0; i < 18; i += 1) {
      const [, form] = POSTS[i % POSTS.length]!;
      const { status } = await checkout({ ...form, email: victim });
      // Every purchase still goes on: only the subscription is left out.
      expect([200, 303]).toContain(status);
    }
    // The newsletter's 3 a day for one e-mail address.
    expect(subscriptions(victim)).toHaveLength(3);
    const purchases = [
      ...upstream.recorder.all("purchase.url-with-email"),
      ...upstream.recorder.all("purchase.stripe"),
      ...upstream.recorder.all("sales.trial-accrual"),
    ].filter((e) => (e.body as { email: string }).email === victim);
    expect(purchases).toHaveLength(18);
    expect(
      purchases.every(
        (e) => (e.body as { receiveMarketingEmails: boolean }).receiveMarketingEmails === false,
      ),
    ).toBe(true);
  });

  it("subscribes 3 buyers an hour behind one address (an office), and lets every one buy", async () => {
    const office = visitor();
    for (let i = 0; i < 6; i += 1) {
      const { status } = await checkout(
        { plan: "102", method: "paypal", email: `office-${i}@example.com` },
        office,
      );
      expect(status).toBe(303);
    }
    // The newsletter's unverified posts per address and hour (purchase-consent-limits.test.ts, beside this file).
    const sent = upstream.recorder
      .all("coms.subscribe")
      .filter((e) => (e.body as { email: string }).email.startsWith("office-"));
    expect(sent).toHaveLength(3);
    const bought = upstream.recorder
      .all("purchase.url-with-email")
      .filter((e) => (e.body as { email: string }).email.startsWith("office-"));
    expect(bought).toHaveLength(6);
  });
});
