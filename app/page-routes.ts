import type { PageRoute } from "./i18n/language-routes";

/**
 * The pages of the site. Each is served in all nine languages — `/search`, `/de/search`,
 * `/jp/search`, … — by the route config (app/routes.ts, decision 009). Adding a page is one line
 * here plus its module in `app/routes/pages/`. Never give a page a file-system route with a
 * `($lang)` segment: it would match any first segment and shadow content pages.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { name: "home", path: "", file: "routes/pages/home.tsx" },
  {
    name: "search",
    path: "search",
    file: "routes/pages/search.tsx",
    card: { title: "search.title", description: "meta.defaultDescription" },
  },
  {
    name: "order-checkout",
    path: "order/checkout",
    file: "routes/pages/order-checkout.tsx",
    card: { title: "checkout.title", description: "checkout.metaDescription" },
  },
  { name: "amazon-payment", path: "amazon/payment", file: "routes/pages/amazon-payment.tsx" },
  { name: "sign-in", path: "sign-in", file: "routes/pages/sign-in.tsx" },
  { name: "account", path: "account", file: "routes/pages/account.tsx" },
  {
    name: "account-change-password",
    path: "account/change-password",
    file: "routes/pages/account-change-password.tsx",
  },
  {
    name: "cookies",
    path: "cookies",
    file: "routes/pages/cookies.tsx",
    listed: true,
    card: { title: "cookiePolicy.title", description: "cookiePolicy.description" },
  },
  {
    name: "imprint",
    path: "imprint",
    file: "routes/pages/imprint.tsx",
    listed: true,
    card: { title: "imprint.title", description: "imprint.description" },
  },
  // Every path no page above claims: the content pages (and their 404).
  { name: "content", path: "*", file: "routes/pages/content.tsx" },
];

/**
 * Files served in every language at a literal path, the way the pages are — `/blog/feed.xml`,
 * `/de/blog/feed.xml`, … (route ids `page/blog-feed`, `page/de/blog-feed`, …) — so no route needs
 * a dynamic first segment. Resource routes (their modules in `app/routes/files/`), never listed in
 * the sitemap; their paths have a dot, so the server sends them to Remix rather than looking for a
 * public file (app/server/site.server.ts).
 */
export const LANGUAGE_FILE_ROUTES: readonly PageRoute[] = [
  // The blog's Atom feed (app/content/blog-feed.ts: BLOG_FEED_PATH).
  { name: "blog-feed", path: "blog/feed.xml", file: "routes/files/blog-feed.ts" },
];
