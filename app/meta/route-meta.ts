import type { MetaDescriptor } from "@remix-run/node";
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
