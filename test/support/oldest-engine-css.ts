import bcd from "@mdn/browser-compat-data" with { type: "json" };
import { parse, type AtRule, type ChildNode, type Root, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";
import browserslist from "browserslist";
import { fileURLToPath } from "node:url";
import valueParser from "postcss-value-parser";

/**
 * The stylesheet as the oldest engines of the site's browser target keep it, for the older-engine
 * suite (test/e2e/older-engines.spec.ts, docs/decisions/024): which parts of it such an engine
 * cannot read, from MDN's browser-compat-data — selectors (pseudo-classes and -elements, nesting),
 * properties, their keyword values, functions and units, at-rules and media features — and
 * `stripUnsupported`, what its parser keeps: rules with a selector it cannot parse, declarations
 * it does not know and at-rules whose condition it cannot meet are removed.
 *
 * The lint (`npm run lint:compat`) is stylelint's; it reads caniuse, which lacks entries this
 * simulation needs (`::details-content`, `color-mix()`, `word-break: auto-phrase`, …).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** browserslist's browser names → @mdn/browser-compat-data's. */
const BCD_NAME: Record<string, string> = {
  chrome: "chrome",
  edge: "edge",
  firefox: "firefox",
  safari: "safari",
  ios_saf: "safari_ios",
  samsung: "samsunginternet_android",
  and_chr: "chrome_android",
  and_ff: "firefox_android",
  opera: "opera",
  op_mob: "opera_android",
  android: "webview_android",
};

/** A browser (in MDN's names) and the oldest version of it the site supports ("16.4", "115"). */
export type Targets = ReadonlyMap<string, string>;

/** "16.6-16.7" → "16.6"; "all" and "TP" are not versions. */
function lowestOfRange(version: string): string | null {
  const first = version.split("-")[0] ?? "";
  return /^\d+(\.\d+)*$/.test(first) ? first : null;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The oldest version of each browser the `browserslist` queries select (package.json's when none
 * are given), in MDN's browser names; browsers MDN does not track are left out.
 */
export function bcdTargets(queries?: string | readonly string[]): Targets {
  const targets = new Map<string, string>();
  for (const entry of browserslist(queries as string | string[] | undefined, { path: ROOT })) {
    const [name = "", range] = entry.split(" ");
    const browser = BCD_NAME[name];
    const version = range ? lowestOfRange(range) : null;
    if (!browser || !version) continue;
    const known = targets.get(browser);
    if (!known || compareVersions(version, known) < 0) targets.set(browser, version);
  }
  return targets;
}

type SupportStatement = {
  version_added: string | boolean | null;
  version_removed?: string | boolean | null;
  prefix?: string;
  alternative_name?: string;
  flags?: unknown[];
  partial_implementation?: boolean;
};
/** BCD keeps a feature's data under this key, beside its subfeatures. */
const COMPAT = "__compat";
type CompatNode = {
  [COMPAT]?: { support: Record<string, SupportStatement | SupportStatement[] | undefined> };
  [key: string]: unknown;
};

const data = bcd as unknown as Record<string, CompatNode>;

function node(path: string): CompatNode | undefined {
  let current: unknown = data;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key))
      return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current as CompatNode;
}

function hasCompat(path: string): boolean {
  return node(path)?.[COMPAT] !== undefined;
}

/** BCD's "≤37" means "37 or earlier"; "preview" is not released. */
function releasedVersion(value: string | boolean | null | undefined): string | boolean | null {
  if (typeof value !== "string") return value ?? null;
  if (value === "preview") return false;
  return value.replace(/^≤/, "");
}

/** Does this browser, at this version, support the feature under its standard name? */
function supportedAt(
  statements: SupportStatement | SupportStatement[] | undefined,
  version: string,
) {
  if (statements === undefined) return null;
  let unknown = false;
  for (const s of Array.isArray(statements) ? statements : [statements]) {
    if (s.prefix || s.alternative_name || s.flags || s.partial_implementation) continue;
    const added = releasedVersion(s.version_added);
    if (added === null) {
      unknown = true;
      continue;
    }
    if (added === false) continue;
    if (added !== true && compareVersions(added, version) > 0) continue;
    const removed = releasedVersion(s.version_removed);
    if (typeof removed === "string" && compareVersions(removed, version) <= 0) continue;
    return true;
  }
  return unknown ? null : false;
}

