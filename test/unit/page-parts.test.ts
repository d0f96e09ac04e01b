import { describe, expect, it } from "vitest";
import { pagePartsOf, partsForDocument, serverOnly } from "~/content/page-parts";
import { pageSegments } from "~/content/segments";
import type { Block } from "~/content/types";
import { loaderArgs, returned, setupSandboxUpstream } from "./support/remix";
import { contentPageLoader, homeLoader } from "./support/routes";

setupSandboxUpstream();

const block = (name: string, children: Block[] = []) => ({ name, data: {}, children }) as Block;

describe("a page's blocks in a document's hydration data", () => {
  const [hero, grid, form, faq, cta] = [
    block("hero"),
    block("feature-grid"),
    block("partner-form"),
    block("faq"),
    block("cta"),
  ];

  it("keeps the runs with forms and leaves every other run to the page's HTML", () => {
    expect(partsForDocument([hero, grid, form, faq, cta])).toEqual([null, [form], null]);
    expect(partsForDocument([hero, faq])).toEqual([null]);
    expect(partsForDocument([form])).toEqual([[form]]);
    expect(partsForDocument([])).toEqual([]);
  });

  it("renders the same runs from the parts as from the blocks", () => {
    for (const blocks of [[hero, grid, form, faq, cta], [hero, faq], [form, hero], []]) {
      const fromBlocks = pagePartsOf({ blocks });
      const fromParts = pagePartsOf({ parts: partsForDocument(blocks) });
      expect(fromParts.map((part) => part.live)).toEqual(fromBlocks.map((part) => part.live));
      fromParts.forEach((part, i) =>
        expect(part.blocks).toEqual(part.live ? fromBlocks[i]!.blocks : null),
      );
    }
    const blocks = [hero, form];
    expect(pagePartsOf({ blocks })).toBe(pageSegments(blocks));
    expect(pagePartsOf({})).toEqual([]);
  });

  it("keeps a server-only value out of the encodings but readable on the server", () => {
    const page = serverOnly({ lang: "en", blocks: [] as Block[] }, "blocks", [hero, faq]);
    expect(page.blocks).toEqual([hero, faq]);
    expect(Object.keys(page)).toEqual(["lang"]);
    expect(JSON.parse(JSON.stringify(page))).toEqual({ lang: "en" });
    expect({ ...page }).toEqual({ lang: "en" });
  });
});

describe("content loaders for a document", () => {
  const documentArgs = (path: string, params: Record<string, string>) =>
    loaderArgs(path, { params, context: { nonce: "test", blocksAsHtml: true } });

  it("send the home page's blocks as parts only, and render from the blocks", async () => {
    const full = (await returned(homeLoader(loaderArgs("/", {})))).data;
    const { data } = await returned(homeLoader(documentArgs("/", {})));
    expect(data.blocks).toBe(full.blocks);
    expect(Object.keys(data)).not.toContain("blocks");
    expect(data.parts).toEqual([null]);
    expect(full.parts).toBeUndefined();
    const sent = JSON.stringify(data);
    expect(sent.length).toBeLessThan(JSON.stringify(full).length / 3);
    // The FAQ's text is in the blocks, not in what the browser is sent as data.
    expect(JSON.stringify(full.blocks)).toContain("money-back guarantee");
    expect(sent).not.toContain("money-back guarantee");
  });

  it("still send the blocks of a form's run (they render in the browser)", async () => {
    const params = { lang: "de", "*": "partners" };
    const { data } = await returned(contentPageLoader(documentArgs("/de/partners", params)));
    expect(data.parts?.map((part) => part?.map((b) => b.name) ?? null)).toEqual([
      null,
      ["partner-form"],
      null,
    ]);
    expect(data.parts?.[1]?.[0]).toBe(data.blocks[2]);
  });
});
