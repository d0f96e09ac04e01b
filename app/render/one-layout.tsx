/**
 * The first frame waits for the whole body (decision 021).
 *
 * A page arrives in one piece (decision 007), but Chromium's parser still stops every few
 * milliseconds and lets the page be laid out: the home page was laid out three times before its
 * first paint (the first half, then all of it again with the rest, then the footer's end), each
 * pass a long task on a slow phone. `<link rel="expect" blocking="render">` (HTML Standard, link
 * type "expect"; Chromium 124+, Safari 18.2+) holds rendering until the element it names has been
 * parsed: the marker after everything the page shows. The page is then laid out once, with all
 * of it. Only the body waits, never the scripts and streamed data after the marker, and a browser
 * without the feature renders as before. If the marker never comes, rendering starts when parsing
 * ends.
 */

/** The id of the element that ends the page's visible content. */
export const PAGE_END_ID = "page-end";

/** In `<head>`: render nothing until the end-of-page marker has been parsed. */
export function RenderWithWholeBody() {
  return <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />;
}

/** After the page's visible content, before the scripts: where rendering may begin. */
export function PageEnd() {
  return <div id={PAGE_END_ID} hidden />;
}
