import { createContext, useContext, type HTMLAttributes, type ReactNode } from "react";

/** The host elements a prerendered subtree may sit in (none treats its content specially). */
export type PrerenderHost = "article" | "nav" | "section" | "div" | "ul";

/**
 * Where the server keeps the HTML of subtrees it has rendered before. Only the server provides
 * one (see `prerender.server.ts`); in the browser, and in development, there is none.
 */
export interface PrerenderStore {
  /** The inner HTML rendered before for this version and key, if any. */
  get(version: object, key: string): string | undefined;
  /** This render has to render the subtree: remember to take its HTML from the page. */
  miss(version: object, key: string, host: PrerenderHost, props: Record<string, unknown>): void;
}

export const PrerenderContext = createContext<PrerenderStore | null>(null);

type Props = HTMLAttributes<HTMLElement> & {
  as: PrerenderHost;
  /**
   * The data the children render from, by identity: cached HTML is reused only while the same
   * object comes back (an upstream answer, prepared blocks), so new content renders anew.
   */
  version: object;
  /** Everything else the children's HTML depends on: language, path, … */
  cacheKey: string;
  children: ReactNode;
};

/**
 * A host element whose children are pure functions of `version` and `cacheKey`. The server renders
 * them once, takes their HTML from the page it sent, and afterwards writes that HTML back as is
 * instead of rendering them again. The markup is byte for byte what rendering would give, so the
 * browser hydrates the children as usual; the browser always renders them.
 */
export function Prerendered({ as: Host, version, cacheKey, children, ...props }: Props) {
  const store = useContext(PrerenderContext);
  if (store) {
    const html = store.get(version, cacheKey);
    if (html !== undefined) return <Host {...props} dangerouslySetInnerHTML={{ __html: html }} />;
    store.miss(version, cacheKey, Host, props);
  }
  return <Host {...props}>{children}</Host>;
}
