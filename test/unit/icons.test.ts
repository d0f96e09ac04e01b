import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/content/constants";

const sprite = readFileSync(new URL("../../public/icons.svg", import.meta.url), "utf8");

describe("icon sprite", () => {
  it.each(ICON_NAMES)("has a symbol for %s", (name) => {
    expect(sprite).toMatch(
      new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><path d="[^"]+"/></symbol>`),
    );
  });

  it("has no symbol the content cannot name", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual([...ICON_NAMES].sort());
  });
});
