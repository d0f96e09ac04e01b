import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/blocks/constants";

const sprite = readFileSync(new URL("../../../public/icons.svg", import.meta.url), "utf8");
/**
 * A line icon's own drawing style, on its symbol: a page's <use> instance inherits from the page
 * (the `<svg class="icon">` around it), never from the sprite's root element — style left there
 * drew every icon as a solid black shape.
 */
const LINE =
  'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"';

describe("icon sprite", () => {
  it.each(ICON_NAMES)("has a symbol for %s", (name) => {
    expect(sprite).toMatch(
      new RegExp(`<symbol id="${name}" viewBox="0 0 24 24" ${LINE}><path d="[^"]+"/></symbol>`),
    );
  });

  it("has no symbol the content cannot name", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual([...ICON_NAMES].sort());
  });
});
