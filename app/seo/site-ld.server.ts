/**
 * The site's own schema.org items: the organization behind it, the web site with its search, and
 * the product as a software application. Every URL is absolute on the public origin (SITE_URL),
 * never on the request's host.
 */
import type {
  Offer,
  Organization,
  SearchAction,
  SoftwareApplication,
  WebSite,
  WithActionConstraints,
  WithContext,
} from "schema-dts";
import type { LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";

/**
 * The brand's mark (the shield with the keyhole the header draws) as a 512 px PNG, served from
 * public/: search engines show a raster logo; test/unit/social/cards.test.ts keeps it the favicon.
 */
export const LOGO_PATH = "/logo.png";

/** The search page's query parameter (`/search?q=…`, routes/pages/search.tsx). */
export const SEARCH_PARAM = "q";

/** The name the search action's URL template gives the visitor's words. */
const SEARCH_TERM = "search_term_string";

export interface SiteLdInput {
  /** The public origin (SITE_URL). */
  origin: string;
  /** The brand's name (BRAND_NAME). */
  brandName: string;
}

/** An absolute URL on the origin for a site path; an absolute URL stays as it is. */
export function absoluteUrl(origin: string, href: string): string {
  const base = `${origin.replace(/\/+$/, "")}/`;
  try {
    return new URL(href, base).href;
  } catch {
    return `${base}${href.replace(/^\/+/, "")}`;
  }
}

/** An http(s) URL for a site path or an address; null for anything else (`data:`, `javascript:`). */
export function absoluteWebUrl(origin: string, href: string): string | null {
  const url = absoluteUrl(origin, href.trim());
  return /^https?:\/\//i.test(url) ? url : null;
}

/** The organization's node id, so the site's other items can name it as their publisher. */
export function organizationId(origin: string): string {
  return absoluteUrl(origin, "/#organization");
}

/**
 * The organization behind the site (the home page): its name, home, logo and the profiles the
 * footer links to (SOCIAL_LINKS), none when none are configured.
 */
export function organizationLd(
  input: SiteLdInput & { sameAs: readonly string[] },
): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(input.origin),
    name: input.brandName,
    url: absoluteUrl(input.origin, "/"),
    logo: absoluteUrl(input.origin, LOGO_PATH),
    ...(input.sameAs.length > 0 ? { sameAs: [...input.sameAs] } : {}),
  };
}

/** The organization as the publisher of a page's item: its name and logo, and its node id. */
export function publisherLd(input: SiteLdInput): Organization {
  return {
    "@type": "Organization",
    "@id": organizationId(input.origin),
    name: input.brandName,
    logo: absoluteUrl(input.origin, LOGO_PATH),
  };
}

/**
 * The web site in one language (the home page of that language) and how to search it: the
 * language's own search page with the visitor's words as `q`.
 */
export function webSiteLd(
  input: SiteLdInput & { lang: LangCode; inLanguage: string },
): WithContext<WebSite> {
  const search = absoluteUrl(input.origin, localizePath("/search", input.lang));
  const action: WithActionConstraints<SearchAction> = {
    "@type": "SearchAction",
    target: {
      "@type": "EntryPoint",
      urlTemplate: `${search}?${SEARCH_PARAM}={${SEARCH_TERM}}`,
    },
    "query-input": `required name=${SEARCH_TERM}`,
  };
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: input.brandName,
    url: absoluteUrl(input.origin, localizePath("/", input.lang)),
    inLanguage: input.inLanguage,
    publisher: { "@id": organizationId(input.origin) },
    potentialAction: action,
  };
}

/**
 * The password manager as a software application: the systems it is made for and the plans the
 * page sells, each an offer.
 */
export function softwareApplicationLd(
  input: SiteLdInput & {
    lang: LangCode;
    operatingSystems: readonly string[];
    offers: readonly Offer[];
  },
): WithContext<SoftwareApplication> {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: input.brandName,
    url: absoluteUrl(input.origin, localizePath("/", input.lang)),
    applicationCategory: "SecurityApplication",
    operatingSystem: input.operatingSystems.join(", "),
    publisher: { "@id": organizationId(input.origin) },
    offers: [...input.offers],
  };
}
