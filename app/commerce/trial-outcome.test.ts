import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { createTranslator } from "~/i18n/translate";
import { withTrialHero } from "./trial-outcome";
import type { Block } from "~/content/types";

const t = createTranslator("en", en);

function hero(subtitle: string): Block {
  return {
    name: "hero",
    data: { title: "Thank you", badge: "Thank you", subtitle, buttons: [], align: "center" },
    children: [],
  } as unknown as Block;
}

describe("the success page after a free trial started", () => {
  const paid = "Your order's state is shown above. Once it is paid, a receipt is on its way.";

  it("says the trial has started and nothing is charged, never that it is to be paid", () => {
    const [first, second] = withTrialHero([hero(paid), hero("Second")], t, 7);
    const data = (first as Extract<Block, { name: "hero" }>).data;
    expect(data.subtitle).toBe(
      "Your 7-day free trial has started and nothing is charged. Your account details are on their way to your inbox; when the trial ends, you decide whether to buy.",
    );
    expect(data.badge).toBe("Free trial started");
    expect(data.title).toBe("Thank you");
    // Only the page's hero: the other blocks are kept as they are.
    expect((second as Extract<Block, { name: "hero" }>).data.subtitle).toBe("Second");
  });

  it("without the trial's length, says it without a number", () => {
    const [first] = withTrialHero([hero(paid)], t, null);
    expect((first as Extract<Block, { name: "hero" }>).data.subtitle).toMatch(
      /^Your free trial has started and nothing is charged\./,
    );
  });
});
