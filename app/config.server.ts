import { randomBytes } from "node:crypto";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

/** The internal base URL the sandbox upstream answers on when API_URL is not set. */
export const SANDBOX_API_URL = "http://sandbox.upstream.invalid";

/** Amazon Pay's checkout script (North America; the EU and FE regions have their own hosts). */
export const DEFAULT_AMAZON_PAY_SCRIPT_URL = "https://static-na.payments-amazon.com/checkout.js";

const schema = z
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
    WEB_VAULT_URL: z.string().url().default("https://vault.keynest.example"),
    SUPPORT_EMAIL: z.string().email().default("support@keynest.example"),
    POSTAL_ADDRESS: z
      .string()
      .min(1)
      .default("Orbitshield Ltd., 12 Harbour Lane, Port Avalon 1024"),
    LANG_COOKIE_DOMAIN: z.string().optional(),
    LANG_COOKIE_SECURE: bool.default("false"),
    LANG_COOKIE_SAMESITE: z.enum(["lax", "none"]).default("lax"),
    CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(60),
    CACHE_STALE_SECONDS: z.coerce.number().int().min(0).default(600),
    CACHE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).default(86400),
    CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(2000),
    HTML_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(30),
    HTML_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(500),
    HTML_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
    CSP_REPORT_ONLY: bool.default("true"),
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
    SUPPORT_CHAT_URL: z.string().url().optional(),
    FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
    SIGN_IN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
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
    if (env.LANG_COOKIE_SAMESITE === "none" && !env.LANG_COOKIE_SECURE) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["LANG_COOKIE_SECURE"],
        message: "must be true when LANG_COOKIE_SAMESITE is none",
      });
    }
  });

export type RawEnv = z.input<typeof schema>;

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** Upstream base URL (without `/api`). */
  apiUrl: string;
  sandbox: boolean;
  /** The public origin: every absolute URL and cache key uses it, never the request's Host. */
  siteUrl: string;
  /** Express "trust proxy": false unless the deployment names its proxies. */
  trustProxy: boolean | number | string;
  sessionSecret: string;
  brand: {
    name: string;
    product: string;
    providerName: string;
    provider: string;
    webVaultUrl: string;
    supportEmail: string;
    postalAddress: string;
    supportChatUrl: string | undefined;
  };
  langCookie: { domain: string | undefined; secure: boolean; sameSite: "lax" | "none" };
  cache: { ttlMs: number; staleMs: number; staleIfErrorMs: number; max: number };
  /** The rendered-page cache for anonymous visitors (0 ms turns it off). */
  htmlCache: { ttlMs: number; maxEntries: number; maxBytes: number };
  cspReportOnly: boolean;
  /** Posts per visitor IP and form within the window (public forms). */
  formRateLimit: { limit: number; windowMs: number };
  /** Failed sign-ins one account may have per window (whatever the addresses they come from). */
  signInAccountLimit: { limit: number; windowMs: number };
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

function captchaConfig(e: z.output<typeof schema>): CaptchaConfig {
  const provider = e.CAPTCHA_PROVIDER ?? (e.API_URL ? "none" : "sandbox");
  if (provider === "none") return { provider };
  if (provider === "sandbox") {
    return { provider, siteKey: e.CAPTCHA_SITE_KEY ?? "sandbox-site-key", secret: "sandbox" };
  }
  return { provider, siteKey: e.CAPTCHA_SITE_KEY ?? "", secret: e.CAPTCHA_SECRET ?? "" };
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
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL ?? SANDBOX_API_URL,
    sandbox: !e.API_URL,
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    brand: {
      name: e.BRAND_NAME,
      product: e.PRODUCT_SLUG,
      providerName: e.PROVIDER_NAME,
      provider: e.PROVIDER_SLUG,
      webVaultUrl: e.WEB_VAULT_URL,
      supportEmail: e.SUPPORT_EMAIL,
      postalAddress: e.POSTAL_ADDRESS,
      supportChatUrl: e.SUPPORT_CHAT_URL,
    },
    langCookie: {
      domain: e.LANG_COOKIE_DOMAIN || undefined,
      secure: e.LANG_COOKIE_SECURE,
      sameSite: e.LANG_COOKIE_SAMESITE,
    },
    cache: {
      ttlMs: e.CACHE_TTL_SECONDS * 1000,
      staleMs: e.CACHE_STALE_SECONDS * 1000,
      staleIfErrorMs: e.CACHE_STALE_IF_ERROR_SECONDS * 1000,
      max: e.CACHE_MAX_ENTRIES,
    },
    htmlCache: {
      ttlMs: e.HTML_CACHE_TTL_SECONDS * 1000,
      maxEntries: e.HTML_CACHE_MAX_ENTRIES,
      maxBytes: Math.round(e.HTML_CACHE_MAX_MB * 1024 * 1024),
    },
    cspReportOnly: e.CSP_REPORT_ONLY,
    formRateLimit: { limit: e.FORM_RATE_LIMIT, windowMs: e.FORM_RATE_WINDOW_SECONDS * 1000 },
    signInAccountLimit: {
      limit: e.SIGN_IN_ACCOUNT_LIMIT,
      windowMs: e.SIGN_IN_ACCOUNT_WINDOW_SECONDS * 1000,
    },
    amazonPayScriptUrl: e.AMAZON_PAY_SCRIPT_URL,
    captcha: captchaConfig(e),
    paymentHosts: e.PAYMENT_HOSTS.split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
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

/** The names of every environment variable the server reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.innerType().shape);
