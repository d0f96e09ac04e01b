import { AFTER_PAINT_ATTRIBUTE, INERT_MEDIA, INERT_SCRIPT_TYPE } from "./after-paint";

/**
 * The server's half of hydrating after the first paint (see ./after-paint.ts): Remix's hydration
 * links and module script, written inert.
 */
const REWRITES: [Buffer, Buffer][] = [
  [
    Buffer.from('<link rel="modulepreload" '),
    Buffer.from(`<link rel="modulepreload" media="${INERT_MEDIA}" ${AFTER_PAINT_ATTRIBUTE}="" `),
  ],
  // Remix's module script: `<script nonce="…" type="module" async="">`. React escapes quotes and
  // `<` in text and attributes, so these bytes only ever occur as that tag's own attributes.
  [
    Buffer.from(' type="module" async="">'),
    Buffer.from(` type="${INERT_SCRIPT_TYPE}" ${AFTER_PAINT_ATTRIBUTE}="">`),
  ],
];

function replaceAll(html: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = html.indexOf(from);
  if (at === -1) return html;
  const parts: Buffer[] = [];
  let start = 0;
  while (at !== -1) {
    parts.push(html.subarray(start, at), to);
    start = at + from.length;
    at = html.indexOf(from, start);
  }
  parts.push(html.subarray(start));
  return Buffer.concat(parts);
}

/** Writes Remix's hydration links and module script inert (complete tags only; see below). */
export function markForAfterPaint(html: Buffer): Buffer {
  let out = html;
  for (const [from, to] of REWRITES) out = replaceAll(out, from, to);
  return out;
}
