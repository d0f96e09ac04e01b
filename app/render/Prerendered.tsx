import { createContext, useContext, type HTMLAttributes, type ReactNode } from "react";

/** The host elements a prerendered subtree may sit in (none treats its content specially). */
export type PrerenderHost = "article" | "nav" | "section" | "div" | "ul";

/**
 * Where the server keeps the HTML of subtrees it has rendered before, for one request (it knows
 * the request's language and path). Only the server provides one (see `prerender.server.ts`); in
 * the browser, and in development, there is none.
 */
export interface PrerenderStore {
  /** The key of a subtree in this request: its host and class, the language, maybe the path. */
  keyOf(host: PrerenderHost, className: string | undefined, perPath: boolean): string;
  /** The inner HTML rendered before for this version and key, if any. */
  get(version: object, key: string): string | undefined;
  /** This render has to render the subtree: remember to take its HTML from the page. */
  miss(version: object, key: string, host: PrerenderHost, props: Record<string, unknown>): void;
}

export const PrerenderContext = /*#__PURE__*/ createContext<PrerenderStore | null>(null);

type Props = HTMLAttributes<HTMLElement> & {
  as: PrerenderHost;
  /**
   * The data the children render from, by identity: cached HTML is reused only while the same
   * object comes back (an upstream answer, prepared blocks), so new content renders anew.
   */
  version: object;
  /** The children's HTML also depends on the URL's path (a blog list's page links). */
  perPath?: boolean;
  children: ReactNode;
};

/**
 * A host element whose children are pure functions of `version`, the page's language (UI strings,
 * link prefixes) and, with `perPath`, its path — nothing else about the request or the visitor.
 * The server renders them once, takes their HTML from the page it sent, and afterwards writes that
 * HTML back as is instead of rendering them again. The markup is byte for byte what rendering
 * would give, so the browser, which always renders the children, hydrates them as usual.
 */
export function Prerendered({ as: Host, version, perPath, children, ...props }: Props) {
  // The browser bundle keeps only the last line (import.meta.env.SSR is false there).
  if (import.meta.env.SSR) {
    return (
      <ServerPrerendered as={Host} version={version} perPath={perPath} {...props}>
        {children}
      </ServerPrerendered>
    );
  }
  return <Host {...props}>{children}</Host>;
}

function ServerPrerendered({ as: Host, version, perPath = false, children, ...props }: Props) {
  const store = useContext(PrerenderContext);
  if (store) {
    const key = store.keyOf(Host, props.className, perPath);
    const html = store.get(version, key);
    if (html !== undefined) return <Host {...props} dangerouslySetInnerHTML={{ __html: html }} />;
    store.miss(version, key, Host, props);
  }
  return <Host {...props}>{children}</Host>;
}
