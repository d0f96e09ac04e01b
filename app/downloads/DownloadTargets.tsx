import { useSyncExternalStore } from "react";
import { ContentLink } from "~/content/ContentLink";
import { Icon } from "~/content/Icon";
import type { BlockOf } from "~/content/types";
import { browserOf, platformOf, type DownloadTarget } from "./platforms";

/** The block's data; `first` when it opens the page (the hub without content): then it holds the h1. */
export type DownloadTargetsProps = BlockOf<"download-targets"> & { first?: boolean };

const noChanges = () => () => {};

/** The visitor's system and browser as targets ("windows chrome"), once per page load. */
function browserTargets(): string {
  const ua = navigator.userAgent;
  return [platformOf(ua, navigator.maxTouchPoints), browserOf(ua)].filter(Boolean).join(" ");
}

/**
 * Every download target, grouped, as plain links (the server renders them all). After hydration
 * the visitor's own system and browser are marked and offered first; the page's HTML never
 * depends on the User-Agent, so it stays shareable.
 */
export default function DownloadTargets({ data, first }: DownloadTargetsProps) {
  // The server (and hydration) sees no browser; the browser's own answer follows at once.
  const found = useSyncExternalStore(noChanges, browserTargets, () => "");
  const mine = found ? (found.split(" ") as DownloadTarget[]) : [];
  const items = data.groups.flatMap((group) => group.items);
  const pick = items.find((item) => item.target === mine[0]);
  return (
    <section id={data.id} className="download-targets" data-mine={mine.join(" ") || undefined}>
      {data.title ? first ? <h1>{data.title}</h1> : <h2>{data.title}</h2> : null}
      {pick ? (
        <p className="download-targets__pick">
          <ContentLink href={pick.to} className="btn btn--primary">
            {pick.icon ? <Icon name={pick.icon} className="btn__icon" size={20} /> : null}
            <span className="btn__label">
              {pick.label}
              <small className="btn__subtitle">{data.mine}</small>
            </span>
          </ContentLink>
        </p>
      ) : null}
      <div className="download-targets__groups">
        {data.groups.map((group) => (
          <div key={group.title} className="download-targets__group">
            <h3>{group.title}</h3>
            <ul>
              {group.items.map((item) => {
                const own = mine.includes(item.target);
                return (
                  <li
                    key={item.target}
                    data-platform={item.target}
                    className={own ? "download-targets__item is-mine" : "download-targets__item"}
                  >
                    <ContentLink href={item.to}>
                      {item.icon ? <Icon name={item.icon} size={20} /> : null}
                      <span>{item.label}</span>
                    </ContentLink>
                    {own ? <span className="download-targets__mine">{data.mine}</span> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