/** Does a target browser, at its oldest version, lack the feature at `path`? */
function missingInSome(path: string, targets: Targets): boolean {
  const support = node(path)?.[COMPAT]?.support;
  if (!support) return false;
  // null: BCD does not know; only a known "no" counts.
  return [...targets].some(
    ([browser, version]) => supportedAt(support[browser], version) === false,
  );
}

/** Functions by name → their BCD path (css.types.clamp, css.types.color.color-mix, …). */
const FUNCTIONS = (() => {
  const index = new Map<string, string>();
  const walk = (at: CompatNode, path: string, depth: number) => {
    for (const [key, child] of Object.entries(at)) {
      if (key === COMPAT || child === null || typeof child !== "object") continue;
      const childPath = `${path}.${key}`;
      if ((child as CompatNode)[COMPAT] && !index.has(key)) index.set(key, childPath);
      if (depth < 3) walk(child as CompatNode, childPath, depth + 1);
    }
  };
  walk(data.css?.types as CompatNode, "css.types", 0);
  return index;
})();

/** Units whose BCD entries are named after their group. */
const UNIT_GROUPS: [RegExp, string][] = [
  [/^dv(h|w|b|i|min|max)$/, "css.types.length.viewport_percentage_units_dynamic"],
  [/^sv(h|w|b|i|min|max)$/, "css.types.length.viewport_percentage_units_small"],
  [/^lv(h|w|b|i|min|max)$/, "css.types.length.viewport_percentage_units_large"],
  [/^cq(w|h|i|b|min|max)$/, "css.types.length.container_query_length_units"],
];

function unitPath(unit: string): string | undefined {
  for (const [pattern, path] of UNIT_GROUPS) if (pattern.test(unit)) return path;
  return hasCompat(`css.types.length.${unit}`) ? `css.types.length.${unit}` : undefined;
}

const PREFIXED = /^-(webkit|moz|ms|o)-/;

const SHAPE_PROPERTIES = new Set(["clip-path", "shape-outside", "offset-path"]);

/** A family an engine does not know is skipped for the next one in the list, not a parse error. */
const FONT_LISTS = new Set(["font-family", "font"]);

/** A feature the stylesheet uses: its BCD path. */
type Use = string;

function selectorUses(selector: string): Use[] {
  const uses: Use[] = [];
  try {
    selectorParser((root) => {
      root.walk((part) => {
        if (part.type === "nesting") {
          uses.push("css.selectors.nesting");
        } else if (part.type === "pseudo") {
          const name = part.value.replace(/^::?/, "").toLowerCase();
          if (PREFIXED.test(name)) return;
          const path = `css.selectors.${name}`;
          if (hasCompat(path)) uses.push(path);
        }
      });
    }).processSync(selector);
  } catch {
    // A selector postcss-selector-parser cannot read is left to the browsers' own parsers.
  }
  return uses;
}

function declarationUses(prop: string, value: string): Use[] {
  const property = prop.toLowerCase();
  if (property.startsWith("--") || PREFIXED.test(property)) return [];
  const base = `css.properties.${property}`;
  const uses: Use[] = [];
  if (hasCompat(base)) uses.push(base);
  valueParser(value).walk((part) => {
    if (part.type === "function") {
      const name = part.value.toLowerCase();
      if (!name || name === "var" || name === "url" || PREFIXED.test(name)) return;
      let path = hasCompat(`${base}.${name}`) ? `${base}.${name}` : FUNCTIONS.get(name);
      // Shapes are values of the shape properties only (`clip: rect()` is an older syntax).
      if (path?.startsWith("css.types.basic-shape.") && !SHAPE_PROPERTIES.has(property))
        path = undefined;
      if (path) uses.push(path);
    } else if (part.type === "word") {
      const word = part.value.toLowerCase();
      const number = valueParser.unit(word);
      if (number && number.unit) {
        const path = unitPath(number.unit);
        if (path) uses.push(path);
      } else if (/^[a-z][a-z-]*$/.test(word) && !PREFIXED.test(word) && !FONT_LISTS.has(property)) {
        const path = `${base}.${word}`;
        if (hasCompat(path)) uses.push(path);
      }
    }
  });
  return uses;
}

/** Media features (min-/max- folded into their base feature) and the range syntax. */
function mediaUses(params: string): Use[] {
  const uses: Use[] = [];
  for (const match of params.matchAll(/\(\s*([a-z-]+)\s*([:<>=)])/gi)) {
    const name = (match[1] ?? "").toLowerCase();
    const feature = name.replace(/^(min|max)-/, "");
    const path = `css.at-rules.media.${feature}`;
    if (hasCompat(path)) uses.push(path);
    if (match[2] && "<>=".includes(match[2])) uses.push("css.at-rules.media.range_syntax");
  }
  return uses;
}

