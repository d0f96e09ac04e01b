import { describe, expect, it } from "vitest";
import { hasForms, pageSegments } from "~/content/segments";
import type { Block } from "~/content/types";
import { loaderArgs, returned, setupSandboxUpstream } from "./support/remix";
import { contentPageLoader } from "./support/routes";

setupSandboxUpstream();

const block = (name: string, children: Block[] = []) => ({ name, data: {}, children }) as Block;

describe("a content page split at its forms", () => {
  it("keeps a page without forms in one prerendered run", () => {
    const blocks = [block("hero"), block("faq")];
    expect(pageSegments(blocks)).toEqual([{ live: false, blocks }]);
    expect(hasForms(blocks)).toBe(false);
  });

  it("renders the form blocks live, in page order, between runs of the others", () => {
    const [hero, grid, form, faq, cta] = [
      block("hero"),
      block("feature-grid"),
      block("partner-form"),
      block("faq"),
      block("cta"),
    ];
    expect(pageSegments([hero, grid, form, faq, cta])).toEqual([
      { live: false, blocks: [hero, grid] },
      { live: true, blocks: [form] },
      { live: false, blocks: [faq, cta] },
    ]);
  });

  it("renders a section live when a form sits inside it", () => {
    const section = block("section", [block("rich-text"), block("contact-form")]);
    expect(pageSegments([section, block("faq")]).map((segment) => segment.live)).toEqual([
      true,
      false,
    ]);
  });

  it("gives the same runs for the same page on every request (their prerendered HTML stays)", async () => {
    const load = async () =>
      (
        await returned(
          contentPageLoader(
            loaderArgs("/de/partners", { params: { lang: "de", "*": "partners" } }),
          ),
        )
      ).data;
    const first = await load();
    const second = await load();
    expect(first.blocks.map((b) => b.name)).toEqual([
      "hero",
      "feature-grid",
      "partner-form",
      "faq",
    ]);
    const segments = pageSegments(second.blocks);
    expect(segments).toBe(pageSegments(first.blocks));
    expect(segments.map((segment) => [segment.live, segment.blocks.length])).toEqual([
      [false, 2],
      [true, 1],
      [false, 1],
    ]);
  });
});
