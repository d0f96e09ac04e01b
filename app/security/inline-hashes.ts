import { createHash } from "node:crypto";

/** Inline elements the Content-Security-Policy allows by their hashes. */
export interface InlineHashes {
  /** `'sha256-…'` of each inline script the browser may run, each once, in page order. */
  scripts: string[];
  /** `'sha256-…'` of each inline stylesheet, each once. */
  styles: string[];
}

/** Script types that are data, never run: they need no hash. */
const DATA_TYPES = new Set(["application/json", "application/ld+json", "importmap"]);

const SCRIPT_OPEN = Buffer.from("<script");
const STYLE_OPEN = Buffer.from("<style");
const GT = 0x3e;

/** The CSP hash source of an element's text: sha256 over its bytes as the page has them (UTF-8). */
export function hashSource(text: Buffer | string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:="([^"]*)"|\\s|/?$)`, "i").exec(tag);
  if (!match) return null;
  return match[1] ?? "";
}

/**
 * Each element `<name …>text</name>` of the page, with its start tag. A script's or style's text
 * cannot hold its own end tag (React writes no such text; Remix escapes `<` in the data it puts
 * in scripts), so the first end tag after the start tag ends it.
 */
function* elements(html: Buffer, open: Buffer, name: string) {
  const close = Buffer.from(`</${name}`);
  let at = html.indexOf(open);
  while (at !== -1) {
    const next = html[at + open.length];
    // `<scripts…>` or `<styled…>` are other elements.
    if (next === 0x20 || next === GT || next === 0x2f || next === 0x0a || next === 0x09) {
      const tagEnd = html.indexOf(GT, at);
      if (tagEnd === -1) return;
      const end = html.indexOf(close, tagEnd + 1);
      if (end === -1) return;
      yield { tag: html.toString("latin1", at, tagEnd), text: html.subarray(tagEnd + 1, end) };
      at = html.indexOf(open, end + close.length);
    } else {
      at = html.indexOf(open, at + open.length);
    }
  }
}

/**
 * The hashes of a page's inline scripts and styles, for its Content-Security-Policy: every
 * `<script>` without `src` that is not a data block (JSON, structured data), and every `<style>`.
 * Remix's module script is written inert (after-paint.server.ts) and put back live with the same
 * text, which the browser checks then: it counts as a script whatever its type.
 */
export function inlineHashes(html: Buffer): InlineHashes {
  const scripts = new Set<string>();
  for (const { tag, text } of elements(html, SCRIPT_OPEN, "script")) {
    if (attribute(tag, "src") !== null) continue;
    const type = attribute(tag, "type")?.trim().toLowerCase();
    if (type && DATA_TYPES.has(type)) continue;
    scripts.add(hashSource(text));
  }
  const styles = new Set<string>();
  for (const { text } of elements(html, STYLE_OPEN, "style")) styles.add(hashSource(text));
  return { scripts: [...scripts], styles: [...styles] };
}
