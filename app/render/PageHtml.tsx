import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, type HTMLAttributes, type MouseEvent } from "react";
import type { PrerenderHost } from "./Prerendered";

/**
 * The inner HTML of the elements the server sent for a page, read before hydration touched them,
 * by path, host and class (a page's prerendered hosts each have their own class).
 */
const sentHtml = new Map<string, string | null>();

/** The inner HTML the page was sent with for the `host` element of exactly this class, if any. */
export function htmlSentFor(host: PrerenderHost, className: string, path: string): string | null {
  const key = `${path} ${host}.${className}`;
  let html = sentHtml.get(key);
  if (html === undefined) {
    html = null;
    for (const element of document.getElementsByTagName(host)) {
      if (element.getAttribute("class") === className) {
        html = element.innerHTML;
        break;
      }
    }
    // Only a first render reads the page: a later one finds what this one left.
    if (sentHtml.size >= 50) sentHtml.clear();
    sentHtml.set(key, html);
  }
  return html;
}

/**
 * Follows a click on a link the server rendered with Remix's `Link` (`data-discover`) inside HTML
 * React did not render, as `Link` would: in the app, unless a modifier key, another button or a
 * target asks for the browser's own handling. Other links (plain anchors, other sites) are left
 * to the browser.
 */
export function followAppLink(
  event: MouseEvent<HTMLElement>,
  navigate: (to: string) => void,
): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const target = event.target as Element | null;
  const anchor = target?.closest?.("a[data-discover]") as HTMLAnchorElement | null;
  if (!anchor || !event.currentTarget.contains(anchor)) return;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

type Props = HTMLAttributes<HTMLElement> & { as: PrerenderHost; className: string };

/**
 * A prerendered subtree whose data the page's hydration data does not carry (app/content/
 * page-parts.ts): written from the HTML the server sent, which React keeps as it is. Should that
 * HTML be missing, the route's data is asked for again and the subtree renders from it.
 */
export function PageHtml({ as: Host, className, ...props }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const html = htmlSentFor(Host, className, pathname);
  useEffect(() => {
    if (html === null && revalidator.state === "idle") revalidator.revalidate();
  }, [html, revalidator]);
  return (
    <Host
      {...props}
      className={className}
      onClick={(event) => followAppLink(event, navigate)}
      dangerouslySetInnerHTML={{ __html: html ?? "" }}
      suppressHydrationWarning
    />
  );
}
