import { Link } from "@remix-run/react";
import { useLang, useTranslation } from "~/i18n/react";
import { formatDate } from "~/i18n/format";
import { getLanguage } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { otherLanguage } from "../search-result";
import type { PageSummary } from "~/upstream/coms.schemas";
import { LazyImage } from "~/blocks/LazyImage";
import type { ContentBlockProps } from "../schemas";
import { gridAttributes } from "~/blocks/grid-columns";

function PostDate({ date }: { date: string }) {
  const lang = useLang();
  return (
    <time dateTime={date} suppressHydrationWarning>
      {formatDate(date, lang)}
    </time>
  );
}

/**
 * A listed page: its picture, title, date and summary. One written in another language than the
 * page's (an English post on the German blog) says so, and is marked as that language.
 */
export function SummaryCard({ item }: { item: PageSummary }) {
  const lang = useLang();
  const other = otherLanguage(item.lang, lang);
  const language = other ? getLanguage(other) : null;
  return (
    <li className="card card--link">
      {item.image ? <LazyImage image={item.image} className="card__image" /> : null}
      <div className="card__body">
        <h3 className="card__title" lang={language?.iso}>
          <Link to={localizePath(item.url, lang)} prefetch="intent" className="card__link">
            {item.title}
          </Link>
        </h3>
        {item.date || language ? (
          <p className="card__meta">
            {item.date ? <PostDate date={item.date} /> : null}
            {language ? <span className="card__language">{language.label}</span> : null}
          </p>
        ) : null}
        {item.description ? <p lang={language?.iso}>{item.description}</p> : null}
      </div>
    </li>
  );
}

/** A blog post's related posts, below the post. */
export function RelatedPosts({ posts }: { posts: PageSummary[] }) {
  const { t } = useTranslation();
  return (
    <section className="related-posts container">
      <h2>{t("blog.related")}</h2>
      <ul {...gridAttributes(posts.length)}>
        {posts.map((item) => (
          <SummaryCard key={item.url} item={item} />
        ))}
      </ul>
    </section>
  );
}

export function PostHeaderBlock({ data, first }: ContentBlockProps<"post-header">) {
  const { t } = useTranslation();
  const Title = first ? "h1" : "h2";
  return (
    <header className="post-header">
      <Title>{data.title}</Title>
      <p className="post-header__meta">
        {data.date ? <PostDate date={data.date} /> : null}
        {data.author ? <span>{t("content.by", { author: data.author })}</span> : null}
        {data.readingTime ? <span>{t("content.minRead", { count: data.readingTime })}</span> : null}
      </p>
      {data.image ? (
        <LazyImage image={data.image} className="post-header__image" eager={first} />
      ) : null}
    </header>
  );
}
