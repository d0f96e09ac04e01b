import { useRouteLoaderData } from "@remix-run/react";
import type { LangCode } from "~/i18n/languages";
import type { Site } from "~/upstream/coms.schemas";

/** What the root loader gives every page. */
export interface SiteData {
  lang: LangCode;
  messages: Record<string, unknown>;
  site: Site;
  brand: PublicBrand;
  origin: string;
  serverDate: number;
}

/** Brand configuration that is safe to send to the browser. */
export interface PublicBrand {
  name: string;
  product: string;
  providerName: string;
  provider: string;
  webVaultUrl: string;
  supportEmail: string;
  postalAddress: string;
}

const EMPTY_SITE: Site = { navigation: [], footer: [] };

export const FALLBACK_SITE_DATA: SiteData = {
  lang: "en",
  messages: {},
  site: EMPTY_SITE,
  brand: {
    name: "",
    product: "",
    providerName: "",
    provider: "",
    webVaultUrl: "",
    supportEmail: "",
    postalAddress: "",
  },
  origin: "",
  serverDate: 0,
};

export function useSiteData(): SiteData {
  return (useRouteLoaderData("root") as SiteData | undefined) ?? FALLBACK_SITE_DATA;
}
