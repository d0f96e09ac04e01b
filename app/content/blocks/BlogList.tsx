import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { pageHref } from "../blog-paging";
import { gridAttributes } from "~/blocks/grid-columns";
import { Pager, pagerLinks } from "../Pager";
import type { BlockProps } from "~/blocks/define";
import type { BlogListData } from "../content-blocks";
import { SummaryCard } from "./listing";

/** The blog's list of posts and its pager: its chunk is fetched only by the blog's index. */
export default function BlogList({ data }: BlockProps<BlogListData>) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const posts = data.posts;
  if (!posts || posts.items.length === 0) {
    return <p className="empty">{t("content.noPosts")}</p>;
  }
  const href = (page: number) => pageHref(pathname, page);
  return (
    <section className="blog-list">
      {data.title ? <h2>{data.title}</h2> : null}
      <ul {...gridAttributes(posts.items.length)}>
        {posts.items.map((item) => (
          <SummaryCard key={item.url} item={item} />
        ))}
      </ul>
      <Pager
        links={pagerLinks(t, posts.page, posts.pages, href)}
        status={t("content.pageOf", { page: posts.page, pages: posts.pages })}
        label={t("content.pagination")}
      />
    </section>
  );
}
