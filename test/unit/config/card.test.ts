import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/config.server";

describe("STRIPE_PUBLISHABLE_KEY", () => {
  it("is unset by default: the hosted payment page for every method", () => {
    expect(parseConfig({}).stripePublishableKey).toBeUndefined();
    expect(parseConfig({ STRIPE_PUBLISHABLE_KEY: "" }).stripePublishableKey).toBeUndefined();
  });

  it.each(["pk_test_sandbox", "pk_live_51Habc_DEF123", "pk_test_" + "a".repeat(100)])(
    "takes %s",
    (key) => {
      expect(parseConfig({ STRIPE_PUBLISHABLE_KEY: key }).stripePublishableKey).toBe(key);
    },
  );

  it.each([
    "sk_test_secret",
    "rk_live_restricted",
    "pk_prod_x",
    "pk_test_",
    "pk_test_<script>",
    " pk_test_x",
    "pk_test_" + "a".repeat(300),
  ])("refuses %j, naming the variable (a secret key never reaches a page)", (key) => {
    let problems: string[] = [];
    try {
      parseConfig({ STRIPE_PUBLISHABLE_KEY: key });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems[0]).toMatch(/^STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
  });
});
