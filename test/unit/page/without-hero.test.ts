import { describe, expect, it } from "vitest";
import type { Block } from "~/page/Blocks";
import { withoutHero } from "~/page/without-hero";

function block(name: string, title: string): Block {
  return { name, data: { title }, children: [] } as unknown as Block;
}

describe("a payment outcome page's blocks", () => {
  it("leave out the hero, whose heading and buttons the order's summary replaces", () => {
    const blocks = [block("hero", "Thank you"), block("steps", "Get set up"), block("faq", "Why")];
    expect(withoutHero(blocks).map((b) => b.name)).toEqual(["steps", "faq"]);
  });

  it("keep a page without a hero as it is", () => {
    const blocks = [block("steps", "Get set up")];
    expect(withoutHero(blocks)).toEqual(blocks);
  });

  it("are the same list for the same page, visit after visit", () => {
    const blocks = [block("hero", "Thank you"), block("steps", "Get set up")];
    expect(withoutHero(blocks)).toBe(withoutHero(blocks));
    expect(withoutHero([...blocks])).not.toBe(withoutHero(blocks));
  });
});
