import { z } from "zod";
import {
  dsnProblem,
  isHttpsOrigin,
  isHttpsUrl,
  parseOrigins,
  parseScriptAttributes,
  TAG_MANAGER_ID,
} from "~/config/integrations";

/*
 * The environment variables the server reads (docs/configuration.md): each one's type, default
 * and limits and the rules between them (`envSchema`). app/config/config.server.ts shapes the parsed
 * values into the Config the rest of the site uses.
 */

/** An optional value where empty counts as unset (`-e NAME=` in a container). */
const optional = <T extends z.ZodTypeAny>(type: T) => type.or(z.literal("")).optional();

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

/** Amazon Pay's checkout script (North America; the EU and FE regions have their own hosts). */
const DEFAULT_AMAZON_PAY_SCRIPT_URL = "https://static-na.payments-amazon.com/checkout.js";

/** An http(s) address (never `javascript:` or `data:`, which `z.string().url()` lets through). */
const webAddress = z
  .string()
  .refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
    "must be an http(s) address",
  );

/** A site path ("/terms", never "//host") or an http(s) address. */
const policyAddress = z
  .string()
  .refine(
    (v) =>
      /^\/(?!\/)[\w\-./]*$/.test(v) || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    "must be a site path such as /terms or an http(s) address",
  );

