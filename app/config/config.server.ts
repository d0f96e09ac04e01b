import { randomBytes } from "node:crypto";
import {
  DEFAULT_TAG_MANAGER_HOST,
  parseOrigins,
  parseScriptAttributes,
  type IntegrationsConfig,
} from "~/config/integrations";
import { envSchema, type Env, type SocialNetwork } from "./env.server";

/*
 * The Config the rest of the site uses, shaped from the environment variables as
 * app/config/env.server.ts parses and checks them (`parseConfig`), once per process (`getConfig`).
 */

/** The internal base URL the sandbox upstream answers on when API_URL is not set. */
export const SANDBOX_API_URL = "http://sandbox.upstream.invalid";

/** Where browsers post Content-Security-Policy violation reports (server.ts answers it). */
export const CSP_REPORT_PATH = "/csp-report";

/** How long anonymous pages are kept: by browsers, by shared caches, stale while revalidating or on error (seconds). */
export interface SharedPagePolicy {
  maxAge: number;
  sharedMaxAge: number;
  staleWhileRevalidate: number;
  staleIfError: number;
}

export interface SecurityTxtSettings {
  /** Where researchers report: `mailto:` or `https:` URIs, most preferred first. */
  contacts: readonly string[];
  /** The disclosure policy: a site path or an https address. */
  policy: string;
  /** How many days ahead the file says it stays valid (RFC 9116 §2.5.5: under a year). */
  expiresDays: number;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** Upstream base URL (without `/api`). */
  apiUrl: string;
  sandbox: boolean;
  /** The public origin: every absolute URL and cache key uses it, never the request's Host. */
  siteUrl: string;
  /**
   * SITE_URL was given. Without it (the sandbox) the site may be reached on any host and port
   * (a container published on another port): a POST's Origin is then compared with the request's
   * own origin instead (app/server/request-guards.server.ts).
   */
  siteUrlSet: boolean;
  /** Express "trust proxy": false unless the deployment names its proxies. */
  trustProxy: boolean | number | string;
  sessionSecret: string;
  brand: {
    name: string;
    product: string;
    providerName: string;
    provider: string;
    webVaultUrl: string;
    /** Where a new customer creates an account, and a returning one resets a password. */
    signUpUrl: string;
    passwordResetUrl: string;
    /** A site path (`/terms`, localized where it is linked) or an absolute address. */
    termsUrl: string;
    privacyUrl: string;
    supportEmail: string;
    postalAddress: string;
    supportChatUrl: string | undefined;
    /** The footer's links to the brand's profiles, in the order given. */
    social: { network: SocialNetwork; name: string; url: string }[];
  };
  /** The legal notice's facts (the postal address is `brand.postalAddress`). */
  company: {
    legalName: string;
    register: string;
    vatId: string;
    representative: string;
    email: string;
    phone: string | undefined;
  };
  /**
   * What every cookie shares: `Secure` when the public origin is https (or LANG_COOKIE_SECURE),
   * the parent domain the language and dismissal cookies are shared with, and the language
   * cookie's SameSite.
   */
  cookies: { secure: boolean; domain: string | undefined; langSameSite: "lax" | "none" };
  /** The checkout's taxes line without a figure from the price service (prices include them, …). */
  taxNote: "included" | "added" | "none";
  /** What /.well-known/security.txt says (app/security/security-txt.ts). */
  securityTxt: SecurityTxtSettings;
  /**
   * The upstream cache's windows and sizes: `max` answers in the content area (pages, page lists,
   * and any answer no other area takes), and each other area's own bound (cache-areas.ts).
   */
  cache: {
    ttlMs: number;
    staleMs: number;
    staleIfErrorMs: number;
    max: number;
    areas: { site: number; search: number; prices: number };
  };
  /**
   * The lifetimes an anonymous page's Cache-Control gives browsers (`maxAge`) and shared caches
   * (`sharedMaxAge`, then the two stale windows), in seconds (app/http/cache-control.ts).
   */
  sharedPages: SharedPagePolicy;
  /** Send the CSP as report-only (it still reports to `cspReportUri`). */
  cspReportOnly: boolean;
  /** Where browsers send CSP reports: the site's own /csp-report unless CSP_REPORT_URI says. */
  cspReportUri: string;
  /** Strict-Transport-Security for an https SITE_URL (null over http); `preload` opt-in. */
  hsts: { preload: boolean } | null;
  /**
   * Posts per visitor address and form within the window: `limit` for the visitor forms,
   * `sharedLimit` for the forms of buying and signing in (app/forms/form-ids.ts).
   */
  formRateLimit: { limit: number; sharedLimit: number; windowMs: number };
  /** Failed sign-ins one account may have per window from one address (or one known device). */
  signInAccountLimit: { limit: number; windowMs: number };
  /** Failed sign-ins one account may have per window from browsers it never signed in from. */
  signInNewDeviceLimit: number;
  /** Wrong codes (bonus, redeem, sign-in link) per address, and of one kind from everywhere. */
  codeGuessLimit: { perAddress: number; global: number; windowMs: number };
  /** Newsletter subscriptions no captcha vouched for, from every address together, per hour. */
  newsletterUnverifiedLimit: number;
  /** Searches (the search page with a query, or its `.data` request) per address and window. */
  searchRateLimit: { limit: number; windowMs: number };
  /** A session ends after `idleMs` without a request, and `maxAgeMs` after sign-in at the latest. */
  session: { idleMs: number; maxAgeMs: number };
  /** The wallet checkout script the Amazon Pay page loads (https). */
  amazonPayScriptUrl: string;
  /** The captcha of the newsletter (with JS); `none` skips it. */
  captcha: CaptchaConfig;
  /** Hosts the checkout may send a buyer to (https only) besides this site's own paths. */
  paymentHosts: string[];
  /**
   * The card provider's publishable key: with it (and JS) the card is paid on the checkout's card
   * step; without it every method goes to the hosted payment page. Public by nature, it still
   * reaches the browser only on the checkout page.
   */
  stripePublishableKey: string | undefined;
  /** Tag manager, consent script and error reporting: each null unless configured. */
  integrations: IntegrationsConfig;
  /**
   * The Redis several instances share (rate limits, the upstream cache's shared tier, cache
   * clears), with the prefix of every key and channel; undefined: everything stays in-process.
   */
  redis: { url: string; keyPrefix: string } | undefined;
  /** The bearer token of `POST /admin/clear-cache`; undefined: the endpoint does not exist. */
  adminToken: string | undefined;
  /** Where the admin clear sends a `BAN` to empty the shared cache in front of the instances. */
  sharedCacheBanUrl: string | undefined;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /**
   * Prometheus metrics (decision 017): a listener of their own when `port` is set (on `host`),
   * and `/metrics` on the site's port for a scraper with the `token`; neither by default.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** A fixed "now" (ms) for the whole server, or undefined for the real time. */
  clockNow: number | undefined;
}

