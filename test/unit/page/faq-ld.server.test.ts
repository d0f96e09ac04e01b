import { describe, expect, it } from "vitest";
import { answerMarkup, faqBlocks, faqPageLd } from "~/page/faq-ld.server";
import { PHRASE_BREAK } from "~/content/phrase-breaks.server";
import type { Block, BlockOf } from "~/page/Blocks";

const ORIGIN = "https://www.keynest.test";

function faq(items: { question: string; answer: string }[]): BlockOf<"faq"> {
  return { name: "faq", data: { items }, children: [] };
}

describe("the FAQPage of a page's questions", () => {
  it("keeps an answer's paragraphs, lists, emphasis and links, the site's absolute", () => {
    expect(
      answerMarkup(
        '<p>Write to <a href="mailto:help@keynest.example" target="_blank">us</a> or see ' +
          '<a href="/de/contact" rel="noopener">contact</a>.</p><ul><li><strong>A</strong></li></ul>' +
          '<table><tr><td>cell</td></tr></table><span class="x">plain</span>',
        ORIGIN,
      ),
    ).toBe(
      '<p>Write to <a href="mailto:help@keynest.example">us</a> or see ' +
        '<a href="https://www.keynest.test/de/contact">contact</a>.</p><ul><li><strong>A</strong></li></ul>' +
        "cellplain",
    );
  });

  it("lists every question of the page's faq blocks, nested ones too, in page order", () => {
    const nested: Block = {
      name: "section",
      data: {},
      children: [faq([{ question: "Second?", answer: "<p>Two.</p>" }])],
    } as unknown as Block;
    const blocks: Block[] = [
      faq([{ question: `Fir${PHRASE_BREAK}st?`, answer: "<p>One.</p>" }]),
      nested,
    ];
    expect(
      faqPageLd(faqBlocks(blocks), {
        origin: ORIGIN,
        url: `${ORIGIN}/jp/pricing`,
        inLanguage: "ja",
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: `${ORIGIN}/jp/pricing`,
      inLanguage: "ja",
      mainEntity: [
        {
          "@type": "Question",
          name: "First?",
          acceptedAnswer: { "@type": "Answer", text: "<p>One.</p>" },
        },
        {
          "@type": "Question",
          name: "Second?",
          acceptedAnswer: { "@type": "Answer", text: "<p>Two.</p>" },
        },
      ],
    });
  });

  it("is none when no question has an answer", () => {
    const blocks = [
      faq([
        { question: "Empty?", answer: "" },
        { question: " ", answer: "<p>x</p>" },
      ]),
    ];
    expect(faqPageLd(blocks, { origin: ORIGIN, url: ORIGIN, inLanguage: "en" })).toBeNull();
  });
});
