import type { ComponentType } from "react";
import {
  ButtonGroupBlock,
  CtaBlock,
  DownloadButtonsBlock,
  ImageBlock,
  MediaTextBlock,
  RichTextBlock,
} from "./blocks/basic";
import { BlogListBlock, DownloadTargetsBlock, ReleaseNotesBlock } from "./blocks/downloads";
import { FaqBlock } from "./blocks/Faq";
import {
  ContactFormBlock,
  PartnerFormBlock,
  PasswordGeneratorBlock,
  RedeemFormBlock,
} from "./blocks/forms";
import {
  CardsBlock,
  FeatureGridBlock,
  StatsBlock,
  StepsBlock,
  TestimonialsBlock,
} from "./blocks/grids";
import { HeroBlock } from "./blocks/Hero";
import { ChildrenListBlock, PostHeaderBlock } from "./blocks/listing";
import { PlanComparisonBlock, PlanTiersBlock, PricingPlansBlock } from "./blocks/pricing-lazy";
import type { BlockName } from "./schemas";
import type { Block, BlockOf } from "./types";

type BlockProps<N extends BlockName> = BlockOf<N> & { first?: boolean };

function SectionBlock({ data, children }: BlockOf<"section">) {
  return (
    <section id={data.id} className={`section section--${data.background}`}>
      <div className="container">
        {data.title || data.subtitle ? (
          <header className="block-heading">
            {data.title ? <h2>{data.title}</h2> : null}
            {data.subtitle ? <p className="lead">{data.subtitle}</p> : null}
          </header>
        ) : null}
        <Blocks blocks={children} />
      </div>
    </section>
  );
}

/** Upstream component name → the React block that renders it. */
const REGISTRY: { [N in BlockName]: ComponentType<BlockProps<N>> } = {
  section: SectionBlock,
  hero: HeroBlock,
  "rich-text": RichTextBlock,
  "feature-grid": FeatureGridBlock,
  cards: CardsBlock,
  "media-text": MediaTextBlock,
  image: ImageBlock,
  "button-group": ButtonGroupBlock,
  faq: FaqBlock,
  cta: CtaBlock,
  "download-buttons": DownloadButtonsBlock,
  steps: StepsBlock,
  stats: StatsBlock,
  testimonials: TestimonialsBlock,
  "post-header": PostHeaderBlock,
  "blog-list": BlogListBlock,
  "children-list": ChildrenListBlock,
  "pricing-plans": PricingPlansBlock,
  "plan-tiers": PlanTiersBlock,
  "plan-comparison": PlanComparisonBlock,
  "contact-form": ContactFormBlock,
  "partner-form": PartnerFormBlock,
  "redeem-form": RedeemFormBlock,
  "password-generator": PasswordGeneratorBlock,
  "download-targets": DownloadTargetsBlock,
  "release-notes": ReleaseNotesBlock,
};

/**
 * Renders a block tree. The first block of a page gets `first` so it can carry the page's h1 and
 * load its image eagerly. Unknown names are dropped and logged on the server already; one that
 * still arrives renders nothing.
 */
export function Blocks({ blocks, page = false }: { blocks: Block[]; page?: boolean }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Component = REGISTRY[block.name] as
          ComponentType<BlockProps<typeof block.name>> | undefined;
        if (!Component) {
          console.warn(`Unknown content block "${block.name}" not rendered`);
          return null;
        }
        return <Component key={index} {...block} first={page && index === 0} />;
      })}
    </>
  );
}
