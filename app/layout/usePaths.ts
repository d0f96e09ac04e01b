import { useLocation } from "@remix-run/react";
import { withoutAdParams } from "~/http/ad-params";
import { splitLangPath } from "~/i18n/paths";

/** The current page's path without its language prefix, and the search string (no ad-click tags). */
export function useContentPath(): { path: string; search: string } {
  const location = useLocation();
  return {
    path: splitLangPath(location.pathname).path,
    search: withoutAdParams(location.search),
  };
}

/**
 * Where a form on this page sends the visitor back to: the current URL without ad-click tags, so
 * a page rendered once for many visitors carries no campaign's parameters in its forms.
 */
export function useReturnPath(): string {
  const location = useLocation();
  return location.pathname + withoutAdParams(location.search);
}
