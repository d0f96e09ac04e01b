import { lazy, Suspense, type ComponentType, type ReactElement } from "react";

/** A component whose code loads on demand, with the call that loads it. */
export type LazyComponent<P> = ((props: P) => ReactElement) & { preload(): Promise<unknown> };

/**
 * A component whose code loads on demand: its chunk is fetched only by pages that show it (forms
 * with conform and zod, pricing with the commerce rules). The server loads it before rendering
 * such a page (`preload`, which the content page calls for every block it shows) and then renders
 * it at once, so no visitor — without JS either — ever gets a fallback streamed in its place. In
 * the browser it hydrates when its chunk arrives; until then the server's markup stays as it is.
 */
export function lazyBlock<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallbackClassName: string,
): LazyComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Lazy = lazy(preload);
  function LazyBlock(props: P) {
    // The same boundary on both sides, so the browser may hydrate the server's markup later. The
    // browser always renders the lazy one (once loaded it renders at once): swapping types would
    // remount the block and lose what the visitor typed into it.
    const Block = (import.meta.env.SSR ? (loaded?.default ?? Lazy) : Lazy) as ComponentType<P>;
    return (
      <Suspense fallback={<div className={fallbackClassName} />}>
        <Block {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyBlock, { preload });
}

/**
 * A block drawn by a lazily loaded component that takes its own props (a form, the generator):
 * `props` makes them of the block's.
 */
export function lazyBlockOf<Block extends object, P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallbackClassName: string,
  props: (block: Block) => P,
): LazyComponent<Block> {
  const Lazy = lazyBlock(load, fallbackClassName);
  return Object.assign((block: Block) => <Lazy {...props(block)} />, { preload: Lazy.preload });
}
