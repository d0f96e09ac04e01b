/**
 * The pages a visitor judges the site by, for the screenshot baselines (test/e2e/visual) and the
 * release contact sheet (`npm run shots`, scripts/shots.ts). Paths are English; a language's page
 * is the same path under its prefix.
 */
export interface MainPage {
  /** A file-name-safe name. */
  name: string;
  path: string;
}

export const MAIN_PAGES: readonly MainPage[] = [
  { name: "home", path: "/" },
  { name: "features", path: "/features" },
  { name: "pricing", path: "/pricing" },
  { name: "family", path: "/family" },
  { name: "teams", path: "/password-manager-for-teams" },
  { name: "downloads", path: "/downloads" },
  { name: "password-generator", path: "/password-generator" },
  { name: "help", path: "/help" },
  { name: "search", path: "/search?q=password" },
  // A lifetime plan: its deal names no date (a yearly plan's next charge is a year from today,
  // which would change the page every day; its wording is checked by checkout-deal.spec).
  { name: "checkout", path: "/order/checkout?plan=104" },
  { name: "contact", path: "/contact" },
  { name: "not-found", path: "/no-such-page" },
];

/** Phone, tablet and laptop. */
export const MAIN_WIDTHS = [390, 820, 1280] as const;

/** `path` in the language `code` (English unprefixed). */
export function inLanguage(code: string, path: string): string {
  return code === "en" ? path : `/${code}${path === "/" ? "" : path}`;
}

/**
 * What changes between two renders of the same page on its own (the year in the footer, a
 * generated password), marked `data-changes` in the markup: hidden from a baseline.
 */
export const CHANGING_PARTS = "[data-changes]";
