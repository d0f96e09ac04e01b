/**
 * The help section's server-built markup: breadcrumbs (with their schema.org BreadcrumbList) and
 * the glossary. Rendered to HTML here, sent as a string and written into the page as is, so these
 * pages load no component code for them (they need none: plain links and anchors).
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { TFunction } from "~/i18n/translate";
import { jsonForScript } from "~/http/json-ld";
import { breadcrumbListLd, type Crumb } from "./breadcrumbs";
import type { GlossaryView } from "./glossary";

function Breadcrumbs({ crumbs, label }: { crumbs: readonly Crumb[]; label: string }) {
  return (
    <nav className="breadcrumbs container" aria-label={label}>
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb) => (
          <li key={crumb.href} className="breadcrumbs__item">
            {crumb.current ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <a href={crumb.href}>{crumb.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The breadcrumbs and, right after them, their JSON-LD (escaped for a script element). */
export function breadcrumbsHtml(crumbs: readonly Crumb[], t: TFunction): string {
  if (crumbs.length === 0) return "";
  const nav = renderToStaticMarkup(<Breadcrumbs crumbs={crumbs} label={t("help.breadcrumbs")} />);
  const ld = `<script type="application/ld+json">${jsonForScript(breadcrumbListLd(crumbs))}</script>`;
  return nav + ld;
}

interface GlossaryProps {
  view: GlossaryView;
  title: string;
  t: TFunction;
  /** The terms' language when it is not the page's (English shown as a fallback). */
  lang?: string;
}

function Glossary({ view, title, t, lang }: GlossaryProps) {
  return (
    <article className="page page--default glossary">
      <header className="glossary__header container">
        <h1 lang={lang}>{title}</h1>
        <p className="lead">{t("help.glossaryIntro")}</p>
      </header>
      <nav className="glossary__index container" aria-label={t("help.letters")}>
        <ul>
          {view.index.map(({ letter, href }) => (
            <li key={letter}>
              {href ? (
                <a href={href}>{letter}</a>
              ) : (
                <span
                  className="glossary__letter--empty"
                  aria-disabled="true"
                  title={t("help.noTerms", { letter })}
                >
                  {letter}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="glossary__groups container" lang={lang}>
        {view.groups.length === 0 ? <p className="empty">{t("help.noTermsAtAll")}</p> : null}
        {view.groups.map((group) => (
          <section key={group.id} id={group.id} className="glossary__group">
            <h2>{group.letter}</h2>
            <dl>
              {group.entries.map((entry) => (
                <div key={entry.id} className="glossary__entry">
                  <dt id={entry.id}>
                    <a href={`#${entry.id}`}>{entry.term}</a>
                  </dt>
                  <dd>{entry.definition}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </article>
  );
}

/** The glossary's page body: title, letter index, and one section per letter. */
export function glossaryHtml(
  view: GlossaryView,
  title: string,
  t: TFunction,
  lang?: string,
): string {
  return renderToStaticMarkup(<Glossary view={view} title={title} t={t} lang={lang} />);
}
