import bcd from "@mdn/browser-compat-data" with { type: "json" };
import { parse, type AtRule, type ChildNode, type Root, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";
import valueParser from "postcss-value-parser";
import { compareVersions, type Targets } from "./targets";

/**
 * Which parts of a stylesheet an engine of the site's browser target cannot read, from MDN's
 * browser-compat-data: selectors (pseudo-classes and -elements, nesting), properties, their keyword
 * values, functions and units, at-rules and media features.
 *
 * `checkCss` is the lint (docs/decisions/024): every such part must be safe to drop — inside an
 * `@supports` that tests it, after an older declaration of the same property (the cascade's
 * fallback), or marked `/* compat: why dropping it is harmless *\/`. `stripUnsupported` is what
 * such an engine's parser keeps, for the older-engine test: rules with a selector it cannot parse,
 * declarations it does not know and at-rules whose condition it cannot meet are removed.
 */

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

/** The target browsers (with their oldest version) that lack the feature at `path`. */
export function missingIn(path: string, targets: Targets): string[] {
  const support = node(path)?.[COMPAT]?.support;
  if (!support) return [];
  const missing: string[] = [];
  for (const [browser, version] of targets) {
    // null: BCD does not know; only a known "no" is reported.
    if (supportedAt(support[browser], version) === false) missing.push(`${browser} ${version}`);
  }
  return missing;
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

/** A feature the stylesheet uses: its BCD path and the words that name it in `@supports`. */
type Use = { path: string; label: string; tokens: string[] };

function selectorUses(selector: string): Use[] {
  const uses: Use[] = [];
  try {
    selectorParser((root) => {
      root.walk((part) => {
        if (part.type === "nesting") {
          uses.push({ path: "css.selectors.nesting", label: "&", tokens: ["&"] });
        } else if (part.type === "pseudo") {
          const name = part.value.replace(/^::?/, "").toLowerCase();
          if (PREFIXED.test(name)) return;
          const path = `css.selectors.${name}`;
          if (hasCompat(path)) uses.push({ path, label: part.value, tokens: [part.value] });
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
  if (hasCompat(base)) uses.push({ path: base, label: property, tokens: [property] });
  valueParser(value).walk((part) => {
    if (part.type === "function") {
      const name = part.value.toLowerCase();
      if (!name || name === "var" || name === "url" || PREFIXED.test(name)) return;
      let path = hasCompat(`${base}.${name}`) ? `${base}.${name}` : FUNCTIONS.get(name);
      // Shapes are values of the shape properties only (`clip: rect()` is an older syntax).
      if (path?.startsWith("css.types.basic-shape.") && !SHAPE_PROPERTIES.has(property))
        path = undefined;
      if (path) uses.push({ path, label: `${name}()`, tokens: [`${name}(`] });
    } else if (part.type === "word") {
      const word = part.value.toLowerCase();
      const number = valueParser.unit(word);
      if (number && number.unit) {
        const path = unitPath(number.unit);
        if (path) uses.push({ path, label: number.unit, tokens: [number.unit] });
      } else if (/^[a-z][a-z-]*$/.test(word) && !PREFIXED.test(word) && !FONT_LISTS.has(property)) {
        const path = `${base}.${word}`;
        if (hasCompat(path)) uses.push({ path, label: `${property}: ${word}`, tokens: [word] });
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
    if (hasCompat(path)) uses.push({ path, label: `@media (${name})`, tokens: [name] });
    if (match[2] && "<>=".includes(match[2]))
      uses.push({
        path: "css.at-rules.media.range_syntax",
        label: "@media range syntax",
        tokens: [],
      });
  }
  return uses;
}

function atRuleUses(rule: AtRule): Use[] {
  const name = rule.name.toLowerCase();
  if (PREFIXED.test(name)) return [];
  const uses: Use[] = [];
  const path = `css.at-rules.${name}`;
  if (hasCompat(path)) uses.push({ path, label: `@${name}`, tokens: [`@${name}`] });
  if (name === "media") uses.push(...mediaUses(rule.params));
  if (name === "supports" && /selector\(/i.test(rule.params))
    uses.push({
      path: "css.at-rules.supports.selector",
      label: "@supports selector()",
      tokens: [],
    });
  return uses;
}

function nodeUses(child: ChildNode): Use[] {
  if (child.type === "rule") {
    const uses = selectorUses(child.selector);
    if (child.parent?.type === "rule")
      uses.push({ path: "css.selectors.nesting", label: "nested rule", tokens: ["&"] });
    return uses;
  }
  if (child.type === "decl") {
    const parent = child.parent;
    if (parent?.type === "atrule") {
      // A descriptor of an at-rule (@font-face's src, size-adjust, …), not a property.
      const path = `css.at-rules.${(parent as AtRule).name.toLowerCase()}.${child.prop.toLowerCase()}`;
      return hasCompat(path) ? [{ path, label: child.prop, tokens: [child.prop] }] : [];
    }
    return declarationUses(child.prop, child.value);
  }
  if (child.type === "atrule") return atRuleUses(child);
  return [];
}

export type Finding = {
  line: number;
  column: number;
  feature: string;
  path: string;
  missing: string[];
  /** Why the stylesheet may use it anyway; absent when nothing makes it safe (a lint error). */
  safeBecause?: string;
};

/** The node, then the rules and at-rules around it, innermost first. */
function selfAndAncestors(child: ChildNode): ChildNode[] {
  const chain: ChildNode[] = [];
  for (let at: unknown = child; at && (at as { type: string }).type !== "root";) {
    chain.push(at as ChildNode);
    at = (at as ChildNode).parent;
  }
  return chain;
}

/** The positive `@supports` conditions around a node (a `not …` condition guards nothing). */
function supportsGuards(child: ChildNode): string[] {
  return selfAndAncestors(child)
    .slice(1)
    .filter((at): at is AtRule => at.type === "atrule" && at.name.toLowerCase() === "supports")
    .filter((rule) => !/^\s*not\b/i.test(rule.params))
    .map((rule) => rule.params.toLowerCase());
}

const MARKER = /^compat:\s*(\S.*)$/s;

/** A `/* compat: … *\/` comment right before the node or before a rule or at-rule around it. */
function marker(child: ChildNode): string | undefined {
  for (const at of selfAndAncestors(child)) {
    const before = at.prev();
    const marked = before?.type === "comment" ? MARKER.exec(before.text.trim()) : null;
    if (marked) return marked[1];
  }
  return undefined;
}

function safeBecause(child: ChildNode, use: Use): string | undefined {
  const marked = marker(child);
  if (marked) return `marked: ${marked.replace(/\s+/g, " ")}`;
  if (use.tokens.length > 0) {
    for (const guard of supportsGuards(child)) {
      if (use.tokens.some((token) => guard.includes(token.toLowerCase())))
        return `inside @supports ${guard}`;
    }
  }
  if (child.type === "decl" && !use.path.endsWith(`properties.${child.prop.toLowerCase()}`)) {
    // A newer value after a declaration of the same property: older engines keep the first.
    for (let at = child.prev(); at; at = at.prev()) {
      if (at.type === "decl" && at.prop.toLowerCase() === child.prop.toLowerCase())
        return "an earlier declaration of the same property is the fallback";
    }
  }
  return undefined;
}

/**
 * Features a stylesheet may use beyond the target, anywhere, by BCD path (subfeatures included),
 * each with the reason dropping it is harmless.
 */
export type Accepted = Readonly<Record<string, string>>;

function acceptedReason(path: string, accepted: Accepted): string | undefined {
  for (const [prefix, reason] of Object.entries(accepted))
    if (path === prefix || path.startsWith(`${prefix}.`)) return `accepted: ${reason}`;
  return undefined;
}

/** Every part of the stylesheet that some target browser lacks, with why it is safe if it is. */
export function checkCss(
  css: string,
  targets: Targets,
  { from, accepted = {} }: { from?: string; accepted?: Accepted } = {},
): Finding[] {
  const findings: Finding[] = [];
  parse(css, { from }).walk((child) => {
    if (child.type === "decl" && child.parent?.type !== "atrule") {
      // A property no browser knows is a typo, or one that only ever shipped prefixed.
      const property = child.prop.toLowerCase();
      if (
        !property.startsWith("--") &&
        !PREFIXED.test(property) &&
        !node(`css.properties.${property}`)
      )
        findings.push({
          line: child.source?.start?.line ?? 0,
          column: child.source?.start?.column ?? 0,
          feature: property,
          path: `css.properties.${property}`,
          missing: ["every browser (not a known property)"],
        });
    }
    const reported: string[][] = [];
    for (const use of nodeUses(child)) {
      const missing = missingIn(use.path, targets);
      if (missing.length === 0) continue;
      // A value of a property the same browsers lack already (content-visibility: auto) adds
      // nothing to the property's own finding.
      if (reported.some((earlier) => missing.every((browser) => earlier.includes(browser))))
        continue;
      reported.push(missing);
      findings.push({
        line: child.source?.start?.line ?? 0,
        column: child.source?.start?.column ?? 0,
        feature: use.label,
        path: use.path,
        missing,
        safeBecause: safeBecause(child, use) ?? acceptedReason(use.path, accepted),
      });
    }
  });
  return findings;
}

/** Is any use in the list unknown to one of the targets? */
function anyMissing(uses: Use[], targets: Targets): boolean {
  return uses.some((use) => missingIn(use.path, targets).length > 0);
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
