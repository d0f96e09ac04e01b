import { describe, expect, it, vi } from "vitest";
import { prepareBlocks } from "~/page/prepare.server";
import { sanitizeRichText } from "~/content/sanitize.server";
import type { RawComponent } from "~/upstream/coms.schemas";

const EVIL =
  '<p onclick="steal()">Hi<script>alert(1)</script></p>' +
  '<a href="javascript:alert(1)">bad</a>' +
  '<a href="https://vpn.example/">vpn</a>';

function prepare(components: RawComponent[]) {
  const log = { warn: vi.fn() };
  return { blocks: prepareBlocks(components, log), warn: log.warn };
}

describe("sanitizeRichText", () => {
  it.each([
    [
      "<p>Plain <strong>bold</strong> <em>text</em></p>",
      "<p>Plain <strong>bold</strong> <em>text</em></p>",
    ],
    ['<p onclick="x()" style="color:red" class="c">Hi</p>', "<p>Hi</p>"],
    ["<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"],
    ['<img src="x" onerror="alert(1)"><iframe src="https://x.example"></iframe>ok', "ok"],
    ['<a href="javascript:alert(1)">x</a>', ""],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', ""],
    ['<a href="//evil.example/">x</a>', ""],
    [
      '<a href="/pricing" target="_blank" rel="opener">Pricing</a>',
      '<a href="/pricing">Pricing</a>',
    ],
    [
      '<a href="mailto:support@keynest.example">Mail</a>',
      '<a href="mailto:support@keynest.example">Mail</a>',
    ],
    [
      '<a href="https://vpn.example/">VPN</a>',
      '<a href="https://vpn.example/" target="_blank" rel="noopener noreferrer">VPN</a>',
    ],
    [
      '<a href="HTTP://vpn.example/" rel="opener">VPN</a>',
      '<a href="HTTP://vpn.example/" rel="noopener noreferrer" target="_blank">VPN</a>',
    ],
    [
      '<table><tr><td colspan="2" onclick="x">c</td></tr></table>',
      '<table><tr><td colspan="2">c</td></tr></table>',
    ],
  ])("turns %j into %j", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe("sanitizeRichText site links (SPEC §2: / links are internal, localized)", () => {
  it.each([
    ['<a href="/pricing">P</a>', "en", '<a href="/pricing">P</a>'],
    ['<a href="/pricing">P</a>', "de", '<a href="/de/pricing">P</a>'],
    ['<a href="/" target="_blank">Home</a>', "jp", '<a href="/jp">Home</a>'],
    ['<a href="/help?q=1#faq">H</a>', "ua", '<a href="/ua/help?q=1#faq">H</a>'],
  ] as const)("rewrites %j in %s to %j", (input, lang, expected) => {
    expect(sanitizeRichText(input, lang)).toBe(expected);
  });

  it("prefixes rich-text links with the language passed to prepareBlocks", () => {
    const blocks = prepareBlocks(
      [{ name: "rich-text", data: { html: '<a href="/family">F</a>' } }],
      { warn: vi.fn() },
      "fr",
    );
    expect(blocks[0]?.data).toMatchObject({ html: '<a href="/fr/family">F</a>' });
  });

  it("marks where a Japanese headline and its buttons may wrap, and nothing else", () => {
    const hero = {
      name: "hero",
      data: {
        title: "家族全員のパスワードを一つの場所で",
        badge: "新機能：パスキーに対応",
        subtitle: "家族全員のパスワード",
        buttons: [{ "btn-text": "プランと料金を見る", "btn-link": "/pricing" }],
      },
    };
    const [jp] = prepareBlocks([hero], { warn: vi.fn() }, "jp");
    expect(jp?.data).toMatchObject({
      title: "家族\u200b全員の\u200bパスワードを\u200b一つの\u200b場所で",
      badge: "新機能：パスキーに\u200b対応",
      subtitle: "家族全員のパスワード",
      buttons: [{ "btn-text": "プランと\u200b料金を\u200b見る" }],
    });
    const [de] = prepareBlocks(
      [{ name: "hero", data: { title: "Für alle" } }],
      { warn: vi.fn() },
      "de",
    );
    expect(de?.data).toMatchObject({ title: "Für alle" });
  });
});

describe("prepareBlocks", () => {
  it("keeps known blocks in order with their defaults applied", () => {
    const { blocks, warn } = prepare([
      { name: "hero", data: { title: "Welcome" } },
      { name: "stats", data: { items: [{ value: "3000+", label: "servers" }] } },
    ]);
    expect(blocks.map((b) => b.name)).toEqual(["hero", "stats"]);
    expect(blocks[0]?.data).toMatchObject({ title: "Welcome", buttons: [], align: "left" });
    expect(blocks[0]?.children).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(["marquee", "Hero", "", "__proto__", "toString"])(
    "drops the unknown block %j and logs it",
    (name) => {
      const { blocks, warn } = prepare([
        { name, data: {} },
        { name: "rich-text", data: { html: "<p>kept</p>" } },
      ]);
      expect(blocks.map((b) => b.name)).toEqual(["rich-text"]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toContain(`"${name}"`);
    },
  );

  it.each([
    ["hero", {}, "title"],
    ["media-text", { title: "T", html: "" }, "image"],
    ["faq", { items: [{ answer: "<p>A</p>" }] }, "items.0.question"],
    ["stats", { items: "many" }, "items"],
  ])("drops the malformed %s block and logs the bad field %s", (name, data, field) => {
    const { blocks, warn } = prepare([{ name, data }]);
    expect(blocks).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain(name);
    expect(warn.mock.calls[0]?.[0]).toContain(field);
  });

  it("prepares nested components, dropping bad children only", () => {
    const { blocks, warn } = prepare([
      {
        name: "section",
        data: { id: "features", background: "neon" },
        components: [
          { name: "rich-text", data: { html: EVIL } },
          { name: "carousel", data: {} },
          {
            name: "section",
            data: {},
            components: [{ name: "cta", data: { title: "Go", buttons: [{ "btn-text": "Buy" }] } }],
          },
        ],
      },
    ]);
    const [section] = blocks;
    expect(section?.data).toMatchObject({ id: "features", background: "white" });
    expect(section?.children.map((b) => b.name)).toEqual(["rich-text", "section"]);
    expect(section?.children[1]?.children[0]?.data).toMatchObject({
      title: "Go",
      buttons: [{ "btn-text": "Buy", "btn-link": "", "btn-type": "primary" }],
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["rich-text", { html: EVIL }, (d: Record<string, unknown>) => d.html],
    ["hero", { title: "T", text: EVIL }, (d: Record<string, unknown>) => d.text],
    [
      "faq",
      { items: [{ question: "Q", answer: EVIL }] },
      (d: Record<string, unknown>) => (d.items as { answer: string }[])[0]?.answer,
    ],
    [
      "feature-grid",
      { items: [{ title: "A", text: EVIL }] },
      (d: Record<string, unknown>) => (d.items as { text: string }[])[0]?.text,
    ],
  ])("sanitizes the rich text of a %s block", (name, data, pick) => {
    const { blocks } = prepare([{ name, data }]);
    const html = String(pick(blocks[0]?.data as Record<string, unknown>));
    expect(html).toContain("<p>Hi</p>");
    expect(html).not.toMatch(/script|onclick|javascript:/i);
    expect(html).toContain(
      '<a href="https://vpn.example/" target="_blank" rel="noopener noreferrer">vpn</a>',
    );
  });

  it("does not touch plain-text fields such as titles and button labels", () => {
    const { blocks } = prepare([
      { name: "hero", data: { title: "Fast & <safe>", buttons: [{ "btn-text": "Q&A" }] } },
    ]);
    expect(blocks[0]?.data).toMatchObject({
      title: "Fast & <safe>",
      buttons: [{ "btn-text": "Q&A" }],
    });
  });

  it.each([
    ["cta", { title: "Deal", text: "Save 30% & more", buttons: [] }],
    ["download-buttons", { text: "Windows & macOS", buttons: [] }],
  ])("keeps the plain-text text of a %s block as written (React escapes it)", (name, data) => {
    const { blocks } = prepare([{ name, data }]);
    expect(blocks[0]?.data).toMatchObject({ text: data.text });
  });
});

describe("a plan comparison's rows", () => {
  it("keep only the rows with a cell per plan, and the groups left with rows", () => {
    const { blocks, warn } = prepare([
      {
        name: "plan-comparison",
        data: {
          plans: [
            { purchaseId: 102, title: "Personal" },
            { purchaseId: 202, title: "Family" },
          ],
          groups: [
            {
              title: "Vault",
              rows: [
                { label: "Unlimited passwords", cells: [true, true] },
                { label: "One cell short", cells: [true] },
                { label: "One cell over", cells: [true, false, "x"] },
                { label: "People", cells: ["1", "Up to 6"] },
              ],
            },
            { title: "Nothing that fits", rows: [{ label: "Short", cells: [false] }] },
          ],
        },
      },
    ]);
    expect(warn).not.toHaveBeenCalled();
    const data = blocks[0]?.data as { groups: { title: string; rows: { label: string }[] }[] };
    expect(data.groups.map((group) => group.title)).toEqual(["Vault"]);
    expect(data.groups[0]?.rows.map((row) => row.label)).toEqual(["Unlimited passwords", "People"]);
  });
});
