import { z } from "zod";
import { serverOnly$ } from "vite-env-only/macros";
import { blockServer, defineBlock, type BlockProps } from "~/blocks/define";
import { SummaryCard } from "~/content/blocks/listing";
import { gridAttributes } from "~/blocks/grid-columns";
import { useTranslation } from "~/i18n/react";
import { log } from "~/observability/log.server";
import type { PageSummary } from "~/upstream/coms.schemas";
import { getChildren } from "~/upstream/coms.server";
import { helpChildren } from "./help.server";

const schema = z.object({
  title: z.string().optional(),
  /** Whose child pages (the page's own when absent). */
  url: z.string().optional(),
});

type ChildrenListData = z.output<typeof schema> & { children: PageSummary[] };

const NO_CHILDREN: PageSummary[] = [];

/** The child pages of a page (a help section's articles), as cards. */
function ChildrenList({ data }: BlockProps<ChildrenListData>) {
  const { t } = useTranslation();
  if (data.children.length === 0) return null;
  return (
    <section className="children-list">
      <h2>{data.title ?? t("content.inThisSection")}</h2>
      <ul {...gridAttributes(data.children.length)}>
        {data.children.map((item) => (
          <SummaryCard key={item.url} item={item} />
        ))}
      </ul>
    </section>
  );
}

export const childrenListBlock = defineBlock({
  name: "children-list",
  Component: ChildrenList,
  server: serverOnly$(
    blockServer(schema, {
      // The page's child pages in its language (English where not translated); a failed call
      // leaves the page up without its list.
      async resolve(data, ctx): Promise<ChildrenListData> {
        const path = data.url ?? ctx.path;
        const list = await getChildren(ctx.lang, path).catch((error: unknown) => {
          log.warn(`Child pages of ${path} unavailable`, error);
          return null;
        });
        return { ...data, children: list ? helpChildren(ctx.lang, path, list) : NO_CHILDREN };
      },
    }),
  ),
});
