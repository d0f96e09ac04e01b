import { describe, expect, it } from "vitest";
import { hasForms } from "~/content/segments";
import type { Block } from "~/content/types";

const block = (name: string, children: Block[] = []) => ({ name, data: {}, children }) as Block;

describe("a content page's forms", () => {
  it("finds none on a page without forms", () => {
    expect(hasForms([block("hero"), block("faq")])).toBe(false);
    expect(hasForms([])).toBe(false);
  });

  it("finds a form block at the top or inside a section", () => {
    expect(hasForms([block("hero"), block("partner-form"), block("faq")])).toBe(true);
    expect(hasForms([block("section", [block("rich-text"), block("contact-form")])])).toBe(true);
  });
});
