import { useLocation, useMatches } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { splitLangPath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { NavigationProgress } from "./NavigationProgress";
import { CookieNotice, RewardsBanner } from "./Notices";
import { chromeFor, type LayoutName } from "./rules";
import { UiProvider } from "./ui";

const LAYOUTS: readonly LayoutName[] = ["default", "landing", "payment", "bare"];

function layoutOf(value: unknown): LayoutName | undefined {
  if (!value || typeof value !== "object" || !("layout" in value)) return undefined;
  const layout = (value as { layout: unknown }).layout;
  return LAYOUTS.includes(layout as LayoutName) ? (layout as LayoutName) : undefined;
}

/**
 * The layout of the page: the deepest route that names one, in its `handle` (a route such as
 * /amazon/payment) or its data (a content page's `settings.layout`); `default` otherwise.
 */
export function layoutFromMatches(matches: { handle?: unknown; data?: unknown }[]): LayoutName {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const layout = layoutOf(matches[i]?.handle) ?? layoutOf(matches[i]?.data);
    if (layout) return layout;
  }
  return "default";
}

/**
 * Header, banners, main content, footer, modals and loader, as the page's layout says. The
 * newsletter form (the forms feature's) is handed in by the root, shown above the footer of
 * default-layout pages.
 */
export function SiteChrome({
  children,
  newsletter,
}: {
  children: ReactNode;
  newsletter: ReactNode;
}) {
  const matches = useMatches();
  const location = useLocation();
  const { brand } = useSiteData();
  const layout = layoutFromMatches(matches);
  const chrome = useMemo(
    () =>
      chromeFor({
        path: splitLangPath(location.pathname).path,
        search: new URLSearchParams(location.search),
        layout,
        product: brand.product,
      }),
    [location.pathname, location.search, layout, brand.product],
  );

  return (
    <UiProvider modals={chrome.modals}>
      {chrome.loader ? <NavigationProgress overlay /> : null}
      {chrome.header ? <Header nav={chrome.nav} /> : null}
      {layout === "bare" ? null : <CookieNotice />}
      {chrome.rewardsBanner ? <RewardsBanner /> : null}
      <main id="main" tabIndex={-1} className={`layout layout--${layout}`}>
        {children}
      </main>
      {chrome.footer === "none" ? null : (
        <Footer
          variant={chrome.footer}
          links={chrome.footerLinks}
          slot={layout === "default" ? newsletter : undefined}
        />
      )}
    </UiProvider>
  );
}
