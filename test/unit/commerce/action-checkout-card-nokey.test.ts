import { describe, expect, it } from "vitest";
import { actionArgs, loaderArgs, returned, setupSandboxUpstream } from "../support/remix";
import { checkoutAction, checkoutLoader } from "../support/routes";

/** Without STRIPE_PUBLISHABLE_KEY the checkout is as before: the hosted page for every method. */
const upstream = setupSandboxUpstream({ STRIPE_PUBLISHABLE_KEY: undefined });

describe("checkout without a card provider key", () => {
  it("gives the page no key", async () => {
    const { data } = await returned(checkoutLoader(loaderArgs("/order/checkout?plan=102")));
    expect(data.cardKey).toBeNull();
  });

  it.each(["card", "applepay"])("sends a JS %s post to the hosted payment page", async (method) => {
    const form = {
      _form: "checkout",
      _js: "1",
      website_url: "",
      plan: "102",
      email: "dana@example.com",
      marketing: "on",
      method,
    };
    const { status, location } = await returned(
      checkoutAction(actionArgs("/order/checkout?plan=102", { form })),
    );
    expect(status).toBe(303);
    expect(location).toMatch(/^\/sandbox\/pay\?order=102-/);
    expect(upstream.recorder.all("purchase.stripe")).toEqual([]);
  });
});
