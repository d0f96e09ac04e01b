import { getConfig } from "~/config/config.server";
import type { BlockNode } from "~/blocks/define";
import type { DownloadTargetsData, ReleaseBlock, TargetsBlock } from "./downloads.block";
import { ICON_NAMES, type IconName } from "~/blocks/constants";
import { getT } from "~/i18n/i18n.server";
import type { TFunction } from "~/i18n/translate";
import { LANG_CODES, type LangCode } from "~/i18n/languages";
import { isStoreVisit } from "~/layout/rules";
import { logFailure } from "~/observability/log-repeats.server";
import { getSite, type LoadedPage } from "~/upstream/coms.server";
import { pageSchema, type Site } from "~/upstream/coms.schemas";
import {
  DOWNLOAD_PLATFORMS,
  downloadProducts,
  getDownload,
  type DownloadPlatform,
} from "~/upstream/provider.server";
import {
  collectDownloadRefs,
  hasStoreButtons,
  refKey,
  rewriteButtons,
  type ButtonRules,
  type Installer,
  type StoreListings,
} from "./buttons";
import { isDownloadTarget, type DownloadTarget } from "./platforms";
import {
  installerType,
  isStorePlatform,
  storeListing,
  type DownloadRef,
  type StorePlatform,
} from "./stores";

/** The downloads hub (SPEC §2): every target listed, the visitor's own marked with JS. */
export const DOWNLOADS_HUB = "/downloads";

function apiPrefix(): string {
  return `/api/${getConfig().brand.provider}`;
}

/** The store listings of the site data: known platforms only (the rules check each URL). */
function storesOf(site: Pick<Site, "stores"> | null): StoreListings {
  const stores: Record<string, Partial<Record<StorePlatform, string>>> = {};
  for (const [product, listings] of Object.entries(site?.stores ?? {})) {
    const known: Partial<Record<StorePlatform, string>> = {};
    for (const [platform, url] of Object.entries(listings)) {
      if (isStorePlatform(platform)) known[platform] = url;
    }
    stores[product] = known;
  }
  return stores;
}

async function loadStores(lang: LangCode): Promise<StoreListings> {
  const site = await getSite(lang).catch((error: unknown) => {
    logFailure("warn", "downloads page", "Store listings unavailable", error);
    return null;
  });
  if (site?.stores || lang === "en") return storesOf(site);
  return storesOf(await getSite("en").catch(() => null));
}

/** The installer behind a download link; null when the link names nothing the service has. */
async function loadInstaller(ref: DownloadRef): Promise<Installer | null> {
  if (
    !downloadProducts().includes(ref.product) ||
    !(DOWNLOAD_PLATFORMS as readonly string[]).includes(ref.platform)
  ) {
    return null;
  }
  try {
    const answer = await getDownload(ref.product, ref.platform as DownloadPlatform);
    return answer.url.startsWith("https://") ? answer : null;
  } catch (error) {
    logFailure(
      "warn",
      "downloads page",
      `Download link for ${ref.product}/${ref.platform} unavailable`,
      error,
    );
    return null;
  }
}

/** The hub offers the provider's installer on these targets (beside their store listing). */
const HUB_INSTALLERS: readonly DownloadPlatform[] = ["windows", "macos", "android"];

/** What a card of the hub offers for its target, in this order: store, installer, web vault. */
interface HubOffer {
  stores: StoreListings;
  installers: ReadonlyMap<string, Installer | null>;
  storeVisit: boolean;
  apiPrefix: string;
}

type TargetAction = NonNullable<
  DownloadTargetsData["groups"][number]["items"][number]["actions"]
>[number];

/**
 * How a target is got: its store listing (when the site data has a valid one), the provider's
 * current installer (not on a store visit, nor when the call failed), the web vault for the web app.
 */