export type CaptchaProvider = "sandbox" | "hcaptcha" | "turnstile";

export type CaptchaConfig =
  { provider: "none" } | { provider: CaptchaProvider; siteKey: string; secret: string };

function captchaConfig(e: Env): CaptchaConfig {
  const provider = e.CAPTCHA_PROVIDER ?? (e.API_URL ? "none" : "sandbox");
  if (provider === "none") return { provider };
  if (provider === "sandbox") {
    return { provider, siteKey: e.CAPTCHA_SITE_KEY ?? "sandbox-site-key", secret: "sandbox" };
  }
  return { provider, siteKey: e.CAPTCHA_SITE_KEY ?? "", secret: e.CAPTCHA_SECRET ?? "" };
}

function integrationsConfig(e: Env): IntegrationsConfig {
  const attributes = parseScriptAttributes(e.CONSENT_SCRIPT_ATTRIBUTES ?? "");
  return {
    tagManager: e.TAG_MANAGER_ID
      ? {
          id: e.TAG_MANAGER_ID,
          host: (e.TAG_MANAGER_HOST || DEFAULT_TAG_MANAGER_HOST).replace(/\/$/, ""),
        }
      : null,
    consent: e.CONSENT_SCRIPT_URL
      ? {
          src: e.CONSENT_SCRIPT_URL,
          attributes: typeof attributes === "string" ? {} : attributes,
          hosts: parseOrigins(e.CONSENT_HOSTS ?? "") ?? [],
        }
      : null,
    errors: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          environment: e.SENTRY_ENVIRONMENT || e.NODE_ENV,
          release: e.SENTRY_RELEASE || undefined,
        }
      : null,
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const e = result.data;
  const siteUrl = e.SITE_URL ?? `http://localhost:${e.PORT}`;
  const https = siteUrl.startsWith("https://");
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL ?? SANDBOX_API_URL,
    sandbox: !e.API_URL,
    siteUrl,
    siteUrlSet: e.SITE_URL !== undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    brand: {
      name: e.BRAND_NAME,
      product: e.PRODUCT_SLUG,
      providerName: e.PROVIDER_NAME,
      provider: e.PROVIDER_SLUG,
      webVaultUrl: e.WEB_VAULT_URL,
      signUpUrl: e.SIGN_UP_URL ?? `${e.WEB_VAULT_URL.replace(/\/+$/, "")}/sign-up`,
      passwordResetUrl:
        e.PASSWORD_RESET_URL ?? `${e.WEB_VAULT_URL.replace(/\/+$/, "")}/forgot-password`,
      termsUrl: e.TERMS_URL,
      privacyUrl: e.PRIVACY_URL,
      supportEmail: e.SUPPORT_EMAIL,
      postalAddress: e.POSTAL_ADDRESS,
      supportChatUrl: e.SUPPORT_CHAT_URL,
      social: e.SOCIAL_LINKS,
    },
    company: {
      legalName: e.COMPANY_LEGAL_NAME,
      register: e.COMPANY_REGISTER,
      vatId: e.COMPANY_VAT_ID,
      representative: e.COMPANY_REPRESENTATIVE,
      email: e.COMPANY_EMAIL ?? e.SUPPORT_EMAIL,
      phone: e.COMPANY_PHONE,
    },
    taxNote: e.TAX_NOTE,
    securityTxt: {
      contacts: e.SECURITY_CONTACT,
      policy: e.SECURITY_POLICY_URL,
      expiresDays: e.SECURITY_TXT_EXPIRES_DAYS,
    },
    cookies: {
      secure: https || e.LANG_COOKIE_SECURE,
      domain: e.LANG_COOKIE_DOMAIN || undefined,
      langSameSite: e.LANG_COOKIE_SAMESITE,
    },
    cache: {
      ttlMs: e.CACHE_TTL_SECONDS * 1000,
      staleMs: e.CACHE_STALE_SECONDS * 1000,
      staleIfErrorMs: e.CACHE_STALE_IF_ERROR_SECONDS * 1000,
      max: e.CACHE_MAX_ENTRIES,
      areas: {
        site: e.CACHE_SITE_MAX_ENTRIES,
        search: e.CACHE_SEARCH_MAX_ENTRIES,
        prices: e.CACHE_PRICES_MAX_ENTRIES,
      },
    },
    sharedPages: {
      maxAge: e.PAGE_MAX_AGE_SECONDS,
      sharedMaxAge: e.PAGE_SHARED_MAX_AGE_SECONDS,
      staleWhileRevalidate: e.PAGE_STALE_WHILE_REVALIDATE_SECONDS,
      staleIfError: e.PAGE_STALE_IF_ERROR_SECONDS,
    },
    cspReportOnly: e.CSP_REPORT_ONLY,
    cspReportUri: e.CSP_REPORT_URI ?? `${siteUrl}${CSP_REPORT_PATH}`,
    hsts: https ? { preload: e.HSTS_PRELOAD } : null,
    formRateLimit: {
      limit: e.FORM_RATE_LIMIT,
      sharedLimit: e.FORM_SHARED_RATE_LIMIT,
      windowMs: e.FORM_RATE_WINDOW_SECONDS * 1000,
    },
    signInAccountLimit: {
      limit: e.SIGN_IN_ACCOUNT_LIMIT,
      windowMs: e.SIGN_IN_ACCOUNT_WINDOW_SECONDS * 1000,
    },
    signInNewDeviceLimit: e.SIGN_IN_NEW_DEVICE_LIMIT,
    codeGuessLimit: {
      perAddress: e.CODE_GUESS_ADDRESS_LIMIT,
      global: e.CODE_GUESS_GLOBAL_LIMIT,
      windowMs: e.FORM_RATE_WINDOW_SECONDS * 1000,
    },
    newsletterUnverifiedLimit: e.NEWSLETTER_UNVERIFIED_LIMIT,
    searchRateLimit: {
      limit: e.SEARCH_RATE_LIMIT,
      windowMs: e.SEARCH_RATE_WINDOW_SECONDS * 1000,
    },
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    },
    amazonPayScriptUrl: e.AMAZON_PAY_SCRIPT_URL,
    captcha: captchaConfig(e),
    paymentHosts: e.PAYMENT_HOSTS.split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
    integrations: integrationsConfig(e),
    redis: e.REDIS_URL
      ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX ?? `${e.PRODUCT_SLUG}:` }
      : undefined,
    adminToken: e.ADMIN_TOKEN || undefined,
    sharedCacheBanUrl: e.SHARED_CACHE_BAN_URL || undefined,
    logLevel: e.LOG_LEVEL,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    clockNow: e.CLOCK_NOW ? Date.parse(e.CLOCK_NOW) : undefined,
  };
}

let current: Config | undefined;

/** The configuration of this process, parsed once from process.env. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}
