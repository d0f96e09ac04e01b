import { useRouteLoaderData } from "@remix-run/react";
import type { AccountState } from "~/account/account-state";
import type { PublicBrand } from "~/config/brand";
import type { PublicCaptcha } from "~/forms/captcha";
import type { Flash } from "~/forms/flash";
import type { LangCode } from "~/i18n/languages";
import type { PublicIntegrations } from "~/integrations/public";
import type { Site } from "~/upstream/coms.schemas";

/** What the root loader gives every page. */
export interface SiteData {
  lang: LangCode;
  /** The few UI strings meta functions need; the rest load from messagesHref. */
  messages: Record<string, unknown>;
  /** The versioned URL of this language's UI strings (`/locales/de?v=…`). */
  messagesHref: string;
  site: Site;
  brand: PublicBrand;
  origin: string;
  /**
   * The server's "now" (ms) at the start of its UTC hour (`pageDate`), so server and browser agree
   * on dated things such as banners, and renders within the hour are the same bytes.
   */
  serverDate: number;
  account: AccountState;
  /** Notices the visitor has closed (cookie notice, non-language popup, banners). */
  dismissed: string[];
  /** A form's one-time result after a post without JS (the page is then private). */
  flash: Flash | null;
  /** The newsletter's captcha, when one is configured. */
  captcha: PublicCaptcha | null;
  /** Tag manager, consent script and error reporting; absent when none is configured. */
  integrations?: PublicIntegrations;
}

const EMPTY_SITE: Site = { navigation: [], footer: [] };

export const FALLBACK_SITE_DATA: SiteData = {
  lang: "en",
  messages: {},
  messagesHref: "",
  site: EMPTY_SITE,
  brand: {
    name: "",
    product: "",
    providerName: "",
    provider: "",
    webVaultUrl: "",
    termsUrl: "",
    privacyUrl: "",
    supportEmail: "",
    postalAddress: "",
    supportChatUrl: null,
    social: [],
  },
  origin: "",
  serverDate: 0,
  account: { signedIn: false, vaultSession: false, status: null },
  dismissed: [],
  flash: null,
  captcha: null,
};

export function useSiteData(): SiteData {
  return (useRouteLoaderData("root") as SiteData | undefined) ?? FALLBACK_SITE_DATA;
}
