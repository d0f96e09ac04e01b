import type { LangCode } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";

export type LinkTarget =
  | { kind: "internal"; to: string; newTab: boolean }
  | { kind: "external"; href: string; newTab: boolean }
  | { kind: "scroll"; id: string; href: string }
  | { kind: "none" };

export interface LinkContext {
  lang: LangCode;
  /** Paths under this prefix are provider API endpoints (downloads, redirects): never app routes. */
  providerApiPrefix: string;
}

const SCROLL_PREFIX = "to_";
const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;

/**
 * Decides how a content link is rendered (SPEC §2): `to_<id>` scrolls within the page, `/path` is
 * an app route in the current language, a provider API path and every other URL are plain anchors
 * that open in a new tab unless `isblank` is false. Unsafe schemes render as no link at all.
 */
export function classifyLink(
  raw: string | undefined | null,
  ctx: LinkContext,
  isblank?: boolean,
): LinkTarget {
  const href = (raw ?? "").trim();
  if (!href) return { kind: "none" };
  if (href.startsWith(SCROLL_PREFIX)) {
    const id = href.slice(SCROLL_PREFIX.length);
    return id ? { kind: "scroll", id, href: `#${id}` } : { kind: "none" };
  }
  if (href.startsWith("#")) {
    return href.length > 1 ? { kind: "scroll", id: href.slice(1), href } : { kind: "none" };
  }
  if (href.startsWith("/") && !href.startsWith("//")) {
    if (href === ctx.providerApiPrefix || href.startsWith(`${ctx.providerApiPrefix}/`)) {
      return { kind: "external", href, newTab: isblank ?? true };
    }
    return { kind: "internal", to: localizeHref(href, ctx.lang), newTab: isblank ?? false };
  }
  if (href.startsWith("//"))
    return { kind: "external", href: `https:${href}`, newTab: isblank ?? true };
  if (SAFE_SCHEME.test(href)) {
    const web = /^https?:/i.test(href);
    return { kind: "external", href, newTab: web ? (isblank ?? true) : false };
  }
  return { kind: "none" };
}

/** Prefixes an internal href (path, query and hash) with the language. */
export function localizeHref(href: string, lang: LangCode): string {
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? "" : href.slice(cut);
  return localizePath(path, lang) + rest;
}

/** Offset kept above an element scrolled into view, so the sticky header does not cover it. */
export const SCROLL_OFFSET_PX = 80;

/** Smooth-scrolls to the element with `id`, 80 px below the top, and puts `#id` in the address. */
export function scrollToId(id: string, win: Window = window): boolean {
  const el = win.document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + win.scrollY - SCROLL_OFFSET_PX;
  win.history.pushState(win.history.state, "", `#${id}`);
  win.scrollTo({ top, behavior: "smooth" });
  return true;
}
