/**
 * Every content block the site draws, each declared by the feature that owns it (app/blocks/
 * define.ts), and the renderer that draws a page's blocks by them. Adding a block: its file, and
 * its line in BLOCKS.
 */
import { z } from "zod";
import { serverOnly$ } from "vite-env-only/macros";
import {
  blockServer,
  defineBlock,
  type AnyBlockDescriptor,
  type BlockDescriptor,
  type BlockNode,
  type BlockProps,
} from "~/blocks/define";
import {
  planComparisonBlock,
  planTiersBlock,
  pricingPlansBlock,
  redeemFormBlock,
} from "~/commerce/blocks/pricing.block";
import { downloadTargetsBlock, releaseNotesBlock } from "~/downloads/downloads.block";
import { contactFormBlock, partnerFormBlock } from "~/forms/forms.block";
import { childrenListBlock } from "~/help/children-list.block";
import { passwordGeneratorBlock } from "~/password-generator/generator.block";
import {
  blogListBlock,
  buttonGroupBlock,
  cardsBlock,
  ctaBlock,
  downloadButtonsBlock,
  faqBlock,
  featureGridBlock,
  heroBlock,
  imageBlock,
  mediaTextBlock,
  postHeaderBlock,
  richTextBlock,
  statsBlock,
  stepsBlock,
  testimonialsBlock,
} from "~/content/content-blocks";

const sectionSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  background: z.enum(["white", "light", "brand", "dark"]).catch("white").default("white"),
});
type SectionData = z.output<typeof sectionSchema>;

/** A band of the page: its heading, then its child blocks. */
function SectionBlock({ data, blocks }: BlockProps<SectionData>) {
  return (
    <section id={data.id} className={`section section--${data.background}`}>
      <div className="container">
        {data.title || data.subtitle ? (
          <header className="block-heading">
            {data.title ? <h2>{data.title}</h2> : null}
            {data.subtitle ? <p className="lead">{data.subtitle}</p> : null}
          </header>
        ) : null}
        <Blocks blocks={blocks} />
      </div>
    </section>
  );
}

/**
 * Renders a block tree, each block by its descriptor (BLOCKS). The first block of a page
 * gets `first` so it can carry the page's h1 and load its image eagerly. Unknown names are
 * dropped and logged on the server already; one that still arrives renders nothing.
 */
export function Blocks({ blocks, page = false }: { blocks: readonly BlockNode[]; page?: boolean }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Component = blockNamed(block.name)?.Component;
        if (!Component) {
          console.warn(`Unknown content block "${block.name}" not rendered`);
          return null;
        }
        return (
          <Component
            key={index}
            data={block.data}
            first={page && index === 0}
            blocks={block.children}
          />
        );
      })}
    </>
  );
}

/** A band of the page holding other blocks, with an optional heading and background. */
const sectionBlock = defineBlock({
  name: "section",
  Component: SectionBlock,
  server: serverOnly$(blockServer(sectionSchema)),
});

export const BLOCKS = [
  sectionBlock,
  heroBlock,
  richTextBlock,
  featureGridBlock,
  cardsBlock,
  mediaTextBlock,
  imageBlock,
  buttonGroupBlock,
  faqBlock,
  ctaBlock,
  downloadButtonsBlock,
  stepsBlock,
  statsBlock,
  testimonialsBlock,
  postHeaderBlock,
  blogListBlock,
  childrenListBlock,
  pricingPlansBlock,
  planTiersBlock,
  planComparisonBlock,
  contactFormBlock,
  partnerFormBlock,
  redeemFormBlock,
  passwordGeneratorBlock,
  downloadTargetsBlock,
  releaseNotesBlock,
] as const;

type Descriptor = (typeof BLOCKS)[number];

export type BlockName = Descriptor["name"];

/** The data a block's component draws (what its `resolve` made of its schema's). */
type ViewOf<N extends BlockName> =
  Extract<Descriptor, { name: N }> extends BlockDescriptor<N, infer _Data, infer View>
    ? View
    : never;

/** A validated, sanitized block, ready to render. */
export type Block = {
  [N in BlockName]: { name: N; data: ViewOf<N>; children: Block[] };
}[BlockName];

export type BlockOf<N extends BlockName> = Extract<Block, { name: N }>;

let byName: ReadonlyMap<string, AnyBlockDescriptor> | undefined;

/** The block an upstream component name names, if the site draws it. */
export function blockNamed(name: string): AnyBlockDescriptor | undefined {
  byName ??= new Map(BLOCKS.map((block): [string, AnyBlockDescriptor] => [block.name, block]));
  return byName.get(name);
}
