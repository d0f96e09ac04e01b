import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import {
  BOT_UA,
  TEST_NOW,
  TEST_SITE_URL,
  loaderArgs,
  returned,
  sessionCookie,
  thrown,
  upstreamUrl,
  setupSandboxUpstream,
  SESSION,
} from "./support/remix";
import { rootLoader } from "./support/routes";

const upstream = setupSandboxUpstream();

function navigationLabels(site: unknown): string[] {
  const navigation = (site as { navigation?: { label: string }[] }).navigation ?? [];
  return navigation.map((item) => item.label);
}

describe("root loader", () => {
  it("carries nothing about third-party scripts or error reporting when none is configured", async () => {
    const { data } = await returned(rootLoader(loaderArgs("/")));
    expect(data).not.toHaveProperty("integrations");
    expect(JSON.stringify(data)).not.toMatch(/integrations|gtm|sentry|consent/i);
  });

  it("takes the language from the URL and loads that language's navigation", async () => {
    const { status, data } = await returned(rootLoader(loaderArgs("/de/features")));
    expect(status).toBe(200);
    expect(data.lang).toBe("de");
    expect(data.messagesHref).toMatch(/^\/locales\/de\?v=\w+/);
    expect(navigationLabels(data.site)).toEqual(navigationLabels(upstream.store.sites.get("de")));
    expect(data.site.navigation[0]?.label).toBe("Funktionen");
    expect(data.site.footer.length).toBeGreaterThan(0);
    expect(upstream.calls("/coms/site/")).toMatchObject([{ method: "GET", query: { lang: "de" } }]);
  });

  it("serves English on an unprefixed path and a Japanese navigation under /jp", async () => {
    const en = await returned(rootLoader(loaderArgs("/pricing")));
    expect(en.data.lang).toBe("en");
    expect(en.data.site.navigation[0]?.label).toBe("Features");
    const jp = await returned(rootLoader(loaderArgs("/jp/pricing")));
    expect(jp.data.lang).toBe("jp");
    expect(navigationLabels(jp.data.site)).toEqual(
      navigationLabels(upstream.store.sites.get("jp")),
    );
  });

  it("treats a first segment that is no language as part of the path (English)", async () => {
    const { data } = await returned(rootLoader(loaderArgs("/xx/features")));
    expect(data.lang).toBe("en");
  });

  it("carries the configured brand, origin and clock", async () => {
    const { data } = await returned(rootLoader(loaderArgs("/")));
    expect(data.brand).toMatchObject({
      name: "KeyNest",
      product: "keynest",
      provider: "orbitshield",
    });
    expect(data.origin).toBe(TEST_SITE_URL);
    // The start of the clock's UTC hour: renders within the hour are the same bytes.
    expect(data.serverDate).toBe(Math.floor(Date.parse(TEST_NOW) / 3_600_000) * 3_600_000);
  });

  it("falls back to an empty navigation when /coms/site/ fails, without throwing", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/coms/site/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const { status, data } = await returned(rootLoader(loaderArgs("/de/features")));
    expect(status).toBe(200);
    expect(data.lang).toBe("de");
    expect(data.site).toEqual({ navigation: [], footer: [] });
    expect(upstream.calls("/coms/site/")).toHaveLength(1);
  });

  it("falls back as well when the upstream cannot be reached", async () => {
    upstream.server.use(http.get(upstreamUrl("/coms/site/"), () => HttpResponse.error()));
    const { data } = await returned(rootLoader(loaderArgs("/")));
    expect(data.site).toEqual({ navigation: [], footer: [] });
  });

  it("answers from the sandbox again once an override is gone (nothing cached in between)", async () => {
    const { data } = await returned(rootLoader(loaderArgs("/de/features")));
    expect(data.site.navigation[0]?.label).toBe("Funktionen");
  });

  it("knows an anonymous visitor as signed out", async () => {
    const { data } = await returned(rootLoader(loaderArgs("/features")));
    expect(data.account).toEqual({ signedIn: false, vaultSession: false, status: null });
    expect(data.dismissed).toEqual([]);
  });

  it("knows a signed-in visitor and their subscription status, in the page's language", async () => {
    const session = await sessionCookie({ authToken: "sandbox-monthly", sessionId: "s-1" });
    const { data, headers } = await returned(
      rootLoader(loaderArgs("/de/features", { cookies: { [SESSION]: session } })),
    );
    expect(data.account).toEqual({
      signedIn: true,
      vaultSession: true,
      status: expect.stringMatching(/^Noch 3 Monate(, \d+ Tage?)?$/),
    });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("signs out a visitor whose session the provider no longer knows (401)", async () => {
    const session = await sessionCookie({ authToken: "unknown-token" });
    const { data, headers } = await returned(
      rootLoader(loaderArgs("/features", { cookies: { [SESSION]: session } })),
    );
    expect(data.account).toEqual({ signedIn: false, vaultSession: false, status: null });
    expect(headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-session=; .*Max-Age=0/),
    ]);
  });

  it("keeps a visitor signed in, without a status, while user info is unavailable", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/auth/user-info/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const session = await sessionCookie({ authToken: "sandbox-monthly" });
    const { data, headers } = await returned(
      rootLoader(loaderArgs("/features", { cookies: { [SESSION]: session } })),
    );
    expect(data.account).toEqual({ signedIn: true, vaultSession: false, status: null });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("lists the notices the visitor closed", async () => {
    const args = loaderArgs("/de/features", { cookies: { dismissed: "rewards.cookie.bogus" } });
    const { data } = await returned(rootLoader(args));
    expect([...data.dismissed].sort()).toEqual(["cookie", "rewards"]);
  });

  it("sends an unprefixed GET to the language of the lang cookie (302, private no-store)", async () => {
    const args = loaderArgs("/features?plan=family", { cookies: { lang: "de" } });
    const { status, location, headers } = await thrown(rootLoader(args));
    expect(status).toBe(302);
    expect(location).toBe("/de/features?plan=family");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(upstream.calls()).toEqual([]);
  });

  it("sends an unprefixed GET to the Accept-Language match when there is no cookie", async () => {
    const args = loaderArgs("/", { headers: { "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5" } });
    const { status, location } = await thrown(rootLoader(args));
    expect(status).toBe(302);
    expect(location).toBe("/fr");
  });

  it.each([
    ["an English cookie", "/features", { cookies: { lang: "en" } }],
    ["a prefixed URL", "/jp/features", { cookies: { lang: "de" } }],
    ["a bot", "/features", { cookies: { lang: "de" }, headers: { "User-Agent": BOT_UA } }],
    ["a POST", "/features", { cookies: { lang: "de" }, method: "POST" }],
  ])("does not redirect for %s", async (_case, path, options) => {
    const { status } = await returned(rootLoader(loaderArgs(path, options)));
    expect(status).toBe(200);
  });
});
