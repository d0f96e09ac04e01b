import { useSyncExternalStore } from "react";
import { ContentLink } from "~/blocks/ContentLink";
import { Icon } from "~/blocks/Icon";
import type { IconName } from "~/blocks/constants";
import type { BlockProps } from "~/blocks/define";
import type { DownloadTargetsData } from "./downloads.block";
import { useTranslation } from "~/i18n/react";
import { browserOf, platformOf, type DownloadTarget } from "./platforms";

/** The block's data; `first` when it opens the page (the hub without content): then it holds the h1. */
export type DownloadTargetsProps = BlockProps<DownloadTargetsData>;

type Item = DownloadTargetsProps["data"]["groups"][number]["items"][number];
type Action = NonNullable<Item["actions"]>[number];

const noChanges = () => () => {};

/** The visitor's system and browser as targets ("windows chrome"), once per page load. */
function browserTargets(): string {
  const ua = navigator.userAgent;
  return [platformOf(ua, navigator.maxTouchPoints), browserOf(ua)].filter(Boolean).join(" ");
}

/** The store that lists each target's app or extension: its name and how its badge opens. */
const STORES: Record<
  Exclude<DownloadTarget, "app">,
  { store: string; prefix: "downloadOn" | "getItOn"; icon: IconName }
> = {
  windows: { store: "Microsoft Store", prefix: "getItOn", icon: "windows" },
  macos: { store: "Mac App Store", prefix: "downloadOn", icon: "macos" },
  ios: { store: "App Store", prefix: "downloadOn", icon: "ios" },
  android: { store: "Google Play", prefix: "getItOn", icon: "android" },
  chrome: { store: "Chrome Web Store", prefix: "getItOn", icon: "chrome" },
  firefox: { store: "Firefox Add-ons", prefix: "getItOn", icon: "firefox" },
  edge: { store: "Edge Add-ons", prefix: "getItOn", icon: "edge" },
  safari: { store: "App Store", prefix: "downloadOn", icon: "safari" },
};

/** The host an address names, for the web app's badge ("vault.keynest.example"). */
function hostOf(href: string): string {
  try {
    return new URL(href).host;
  } catch {
    return "";
  }
}

/**
 * One way to get a target, drawn as a badge whatever it is — a store listing, the provider's
 * installer or the web vault — so a card's actions read as one row of one kind.
 */
function TargetAction({ action, target }: { action: Action; target: DownloadTarget }) {
  const { t } = useTranslation();
  let icon: IconName;
  let small: string;
  let strong: string;
  if (action.kind === "store" && target !== "app") {
    const store = STORES[target];
    icon = store.icon;
    small = t(`content.${store.prefix}`);
    strong = store.store;
  } else if (action.kind === "installer") {
    icon = "download";
    small = action.detail ?? "";
    strong = t("downloads.directDownload");
  } else {
    icon = "web";
    small = hostOf(action.href);
    strong = t("downloads.openWebApp");
  }
  return (
    <ContentLink href={action.href} className={`store-badge store-badge--${action.kind}`}>
      <Icon name={icon} className="store-badge__icon" size={24} />
      <span className="store-badge__text">
        <small>{small}</small>
        <strong>{strong}</strong>
      </span>
    </ContentLink>
  );
}

/**
 * Every download target once, each a card under its group's name: its mark, its line, how to
 * get it and its page (version, requirements, release notes). The server renders them all;
 * after hydration the visitor's own system and browser are marked and come first. The page's
 * HTML never depends on the User-Agent, so it stays shareable.
 */
export default function DownloadTargets({ data, first }: DownloadTargetsProps) {
  const { t } = useTranslation();
  // The server (and hydration) sees no browser; the browser's own answer follows at once.
  const found = useSyncExternalStore(noChanges, browserTargets, () => "");
  const mine = found ? (found.split(" ") as DownloadTarget[]) : [];
  const all = data.groups.flatMap((group) => group.items.map((item) => ({ group, item })));
  // The visitor's own first (in the page's order, for eyes and screen readers alike).
  const cards = [
    ...all.filter(({ item }) => mine.includes(item.target)),
    ...all.filter(({ item }) => !mine.includes(item.target)),
  ];
  return (
    <section id={data.id} className="download-targets" data-mine={mine.join(" ") || undefined}>
      {data.title ? first ? <h1>{data.title}</h1> : <h2>{data.title}</h2> : null}
      <ul className="platform-grid">
        {cards.map(({ group, item }) => {
          const own = mine.includes(item.target);
          return (
            <li
              key={item.target}
              data-platform={item.target}
              className={own ? "platform-card is-mine" : "platform-card"}
            >
              <div className="platform-card__head">
                {item.icon ? (
                  <span className="platform-card__mark">
                    <Icon name={item.icon} size={28} />
                  </span>
                ) : null}
                <div>
                  <p className="platform-card__group">{group.title}</p>
                  <h3 className="platform-card__name">{item.label}</h3>
                </div>
                {own ? <span className="download-targets__mine">{data.mine}</span> : null}
              </div>
              {item.summary ? <p className="platform-card__summary">{item.summary}</p> : null}
              {item.actions?.length ? (
                <div className="platform-card__actions">
                  {item.actions.map((action) => (
                    <TargetAction key={action.kind} action={action} target={item.target} />
                  ))}
                </div>
              ) : null}
              <ContentLink href={item.to} className="platform-card__details">
                {t("downloads.details")}
                <span className="sr-only"> ({item.label})</span>
              </ContentLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