function targetActions(target: DownloadTarget, offer: HubOffer, t: TFunction): TargetAction[] {
  const { brand } = getConfig();
  if (target === "app") return [{ kind: "web", href: brand.webVaultUrl }];
  const actions: TargetAction[] = [];
  const listing = storeListing(offer.stores[brand.product]?.[target], offer.apiPrefix);
  if (listing) actions.push({ kind: "store", href: listing });
  const installer = (HUB_INSTALLERS as readonly string[]).includes(target)
    ? offer.installers.get(refKey({ product: brand.product, platform: target }))
    : null;
  if (installer && !offer.storeVisit) {
    const detail = [
      installerType(installer.url),
      installer.version ? t("downloads.version", { version: installer.version }) : "",
    ].filter(Boolean);
    actions.push({ kind: "installer", href: installer.url, detail: detail.join(" · ") });
  }
  return actions;
}

/**
 * The hub's list of targets from the site's downloads groups (the header's dropdown), with the
 * content's own block's title, mark text and groups when it has them, each target with its line
 * and what gets it.
 */
function targetsBlock(
  site: Site | null,
  lang: LangCode,
  offer: HubOffer,
  own?: BlockNode,
): TargetsBlock {
  const content = own && isTargets(own) ? own.data : undefined;
  const t = getT(lang);
  const withOffer = <Item extends { target: DownloadTarget; summary?: string }>(item: Item) => ({
    ...item,
    summary: item.summary ?? t(`downloads.summary.${item.target}`),
    actions: targetActions(item.target, offer, t),
  });
  const groups = (site?.downloads?.groups ?? []).map((group) => ({
    title: group.title,
    items: group.list.flatMap((link) => {
      const target = /^\/downloads\/([a-z]+)\/?$/.exec(link.to)?.[1];
      if (!isDownloadTarget(target)) return [];
      const icon = (ICON_NAMES as readonly string[]).includes(link.icon ?? "")
        ? (link.icon as IconName)
        : undefined;
      return [{ label: link.label, to: `/downloads/${target}`, target, ...(icon ? { icon } : {}) }];
    }),
  }));
  return {
    name: "download-targets",
    data: {
      id: content?.id ?? "platforms",
      title: content?.title ?? t("downloads.allPlatforms"),
      mine: content?.mine ?? t("downloads.yourDevice"),
      groups: (content?.groups.length
        ? content.groups
        : groups.filter((group) => group.items.length > 0)
      ).map((group) => ({ ...group, items: group.items.map(withOffer) })),
    },
    children: [],
  };
}

/**
 * The hub when the content service has no `/downloads` page (SPEC §2 lists it with its page flag
 * off): the site's own page in every language, its one block the target list (withDownloads).
 */
export function downloadsHubPage(lang: LangCode): LoadedPage {
  const title = getT(lang)("downloads.hubTitle", { brand: getConfig().brand.name });
  return {
    page: pageSchema.parse({ components: [], meta: { title }, hreflangLocales: [...LANG_CODES] }),
    contentLang: lang,
    fallback: false,
  };
}

const isTargets = (block: BlockNode): block is TargetsBlock => block.name === "download-targets";
const isRelease = (block: BlockNode): block is ReleaseBlock => block.name === "release-notes";

interface Scan {
  /** The index of the page's own target list, -1 when it has none. */
  own: number;
  /** The page has store badges, extension buttons or installer links. */
  buttons: boolean;
  refs: DownloadRef[];
  /** The platforms of the page's release notes blocks whose installer the provider names. */
  releases: DownloadPlatform[];
}
const scanned = new WeakMap<readonly BlockNode[], Scan>();

/** What the rules need to know of a page's blocks, once per block list. */
function scan(blocks: readonly BlockNode[], prefix: string): Scan {
  let found = scanned.get(blocks);
  if (!found) {
    found = {
      own: blocks.findIndex((b) => b.name === "download-targets"),
      buttons: hasStoreButtons(blocks, prefix),
      refs: collectDownloadRefs(blocks, prefix),
      releases: blocks.flatMap((b) =>
        isRelease(b) && (DOWNLOAD_PLATFORMS as readonly string[]).includes(b.data.platform)
          ? [b.data.platform as DownloadPlatform]
          : [],
      ),
    };
    scanned.set(blocks, found);
  }
  return found;
}

/**
 * A release notes block with the facts of the provider's current installer for its platform
 * (none on a store visit, nor when the call failed: the content's notes then stand alone).
 */
