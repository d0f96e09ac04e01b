import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import type { SiteData } from "~/root-data";

interface MatchLike {
  id: string;
  data: unknown;
}

/** The root loader's data as seen from a route's meta function. */
export function rootDataFromMatches(matches: MatchLike[]): SiteData | undefined {
  return matches.find((m) => m.id === "root")?.data as SiteData | undefined;
}

/** Looks up a dotted key (`errors.notFoundTitle`) in the UI strings the root loader sent. */
export function messageFrom(
  root: SiteData | undefined,
  key: string,
  vars: Record<string, string> = {},
): string {
  let node: unknown = root?.messages;
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  const text = typeof node === "string" ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
}

/** Meta of an error page: the error's title, never indexed. */
export function errorMeta(matches: MatchLike[], status: number): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  const key = status === 404 ? "errors.notFoundTitle" : "errors.genericTitle";
  return [{ title: messageFrom(root, key) }, { name: "robots", content: "noindex" }];
}

/** What Remix passes a meta function, as far as the helpers here read it. */
interface MetaArgsLike<Data> {
  data: Data | undefined;
  matches: MatchLike[];
  error?: unknown;
}

/**
 * The meta function of a page search engines never list (sign-in, the account pages): the
 * loader's localized title with the brand, and `robots` as given — or the error page's meta.
 */
export function unlistedPageMeta(robots: "noindex, follow" | "noindex, nofollow") {
  return ({ data, matches, error }: MetaArgsLike<{ title: string }>): MetaDescriptor[] => {
    if (!data || error) {
      return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
    }
    const brand = rootDataFromMatches(matches)?.brand.name ?? "";
    return [{ title: `${data.title} | ${brand}` }, { name: "robots", content: robots }];
  };
}
