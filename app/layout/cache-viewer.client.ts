/**
 * In a search engine's cached copy the app must not take over: the page stays the server's HTML,
 * and site links and forms are pointed at the real site (its canonical origin).
 */
export function pointLinksAtRealSite(doc: Document = document): void {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (!canonical) return;
  const origin = new URL(canonical).origin;
  doc.querySelectorAll<HTMLAnchorElement>('a[href^="/"]:not([href^="//"])').forEach((a) => {
    a.href = origin + a.getAttribute("href");
  });
  doc.querySelectorAll<HTMLFormElement>("form[action]").forEach((form) => {
    const action = form.getAttribute("action") ?? "";
    if (action.startsWith("/") && !action.startsWith("//")) form.action = origin + action;
  });
}