function atRuleUses(rule: AtRule): Use[] {
  const name = rule.name.toLowerCase();
  if (PREFIXED.test(name)) return [];
  const uses: Use[] = [];
  const path = `css.at-rules.${name}`;
  if (hasCompat(path)) uses.push(path);
  if (name === "media") uses.push(...mediaUses(rule.params));
  if (name === "supports" && /selector\(/i.test(rule.params))
    uses.push("css.at-rules.supports.selector");
  return uses;
}

function nodeUses(child: ChildNode): Use[] {
  if (child.type === "rule") {
    const uses = selectorUses(child.selector);
    if (child.parent?.type === "rule") uses.push("css.selectors.nesting");
    return uses;
  }
  if (child.type === "decl") {
    const parent = child.parent;
    if (parent?.type === "atrule") {
      // A descriptor of an at-rule (@font-face's src, size-adjust, …), not a property.
      const path = `css.at-rules.${(parent as AtRule).name.toLowerCase()}.${child.prop.toLowerCase()}`;
      return hasCompat(path) ? [path] : [];
    }
    return declarationUses(child.prop, child.value);
  }
  if (child.type === "atrule") return atRuleUses(child);
  return [];
}

/** Is any use in the list unknown to one of the targets? */
function anyMissing(uses: Use[], targets: Targets): boolean {
  return uses.some((use) => missingInSome(use, targets));
}

/**
 * Evaluates an `@supports` condition as an engine of the target would: `selector(…)`,
 * `(property: value)`, `not`, `and`, `or` and parentheses.
 */
export function supportsCondition(condition: string, targets: Targets): boolean {
  let at = 0;
  const text = condition.trim();
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] ?? "")) at++;
  };
  const balanced = (): string => {
    // At an opening parenthesis: returns what is inside it and moves past its closing one.
    let depth = 0;
    const start = at + 1;
    for (; at < text.length; at++) {
      if (text[at] === "(") depth++;
      else if (text[at] === ")" && --depth === 0) break;
    }
    return text.slice(start, at++);
  };
  const keyword = (word: string) => {
    skipSpace();
    if (
      text.slice(at, at + word.length).toLowerCase() === word &&
      /\s|\(/.test(text[at + word.length] ?? "")
    ) {
      at += word.length;
      return true;
    }
    return false;
  };
  const operand = (): boolean => {
    skipSpace();
    if (keyword("not")) return !operand();
    if (text.slice(at, at + 9).toLowerCase() === "selector(") {
      at += 8;
      return !anyMissing(selectorUses(balanced()), targets);
    }
    if (text[at] === "(") {
      const inner = balanced().trim();
      const declaration = /^([a-z-]+)\s*:(.*)$/is.exec(inner);
      if (declaration && !/^\s*(not|selector)\b/i.test(inner))
        return !anyMissing(declarationUses(declaration[1] ?? "", declaration[2] ?? ""), targets);
      return supportsCondition(inner, targets);
    }
    // Anything else (a function this parser does not know) is false, as in a browser.
    at = text.length;
    return false;
  };
  let result = operand();
  for (;;) {
    if (keyword("and")) result = operand() && result;
    else if (keyword("or")) result = operand() || result;
    else break;
  }
  return result;
}

/** What an engine of the target keeps of a stylesheet (see the module comment). */
export function stripUnsupported(css: string, targets: Targets): string {
  const root: Root = parse(css);
  const visit = (container: Root | Rule | AtRule) => {
    // A copy: children are removed and unwrapped while going through them.
    for (const child of container.nodes?.slice() ?? []) {
      if (child.type === "atrule" && child.name.toLowerCase() === "supports") {
        if (!supportsCondition(child.params, targets)) {
          child.remove();
          continue;
        }
        visit(child);
        // Chromium would test the condition itself and might say no: the block is unwrapped.
        child.replaceWith(child.nodes ?? []);
        continue;
      }
      if (child.type !== "comment" && anyMissing(nodeUses(child), targets)) {
        child.remove();
        continue;
      }
      if (child.type === "rule" || child.type === "atrule") visit(child);
    }
  };
  visit(root);
  return root.toString();
}
