/**
 * A small translator over the locale files, for the browser: nested keys, `{{name}}`
 * interpolation (no escaping: React escapes), and plural forms by `count` (`key_one`, `key_few`,
 * … falling back to `key_other`) chosen by the language's Intl plural rules — the subset of
 * i18next the site uses. The server renders with i18next itself; a unit test checks that both
 * produce the same text for every key of every language, so hydration always matches.
 */
export type Vars = Record<string, unknown>;
export type TFunction = (key: string, vars?: Vars) => string;
type Tree = { [key: string]: unknown };

function lookup(tree: Tree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === "string" ? node : undefined;
}

function resolve(
  tree: Tree,
  key: string,
  rules: Intl.PluralRules,
  count: unknown,
): string | undefined {
  if (typeof count === "number") {
    return (
      lookup(tree, `${key}_${rules.select(count)}`) ??
      lookup(tree, `${key}_other`) ??
      lookup(tree, key)
    );
  }
  return lookup(tree, key);
}

export function createTranslator(iso: string, messages: Tree, fallback?: Tree): TFunction {
  const rules = new Intl.PluralRules(iso);
  const fallbackRules = new Intl.PluralRules("en");
  return (key, vars = {}) => {
    const template =
      resolve(messages, key, rules, vars.count) ??
      (fallback ? resolve(fallback, key, fallbackRules, vars.count) : undefined) ??
      key;
    return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
      name in vars && vars[name] !== undefined && vars[name] !== null ? String(vars[name]) : match,
    );
  };
}