/** security.txt's contacts: `mailto:` or `https:` URIs, comma-separated, most preferred first. */
const securityContacts = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .refine(
    (items) =>
      items.length > 0 &&
      items.every(
        (item) =>
          /^mailto:[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(item) ||
          (URL.canParse(item) && new URL(item).protocol === "https:"),
      ),
    "must be mailto: or https: addresses, separated by commas",
  );

/** The networks a social link may name: each is shown with its own name in the footer. */
export const SOCIAL_NETWORKS = [
  "mastodon",
  "bluesky",
  "linkedin",
  "youtube",
  "github",
  "x",
  "facebook",
  "instagram",
  "reddit",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The names the networks call themselves, the same in every language. */
const NETWORK_NAMES: Record<SocialNetwork, string> = {
  mastodon: "Mastodon",
  bluesky: "Bluesky",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  github: "GitHub",
  x: "X",
  facebook: "Facebook",
  instagram: "Instagram",
  reddit: "Reddit",
};

/** `network=https://…` pairs separated by commas, in the order shown; empty for none. */
const socialLinks = z.string().transform((v, ctx) => {
  const links: { network: SocialNetwork; name: string; url: string }[] = [];
  for (const item of v
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = item.indexOf("=");
    const network = item.slice(0, at).trim() as SocialNetwork;
    const url = item.slice(at + 1).trim();
    const web = URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
    if (at < 1 || !SOCIAL_NETWORKS.includes(network) || !web) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be network=https://… pairs separated by commas (networks: ${SOCIAL_NETWORKS.join(", ")})`,
      });
      return z.NEVER;
    }
    links.push({ network, name: NETWORK_NAMES[network], url });
  }
  return links;
});

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    API_URL: z
      .string()
      .url()
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
    SITE_URL: z
      .string()
      .url()
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SANDBOX: bool.default("false"),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(false|true|\d{1,2}|[0-9a-fA-F.:/,\sa-z]+)$/,
        "must be false, a hop count, or addresses/subnets (e.g. loopback, 10.0.0.0/8)",
      )
      .default("false"),
    BRAND_NAME: z.string().min(1).default("KeyNest"),
    PRODUCT_SLUG: z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a lowercase slug")
      .default("keynest"),
    PROVIDER_NAME: z.string().min(1).default("Orbitshield"),
    PROVIDER_SLUG: z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a lowercase slug")
      .default("orbitshield"),
    WEB_VAULT_URL: webAddress.default("https://vault.keynest.example"),
    /** The web vault's own flows, offered on the sign-in page (default: under WEB_VAULT_URL). */
    SIGN_UP_URL: webAddress.optional(),
    PASSWORD_RESET_URL: webAddress.optional(),
    /** What the checkout says of taxes when the price service gives no figure. */
    TAX_NOTE: z.enum(["included", "added", "none"]).default("included"),
    /** The End User Agreement and the Privacy Policy: a site path (shown in the visitor's language) or an address. */
    TERMS_URL: policyAddress.default("/terms"),
    PRIVACY_URL: policyAddress.default("/privacy"),
    SUPPORT_EMAIL: z.string().email().default("support@keynest.example"),
    /** /.well-known/security.txt (RFC 9116): contacts, disclosure policy, days until it expires. */
    SECURITY_CONTACT: securityContacts.default("mailto:security@keynest.example"),
    SECURITY_POLICY_URL: policyAddress.default("/security/disclosure"),
    SECURITY_TXT_EXPIRES_DAYS: z.coerce.number().int().min(1).max(364).default(180),
    POSTAL_ADDRESS: z
      .string()
      .min(1)
      .default("Orbitshield Ltd., 12 Harbour Lane, Port Avalon 1024"),
    /** The legal notice (Impressum): who runs the site, where it is registered, who answers for it. */
    COMPANY_LEGAL_NAME: z.string().min(1).default("Orbitshield Ltd."),
    COMPANY_REGISTER: z.string().default("Port Avalon Companies Registry, PA-204816"),
    COMPANY_VAT_ID: z.string().default("PA 204 816 377"),
    COMPANY_REPRESENTATIVE: z.string().default("Dana Whitfield"),
    COMPANY_EMAIL: z.string().email().optional(),
    COMPANY_PHONE: z
      .string()
      .regex(/^\+?[0-9 ()./-]{5,30}$/, "must be a phone number such as +1 555 0100")
      .optional(),
    SOCIAL_LINKS: socialLinks.default(
      "mastodon=https://mastodon.example/@keynest,linkedin=https://linkedin.example/company/keynest," +
        "youtube=https://youtube.example/@keynest,github=https://github.example/keynest",
    ),
    LANG_COOKIE_DOMAIN: z.string().optional(),
    LANG_COOKIE_SECURE: bool.default("false"),
    LANG_COOKIE_SAMESITE: z.enum(["lax", "none"]).default("lax"),
    CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(60),
    CACHE_STALE_SECONDS: z.coerce.number().int().min(0).default(600),
    CACHE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).default(86400),
    // The upstream cache's areas (app/upstream/cache-areas.ts), each bounded on its own:
    // content pages (and any answer no other area takes), site data, searches, prices.
    CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(2000),
    CACHE_SITE_MAX_ENTRIES: z.coerce.number().int().min(1).default(200),
    CACHE_SEARCH_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
    CACHE_PRICES_MAX_ENTRIES: z.coerce.number().int().min(1).default(500),
    // What anonymous pages tell browsers and shared caches (app/http/cache-control.ts).
    PAGE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    PAGE_SHARED_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    PAGE_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    PAGE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(604_800).default(86_400),
    CSP_REPORT_ONLY: bool.default("false"),
    CSP_REPORT_URI: z
      .string()
      .url()
      .refine(
        (v) => /^https?:\/\/[^\s;,"]+$/.test(v),
        "must be an http(s) URL without spaces, commas, semicolons or quotes",
      )
      .optional(),
    HSTS_PRELOAD: bool.default("false"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    METRICS_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters")
      .max(512)
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
    CLOCK_NOW: z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO date such as 2025-08-01")
      .optional(),
    SUPPORT_CHAT_URL: webAddress.optional(),
    FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    FORM_SHARED_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
    SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
    SIGN_IN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    SIGN_IN_NEW_DEVICE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
    CODE_GUESS_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
    CODE_GUESS_GLOBAL_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    NEWSLETTER_UNVERIFIED_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(200),
    SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
    SEARCH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(120),
    SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
    AMAZON_PAY_SCRIPT_URL: z
      .string()
      .url()
      .refine((v) => v.startsWith("https://"), "must be an https URL")
      .default(DEFAULT_AMAZON_PAY_SCRIPT_URL),
    CAPTCHA_PROVIDER: z.enum(["none", "sandbox", "hcaptcha", "turnstile"]).optional(),
    CAPTCHA_SITE_KEY: z.string().max(200).optional(),
    CAPTCHA_SECRET: z.string().max(200).optional(),
    PAYMENT_HOSTS: z
      .string()
      .regex(
        /^\s*([a-z0-9-]+(\.[a-z0-9-]+)+)?(\s*,\s*[a-z0-9-]+(\.[a-z0-9-]+)+)*\s*$/i,
        "must be host names separated by commas (pay.example.com, checkout.example.net)",
      )
      .default(""),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(
        /^pk_(test|live)_[A-Za-z0-9_]{1,250}$/,
        "must be a Stripe publishable key (pk_test_… or pk_live_…)",
      )
      // Empty counts as unset (`-e STRIPE_PUBLISHABLE_KEY=` in a container).
      .or(z.literal(""))
      .optional(),
    TAG_MANAGER_ID: optional(
      z.string().regex(TAG_MANAGER_ID, "must be a Tag Manager container id such as GTM-XXXXXXX"),
    ),
    TAG_MANAGER_HOST: optional(
      z
        .string()
        .refine(isHttpsOrigin, "must be an https origin such as https://www.googletagmanager.com"),
    ),
    CONSENT_SCRIPT_URL: optional(
      z.string().max(2000).refine(isHttpsUrl, "must be an https URL of the consent script"),
    ),
    CONSENT_SCRIPT_ATTRIBUTES: z
      .string()
      .max(2000)
      .superRefine((value, ctx) => {
        const parsed = parseScriptAttributes(value);
        if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      })
      .optional(),
    CONSENT_HOSTS: z
      .string()
      .max(2000)
      .refine(
        (value) => parseOrigins(value) !== null,
        "must be https origins separated by commas (https://consent.example.com)",
      )
      .optional(),
    SENTRY_DSN: optional(
      z
        .string()
        .max(500)
        .superRefine((value, ctx) => {
          const problem = dsnProblem(value);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
    SENTRY_ENVIRONMENT: optional(
      z.string().regex(/^[\w.-]{1,64}$/, "must be a short name such as production or staging"),
    ),
    SENTRY_RELEASE: optional(
      z.string().regex(/^[\w.@+-]{1,200}$/, "must be a release name such as keynest-site@1.4.2"),
    ),
    REDIS_URL: z
      .string()
      .url()
      .refine(
        (v) => /^rediss?:\/\/[^/?#]/.test(v),
        "must be a redis:// or rediss:// URL (rediss:// for TLS)",
      )
      // Empty counts as unset (`-e REDIS_URL=` in a container).
      .or(z.literal(""))
      .optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1-64 letters, digits or : _ . -")
      .optional(),
    SHARED_CACHE_BAN_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL such as http://cache:6081/")
      // Empty counts as unset (`-e SHARED_CACHE_BAN_URL=` in a container).
      .or(z.literal(""))
      .optional(),
    ADMIN_TOKEN: z
      .string()
      .min(32, "must be at least 32 characters")
      .max(256, "must be at most 256 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .or(z.literal(""))
      .optional(),
  })
  .superRefine((env, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (env.API_URL && !env.SESSION_SECRET) {
      problem("SESSION_SECRET", "is required when API_URL is set (production upstream)");
    }
    if (env.API_URL && !env.SITE_URL) {
      problem("SITE_URL", "is required when API_URL is set: canonical and redirect URLs use it");
    }
    if (env.API_URL && env.SANDBOX) {
      problem("SANDBOX", "cannot be set together with API_URL: choose the sandbox or an upstream");
    }
    if (env.NODE_ENV === "production" && !env.API_URL && !env.SANDBOX) {
      problem(
        "API_URL",
        "is required in production; set SANDBOX=1 to serve the demo content instead",
      );
    }
    const captcha = env.CAPTCHA_PROVIDER;
    if ((captcha === "hcaptcha" || captcha === "turnstile") && !env.CAPTCHA_SITE_KEY) {
      problem("CAPTCHA_SITE_KEY", `is required with CAPTCHA_PROVIDER=${captcha}`);
    }
    if ((captcha === "hcaptcha" || captcha === "turnstile") && !env.CAPTCHA_SECRET) {
      problem("CAPTCHA_SECRET", `is required with CAPTCHA_PROVIDER=${captcha}`);
    }
    if (captcha === "sandbox" && env.API_URL) {
      problem("CAPTCHA_PROVIDER", "sandbox is the demo stand-in and cannot guard a real upstream");
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      problem("METRICS_PORT", "must differ from PORT");
    }
    if (env.TAG_MANAGER_HOST && !env.TAG_MANAGER_ID) {
      problem("TAG_MANAGER_ID", "is required when TAG_MANAGER_HOST is set");
    }
    if ((env.CONSENT_SCRIPT_ATTRIBUTES || env.CONSENT_HOSTS) && !env.CONSENT_SCRIPT_URL) {
      problem("CONSENT_SCRIPT_URL", "is required with CONSENT_SCRIPT_ATTRIBUTES or CONSENT_HOSTS");
    }
    if ((env.SENTRY_ENVIRONMENT || env.SENTRY_RELEASE) && !env.SENTRY_DSN) {
      problem("SENTRY_DSN", "is required with SENTRY_ENVIRONMENT or SENTRY_RELEASE");
    }
    const https = env.SITE_URL?.startsWith("https://") ?? false;
    if (env.LANG_COOKIE_SAMESITE === "none" && !env.LANG_COOKIE_SECURE && !https) {
      problem(
        "LANG_COOKIE_SECURE",
        "must be true when LANG_COOKIE_SAMESITE is none and SITE_URL is not https",
      );
    }
    if (env.SHARED_CACHE_BAN_URL && !env.ADMIN_TOKEN) {
      problem(
        "ADMIN_TOKEN",
        "is required with SHARED_CACHE_BAN_URL: the admin clear sends the BAN",
      );
    }
    if (env.HSTS_PRELOAD && !https) {
      problem("HSTS_PRELOAD", "needs an https SITE_URL: HSTS is only sent over https");
    }
  });

/** The parsed environment, before `parseConfig` shapes it. */
export type Env = z.output<typeof envSchema>;

export type RawEnv = z.input<typeof envSchema>;

/** The names of every environment variable the server reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.innerType().shape);
