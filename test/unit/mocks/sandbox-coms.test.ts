import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupServer } from "msw/node";
import { createSandbox } from "../../../mocks/handlers";
import { SANDBOX_API_URL, getConfig } from "~/config/config.server";
import { FOOTER_GROUPS, DOWNLOAD_GROUPS } from "~/upstream/coms.schemas";
import { getChildrenByUrlPage, getPage, getSite, searchPages } from "~/upstream/coms.server";

// The process-wide client reads its base URL from the environment: use the sandbox.
vi.stubEnv("API_URL", undefined);

const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

describe("coms.server against the sandbox upstream", () => {
  it("talks to the sandbox base URL when API_URL is unset", () => {
    expect(getConfig()).toMatchObject({ sandbox: true, apiUrl: SANDBOX_API_URL });
  });

  it("loads an English page with its components and translations", async () => {
    const loaded = await getPage("en", "/features");
    expect(loaded).toMatchObject({ contentLang: "en", fallback: false });
    expect(loaded?.page.components.length).toBeGreaterThan(0);
    expect(loaded?.page.hreflangLocales).toEqual(expect.arrayContaining(["en", "de"]));
  });

  it.each([
    ["de", "/features"],
    ["jp", "/features"],
    ["de", "/"],
  ] as const)("loads the translated %s page %s without falling back", async (lang, path) => {
    const loaded = await getPage(lang, path);
    expect(loaded).toMatchObject({ contentLang: lang, fallback: false });
    expect(loaded?.page.components.length).toBeGreaterThan(0);
  });

  it("shows a different text in German than in English", async () => {
    const [de, en] = await Promise.all([getPage("de", "/features"), getPage("en", "/features")]);
    expect(JSON.stringify(de?.page.components)).not.toBe(JSON.stringify(en?.page.components));
  });

  it("retries without the language prefix when the page has no components (SPEC §4)", async () => {
    const loaded = await getPage("de", "/blog/passkeys-explained");
    expect(loaded).toMatchObject({ contentLang: "en", fallback: true });
    expect(loaded?.page.components.length).toBeGreaterThan(0);
    expect(loaded?.page.hreflangLocales).toEqual(["en"]);
  });

  it.each([
    ["en", "/no-such-page"],
    ["de", "/no-such-page"],
    ["en", "/blog/no-such-post"],
  ] as const)("answers null for the unknown %s page %s", async (lang, path) => {
    await expect(getPage(lang, path)).resolves.toBeNull();
  });

  it("loads the German site chrome with German labels and all link groups", async () => {
    const [de, en] = await Promise.all([getSite("de"), getSite("en")]);
    const labels = de.navigation.map((item) => item.label);
    expect(labels).toContain("Funktionen");
    expect(labels).not.toEqual(en.navigation.map((item) => item.label));
    expect(de.footer.map((group) => group.key)).toEqual([...FOOTER_GROUPS]);
    expect(de.downloads?.groups.map((group) => group.key)).toEqual([...DOWNLOAD_GROUPS]);
    expect(FOOTER_GROUPS).toEqual(["about", "downloads", "products", "help"]);
    expect(DOWNLOAD_GROUPS).toEqual(["desktop", "mobile", "extensions", "web"]);
  });

  it("fills brand placeholders in site data", async () => {
    const site = await getSite("de");
    expect(JSON.stringify(site)).not.toMatch(/\{(brand|product|providerName|provider)\}/);
  });

  it("pages the blog newest first", async () => {
    const first = await getChildrenByUrlPage("en", "/blog", 1, 9);
    expect(first.items).toHaveLength(9);
    expect(first.page).toBe(1);
    expect(first.pages).toBeGreaterThanOrEqual(2);
    expect(first.total).toBeGreaterThanOrEqual(12);
    const dates = first.items.map((item) => item.date ?? "");
    expect(dates.every(Boolean)).toBe(true);
    expect(dates).toEqual([...dates].sort().reverse());

    const second = await getChildrenByUrlPage("en", "/blog", 2, 9);
    expect(second.items).toHaveLength(first.total - 9);
    expect(second.items[0]?.date ?? "").toBeTruthy();
    expect((second.items[0]?.date ?? "") <= (dates[8] ?? "")).toBe(true);
    const urls = [...first.items, ...second.items].map((item) => item.url);
    expect(new Set(urls).size).toBe(first.total);
    expect(urls.every((url) => url.startsWith("/blog/"))).toBe(true);
  });

  it.each([
    ["en", "autofill", "/help/manuals/how-to-use-autofill"],
    ["en", "import browsers", "/help/manuals/how-to-import-from-browsers"],
  ] as const)("finds %s results for %j including %s", async (lang, query, url) => {
    const found = await searchPages(lang, query);
    expect(found.results.map((r) => r.url)).toContain(url);
    expect(found.total).toBeGreaterThanOrEqual(found.results.length);
  });

  it("finds nothing for a one-letter query", async () => {
    await expect(searchPages("en", "a")).resolves.toEqual({ results: [], total: 0 });
  });
});
