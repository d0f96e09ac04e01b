/** What each quality check reports to the summary table. */
export interface CheckResult {
  name: string;
  ok: boolean;
  /** One line for the summary table, e.g. "0 violations on 18 pages". */
  summary: string;
  /** Everything a developer needs to fix a failure (page, rule, chunk, …). */
  details: string[];
}

/** The page types every check covers (SPEC §2), as paths in English and German. */
export const PAGE_TYPES: { type: string; path: string }[] = [
  { type: "home", path: "/" },
  { type: "content", path: "/features" },
  { type: "pricing", path: "/pricing" },
  { type: "search", path: "/search?q=autofill" },
  { type: "blog list", path: "/blog" },
  { type: "blog post", path: "/blog/passkeys-explained" },
  { type: "help", path: "/help/manuals/how-to-install" },
  { type: "glossary", path: "/help/glossary" },
  { type: "downloads", path: "/downloads/windows" },
  { type: "downloads hub", path: "/downloads" },
  { type: "contact form", path: "/contact" },
  { type: "landing", path: "/brand/secure-passwords" },
  { type: "payment outcome", path: "/payment-success" },
  { type: "sign-in", path: "/sign-in" },
  { type: "404", path: "/this-page-does-not-exist" },
];

export function localized(path: string, lang: "en" | "de"): string {
  if (lang === "en") return path;
  return path === "/" ? "/de" : `/de${path}`;
}
