/**
 * The in-process caches a cache clear empties (the upstream answers, the rendered pages), by name.
 *
 * The server (server.ts, compiled on its own) and the Remix build are two module graphs in one
 * process: the page cache lives in the first, the upstream client in the second. The registry is
 * kept on `globalThis` so a clear handled by either reaches both.
 */
const REGISTRY = Symbol.for("keynest.local-caches");

type Registry = Map<string, () => void>;

function registry(): Registry {
  const global = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (global[REGISTRY] ??= new Map());
}

/** Registers (or replaces, after a dev reload) the cache called `name`. */
export function registerLocalCache(name: string, clear: () => void): void {
  registry().set(name, clear);
}

/** Empties every registered cache of this process; returns their names. */
export function clearLocalCaches(): string[] {
  const names: string[] = [];
  for (const [name, clear] of registry()) {
    clear();
    names.push(name);
  }
  return names;
}
