/** The fetch directives a third party may need hosts in (plus form-action, for redirects). */
const CSP_SOURCE_DIRECTIVES = {
  script: "script-src",
  style: "style-src",
  img: "img-src",
  font: "font-src",
  connect: "connect-src",
  frame: "frame-src",
  media: "media-src",
  worker: "worker-src",
  form: "form-action",
} as const;

export type CspSourceKind = keyof typeof CSP_SOURCE_DIRECTIVES;

/** The hosts one integration (captcha, card provider, wallet, analytics…) needs, per directive. */
export type CspSources = Partial<Record<CspSourceKind, readonly string[]>>;

/** The sources of every integration, merged per directive (each source once, in first-seen order). */
export function mergeSources(integrations: readonly CspSources[]): Record<CspSourceKind, string[]> {
  const merged = Object.fromEntries(
    Object.keys(CSP_SOURCE_DIRECTIVES).map((kind) => [kind, [] as string[]]),
  ) as Record<CspSourceKind, string[]>;
  for (const integration of integrations) {
    for (const kind of Object.keys(CSP_SOURCE_DIRECTIVES) as CspSourceKind[]) {
      for (const source of integration[kind] ?? []) {
        if (!merged[kind].includes(source)) merged[kind].push(source);
      }
    }
  }
  return merged;
}

/** An https host source without port or path: `https://host` or `https://*.suffix`. */
const PLAIN_HTTPS_HOST = /^https:\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i;

/**
 * A directive's sources without the https hosts another of its sources already allows: any
 * `https://host` when the list has the scheme `https:`, and `https://a.b.example` when it has
 * `https://*.b.example` (a wildcard matches every subdomain, at the same scheme and port). The
 * policy allows what it did; its header is shorter (every response carries it, and Node checks
 * every byte of a header).
 */
export function withoutCovered(sources: readonly string[]): string[] {
  const anyHttps = sources.includes("https:");
  const wildcards = sources.flatMap((source) => {
    const match = PLAIN_HTTPS_HOST.exec(source);
    return match?.[1] ? [`.${match[2]!.toLowerCase()}`] : [];
  });
  return sources.filter((source) => {
    const match = PLAIN_HTTPS_HOST.exec(source);
    if (!match) return true;
    if (anyHttps) return false;
    if (match[1]) return true;
    const host = match[2]!.toLowerCase();
    return !wildcards.some((suffix) => host.endsWith(suffix));
  });
}

/** The reporting group `report-to` names; `Reporting-Endpoints` gives its URL. */
const CSP_REPORT_GROUP = "csp";

export interface CspOptions {
  /**
   * The inline scripts and styles the site wrote into the page, as CSP hash sources
   * (`'sha256-…'`: own-scripts.tsx, inline-hashes.ts). None for anything but a document: nothing
   * inline may run there.
   */
  inline?: { scripts: readonly string[]; styles: readonly string[] };
  /**
   * Trust what an allowed script adds (`'strict-dynamic'`): needed only for a tag manager or a
   * consent script, which load tags from hosts nobody can list. Then host sources and `'self'`
   * no longer allow scripts by themselves; the page's scripts, all added by its allowed inline
   * scripts, still run.
   */
  strictDynamic?: boolean;
  /** The Vite dev server: its client needs eval, a WebSocket and inline styles. */
  dev: boolean;
  /** The configured integrations' hosts (app/server/third-party-csp.ts). */
  extra?: readonly CspSources[];
  /** Where violations are reported (`report-uri`; `report-to` names the same endpoint). */
  reportUri?: string;
  /** The site is served over https: ask the browser to upgrade any http: subresource. */
  upgradeInsecureRequests?: boolean;
}

/**
 * The Content-Security-Policy of one response. Nothing is allowed unless named
 * (`default-src 'none'`): scripts from the site's files, the configured integrations' hosts and
 * the inline scripts the site wrote into the page by their hashes (the same page gives the same
 * policy, so a shared cache may keep both); styles from the site's files (and an inline
 * stylesheet by its hash: the error page's), style attributes (React's `style={…}`), images
 * from the site and any https host (content images live on the upstream's hosts) — each named
 * once, and not at all where another source of its directive covers it (`withoutCovered`).
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const { dev } = options;
  const inline = options.inline ?? { scripts: [], styles: [] };
  const extra = mergeSources(options.extra ?? []);
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    [
      "script-src",
      [
        "'self'",
        ...inline.scripts,
        ...(options.strictDynamic ? ["'strict-dynamic'"] : []),
        ...extra.script,
        ...(dev ? ["'unsafe-eval'"] : []),
      ],
    ],
    // In development Vite injects <style> elements of its own; a hash would void
    // 'unsafe-inline', so the dev policy has none.
    ["style-src", ["'self'", ...(dev ? ["'unsafe-inline'"] : inline.styles), ...extra.style]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "https:", ...extra.img]],
    ["font-src", ["'self'", ...extra.font]],
    ["connect-src", ["'self'", ...extra.connect, ...(dev ? ["ws:"] : [])]],
    ["frame-src", extra.frame],
    ["media-src", extra.media],
    ["worker-src", extra.worker],
    ["manifest-src", ["'self'"]],
    ["form-action", ["'self'", ...extra.form]],
    ["frame-ancestors", ["'self'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  const parts = directives
    .filter(([, sources]) => sources.length > 0)
    .map(([name, sources]) => `${name} ${withoutCovered(sources).join(" ")}`);
  if (options.upgradeInsecureRequests) parts.push("upgrade-insecure-requests");
  if (options.reportUri)
    parts.push(`report-uri ${options.reportUri}`, `report-to ${CSP_REPORT_GROUP}`);
  return parts.join("; ");
}

/** The `Reporting-Endpoints` header that names the CSP report group's URL. */
export function reportingEndpoints(reportUri: string): string {
  return `${CSP_REPORT_GROUP}="${reportUri}"`;
}
