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
