import { expect, test } from "./fixtures";

test("sitemap.xml is well-formed XML in the sitemap namespace", async ({ page, request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  await page.goto("/robots.txt");
  const result = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
    return {
      error: doc.getElementsByTagName("parsererror").length,
      root: doc.documentElement.namespaceURI,
      urls: doc.getElementsByTagNameNS(ns, "url").length,
      links: doc.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link").length,
    };
  }, xml);
  expect(result.error).toBe(0);
  expect(result.root).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(result.urls).toBeGreaterThan(20);
  expect(result.links).toBeGreaterThan(result.urls);
});
