/**
 * The in-process caches a cache clear empties (the upstream answers), by name. The server and the
 * upstream client run in one module graph (decision 029): one registry.
 */
const registry = new Map<string, () => void>();

/** Registers (or replaces, after a dev reload) the cache called `name`. */
export function registerLocalCache(name: string, clear: () => void): void {
  registry.set(name, clear);
}

/** Empties every registered cache of this process; returns their names. */
export function clearLocalCaches(): string[] {
  const names: string[] = [];
  for (const [name, clear] of registry) {
    clear();
    names.push(name);
  }
  return names;
}
