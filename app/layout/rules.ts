/** Which chrome a page gets. Every rule here judges the path after its language prefix is removed. */

export type LayoutName = "default" | "landing" | "payment" | "bare";

export interface ChromeInput {
  /** Path without the language prefix. */
  path: string;
  search: URLSearchParams;
  layout: LayoutName;
  /** The product slug, for `/{product}-review`. */
  product: string;
}

export interface Chrome {
  header: boolean;
  /** Header navigation (logo and language switch stay). */
  nav: boolean;
  rewardsBanner: boolean;
  footer: "full" | "minimal" | "none";
  /** The footer's four link groups. */
  footerLinks: boolean;
  modals: boolean;
  loader: boolean;
  storeVisit: boolean;
}

const REWARDS_BANNER_HIDDEN = ["/", "/pricing", "/order/checkout", "/brand/get-password-manager"];
const CHROMELESS = ["/docs-data-usage-regulations"];
/**
 * SPEC §"Header" also lists /pricing; decision 027 keeps its navigation (a buyer comparing plans
 * may still look at features or teams), so it is not here.
 */
const NAV_HIDDEN = ["/thank-you", "/thank_you", "/special-family-lifetime", "/lifetime-75-off"];
const FOOTER_LINKS_HIDDEN = [
  "/docs-data-usage-regulations",
  "/mac-password-manager",
  "/pricing",
  "/thank_you",
  "/thank-you",
  "/special-family-lifetime",
  "/lifetime-75-off",
];

/** `path` is `page` or below it. */
function isAt(path: string, page: string): boolean {
  return page === "/" ? path === "/" : path === page || path.startsWith(`${page}/`);
}

function isAtAny(path: string, pages: string[]): boolean {
  return pages.some((page) => isAt(path, page));
}

/** `?platform=store` or `?download=appstore`: the visitor came from an app store listing. */
export function isStoreVisit(search: URLSearchParams): boolean {
  return search.get("platform") === "store" || search.get("download") === "appstore";
}

export function chromeFor({ path, search, layout, product }: ChromeInput): Chrome {
  const storeVisit = isStoreVisit(search);
  if (layout === "bare") {
    return {
      header: false,
      nav: false,
      rewardsBanner: false,
      footer: "none",
      footerLinks: false,
      modals: true,
      loader: true,
      storeVisit,
    };
  }
  const chromeless = layout === "default" && isAtAny(path, CHROMELESS);
  const navHidden = isAtAny(path, NAV_HIDDEN) || isAt(path, `/${product}-review`);
  const footerLinksHidden =
    isAtAny(path, FOOTER_LINKS_HIDDEN) || isAt(path, "/brand") || search.has("platform");
  return {
    header: !chromeless,
    nav: !chromeless && !navHidden,
    rewardsBanner: layout === "default" && !chromeless && !isAtAny(path, REWARDS_BANNER_HIDDEN),
    footer: chromeless ? "none" : layout === "payment" ? "minimal" : "full",
    footerLinks: !footerLinksHidden,
    modals: layout === "default",
    loader: layout !== "landing",
    storeVisit,
  };
}
