/**
 * JSON for the body of a `<script type="application/ld+json">` element. JSON.stringify alone is
 * not enough: a string holding `</script>` or `<!--` would end or change the element, and U+2028
 * and U+2029 break older JavaScript parsers. Those characters only ever occur inside JSON strings,
 * where their `\uXXXX` escapes mean the same, so the result is still the same JSON.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A JSON value as a structured-data item holds it. */
export type JsonLdValue = string | number | boolean | null | JsonLdObject | readonly JsonLdValue[];

/**
 * One schema.org item of a page (an object with `@context` and `@type`), as the loader hands it
 * to the page's meta: plain JSON, so it crosses to the browser and into a
 * `<script type="application/ld+json">` as it is.
 */
export interface JsonLdObject {
  [key: string]: JsonLdValue | undefined;
}