function withRelease(
  block: ReleaseBlock,
  installers: ReadonlyMap<string, Installer | null>,
  product: string,
  storeVisit: boolean,
): ReleaseBlock {
  const installer = storeVisit
    ? null
    : installers.get(refKey({ product, platform: block.data.platform }));
  if (!installer) return block;
  const facts = {
    ...(installer.version ? { version: installer.version } : {}),
    ...(installer.released ? { released: installer.released } : {}),
    ...(installer.size ? { size: installer.size } : {}),
    ...(installer.sha256 ? { sha256: installer.sha256 } : {}),
    ...(installerType(installer.url) ? { type: installerType(installer.url) } : {}),
  };
  return { ...block, data: { ...block.data, installer: facts } };
}

/** Made pages by prepared blocks and inputs: the same inputs give the same blocks, made once. */
const made = new WeakMap<readonly BlockNode[], Map<string, BlockNode[]>>();
const MAX_VARIANTS = 32;

/**
 * A content page's blocks with the downloads rules applied (SPEC §2): store badges lead to their
 * store listings, installer links become direct-download buttons with the provider's current
 * installer (`/{provider}/{product}-download/`, also the VPN and firewall ones), none on a store
 * visit (`?platform=store`, `?download=appstore`), and the hub lists every target. A failed
 * download call only drops that installer button; the page and its store links stay.
 */
export async function withDownloads<B extends BlockNode>(
  blocks: B[],
  { lang, path, search }: { lang: LangCode; path: string; search: URLSearchParams },
): Promise<B[]> {
  const prefix = apiPrefix();
  const { own, buttons, refs: pageRefs, releases } = scan(blocks, prefix);
  const hub = path === DOWNLOADS_HUB || own !== -1;
  if (!hub && !buttons && releases.length === 0) return blocks;
  const product = getConfig().brand.product;
  // The hub's cards and the release notes name installers the page's buttons may not.
  const refs = [
    ...pageRefs,
    ...[...(hub ? HUB_INSTALLERS : []), ...releases]
      .map((platform) => ({ product, platform }))
      .filter((ref, i, all) => all.findIndex((other) => refKey(other) === refKey(ref)) === i)
      .filter((ref) => !pageRefs.some((known) => refKey(known) === refKey(ref))),
  ];
  const [site, installers] = await Promise.all([
    hub ? getSite(lang).catch(() => null) : Promise.resolve(null),
    Promise.all(refs.map(async (ref) => [refKey(ref), await loadInstaller(ref)] as const)),
  ]);
  const stores = await loadStores(lang);
  const storeVisit = isStoreVisit(search);
  const installed = new Map(installers);
  const targets = hub
    ? targetsBlock(
        site,
        lang,
        { stores, installers: installed, storeVisit, apiPrefix: prefix },
        blocks[own],
      )
    : null;
  const key = JSON.stringify([lang, storeVisit, stores, installers, targets?.data.groups ?? null]);
  let byKey = made.get(blocks);
  const known = byKey?.get(key);
  if (known) return known as B[];
  const t = getT(lang);
  const rules: ButtonRules = {
    apiPrefix: prefix,
    product: getConfig().brand.product,
    stores,
    installers: installed,
    storeVisit,
    text: {
      installer: (platform) => t("downloads.installer", { platform }),
      version: (version) => t("downloads.version", { version }),
    },
  };
  let out: BlockNode[] = rewriteButtons(blocks, rules).map((block) =>
    isRelease(block) ? withRelease(block, installed, product, storeVisit) : block,
  );
  // The content's own list (its texts kept), else after the hero; the only block (and so the
  // page's h1) when the hub has no content.
  if (targets && own !== -1) out = out.map((block, i) => (i === own ? targets : block));
  else if (targets) out = [...out.slice(0, 1), targets, ...out.slice(1)];
  if (!byKey || byKey.size >= MAX_VARIANTS) made.set(blocks, (byKey = new Map()));
  byKey.set(key, out);
  // The blocks made here are of the kinds the page's list holds (its targets and release notes).
  return out as B[];
}
