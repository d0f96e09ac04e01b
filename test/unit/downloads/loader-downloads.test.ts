import { describe, expect, it } from "vitest";
import { headTitle, hreflangCodes } from "../support/head";
import { http, HttpResponse } from "msw";
import { loaderArgs, returned, thrown, upstreamUrl, setupSandboxUpstream } from "../support/remix";
import { contentPageLoader, rootLoader } from "../support/routes";
import type { Block } from "~/page/Blocks";
import type { ButtonDescriptor } from "~/blocks/fields";
import { withDownloads } from "~/downloads/page.server";
import { isButton } from "~/downloads/buttons";

const upstream = setupSandboxUpstream();

const PUBLIC_HTML =
  "public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400";
const EXE = "https://download.orbitshield.example/keynest/3.4.1/keynest-Setup.exe";
const DMG = "https://download.orbitshield.example/keynest/3.4.1/keynest-Installer.dmg";
const MS_STORE = "https://apps.microsoft.example/detail/keynest";
const MAC_STORE = "https://apps.apple.example/app/keynest-for-mac";

function paramsFor(path: string) {
  const [, first = "", rest = ""] = /^\/([^/]*)\/?(.*)$/.exec(path) ?? [];
  return /^(jp|ru|tr|fr|de|ua|es|zh)$/.test(first)
    ? { lang: first, "*": rest }
    : { "*": path.slice(1) };
}

function load(url: string) {
  const path = url.split("?")[0]!;
  return returned(contentPageLoader(loaderArgs(url, { params: paramsFor(path) })));
}

/** Every button of a block tree, in page order. */
function buttonsOf(value: unknown, into: ButtonDescriptor[] = []): ButtonDescriptor[] {
  if (isButton(value)) into.push(value);
  else if (Array.isArray(value)) for (const item of value) buttonsOf(item, into);
  else if (value && typeof value === "object") {
    for (const item of Object.values(value)) buttonsOf(item, into);
  }
  return into;
}

function badges(blocks: Block[], type: string) {
  return buttonsOf(blocks).filter((b) => b["btn-type"] === type);
}

function hrefs(blocks: Block[]) {
  return buttonsOf(blocks).map((b) => b["btn-link"]);
}

describe("downloads pages", () => {
  it.each([
    ["/downloads/windows", "windows", MS_STORE, EXE],
    ["/downloads/macos", "macos", MAC_STORE, DMG],
    ["/de/downloads/windows", "windows", MS_STORE, EXE],
  ])(
    "%s: the badge leads to the store, the installer is its own button",
    async (url, type, store, file) => {
      const { status, data, headers } = await load(url);
      expect(status).toBe(200);
      expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
      expect(badges(data.blocks, type).map((b) => b["btn-link"])).toEqual([store]);
      const installer = buttonsOf(data.blocks).find((b) => b["btn-link"] === file);
      expect(installer).toMatchObject({
        "btn-type": "secondary-outlined",
        "extension-icon": "download",
      });
      expect(installer?.subtitle).toContain("3.4.1");
      // No badge anywhere on the page leads to an installer.
      for (const badge of buttonsOf(data.blocks)) {
        if (badge["btn-type"] === type)
          expect(badge["btn-link"]).not.toMatch(/\.(exe|dmg)$|-download\//);
      }
      expect(upstream.calls(`/orbitshield/keynest-download/`)).toHaveLength(1);
    },
  );

  it("labels the installer in the page's language", async () => {
    const { data } = await load("/de/downloads/windows");
    const installer = buttonsOf(data.blocks).find((b) => b["btn-link"] === EXE);
    expect(installer?.["btn-text"]).toBe("Direkter Download für Windows");
    expect(installer?.subtitle).toMatch(/^\.exe · Version 3\.4\.1/);
  });

  it.each(["?platform=store", "?download=appstore", "?platform=store&utm_source=x"])(
    "a store visit (%s) offers the store badges and no direct installer",
    async (query) => {
      const { status, data, headers } = await load(`/downloads/windows${query}`);
      expect(status).toBe(200);
      expect(headers.get("Cache-Control")).toBe(PUBLIC_HTML);
      expect(hrefs(data.blocks)).toContain(MS_STORE);
      expect(hrefs(data.blocks).filter((href) => /\.(exe|dmg)$|-download\//.test(href))).toEqual(
        [],
      );
    },
  );

  it.each(["?platform=STORE", "?platform=stores", "?download=<script>", "?platform=windows"])(
    "an unknown value (%s) is no store visit",
    async (query) => {
      const { data } = await load(`/downloads/windows${query}`);
      expect(hrefs(data.blocks)).toContain(EXE);
      expect(JSON.stringify(data)).not.toContain("<script>");
    },
  );

  it.each([
    ["a server error", () => HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 })],
    ["a network error", () => HttpResponse.error()],
    ["an answer that is no URL", () => HttpResponse.json({ url: "not a url" })],
    ["a non-https installer", () => HttpResponse.json({ url: "http://d.example/a.exe" })],
  ])(
    "keeps the page and its store links when the download call fails (%s)",
    async (_case, answer) => {
      upstream.server.use(http.get(upstreamUrl("/orbitshield/keynest-download/"), answer));
      const { status, data } = await load("/downloads/windows");
      expect(status).toBe(200);
      expect(badges(data.blocks, "windows").map((b) => b["btn-link"])).toEqual([MS_STORE]);
      expect(hrefs(data.blocks).filter((href) => /\.exe$|-download\//.test(href))).toEqual([]);
    },
  );

  it("the sandbox's failing download page stays up with its store badge", async () => {
    const { status, data } = await load("/sandbox/download-fault");
    expect(status).toBe(200);
    expect(hrefs(data.blocks)).toEqual([
      "https://apps.microsoft.example/detail/orbitshield-dns-firewall",
    ]);
    expect(upstream.calls("/orbitshield/firewall-download/")).toMatchObject([
      { query: { platform: "windows" } },
    ]);
  });

  it("keeps the content's store links when the site data cannot be loaded", async () => {
    upstream.server.use(http.get(upstreamUrl("/coms/site/"), () => HttpResponse.error()));
    const { status, data } = await load("/downloads/ios");
    expect(status).toBe(200);
    expect(badges(data.blocks, "ios").map((b) => b["btn-link"])).toEqual([
      "https://orbitshield.example/store/keynest/ios",
    ]);
  });

  it("sends the extension buttons to their add-on stores", async () => {
    const { data } = await load("/downloads/firefox");
    expect(hrefs(data.blocks)).toContain("https://addons.mozilla.example/firefox/addon/keynest");
  });

  it("the hub lists every target from the site's download groups, after the hero", async () => {
    const { status, data } = await load("/downloads");
    expect(status).toBe(200);
    expect(data.blocks[0]?.name).toBe("hero");
    const targets = data.blocks[1];
    expect(targets?.name).toBe("download-targets");
    if (targets?.name !== "download-targets") return;
    expect(targets.data.groups.flatMap((g) => g.items.map((i) => i.target)).sort()).toEqual([
      "android",
      "app",
      "chrome",
      "edge",
      "firefox",
      "ios",
      "macos",
      "safari",
      "windows",
    ]);
    expect(targets.data.mine).toBe("Your device");
    expect(data.feedback).toBeNull();
  });

  it.each(["/downloads", "/de/downloads"])(
    "%s without a content page is the hub of every target (the page flag off)",
    async (url) => {
      upstream.server.use(
        http.get(upstreamUrl("/coms/pages/page/"), () =>
          HttpResponse.json({ components: [], hreflangLocales: [], settings: {} }, { status: 404 }),
        ),
      );
      const { status, data } = await load(url);
      expect(status).toBe(200);
      expect(data.blocks.map((b) => b.name)).toEqual(["download-targets"]);
      expect(data.fallback).toBe(false);
      expect(headTitle(data.head)).toBe(
        url.startsWith("/de") ? "KeyNest herunterladen" : "Download KeyNest",
      );
      expect(hreflangCodes(data.head)).toContain("de");
    },
  );

  it("another missing downloads page is still a 404", async () => {
    const { status } = await thrown(
      contentPageLoader(loaderArgs("/downloads/amiga", { params: paramsFor("/downloads/amiga") })),
    );
    expect(status).toBe(404);
  });

  it("the German hub's list is in German", async () => {
    const { data } = await load("/de/downloads");
    const targets = data.blocks.find((b) => b.name === "download-targets");
    expect(targets?.data).toMatchObject({ title: "Alle Plattformen", mine: "Ihr Gerät" });
  });

  it("gives each of the hub's targets its line and its ways to get it", async () => {
    const { data } = await load("/downloads");
    const targets = data.blocks.find((b) => b.name === "download-targets");
    if (targets?.name !== "download-targets") throw new Error("no target list");
    const items = Object.fromEntries(
      targets.data.groups.flatMap((g) => g.items).map((item) => [item.target, item]),
    );
    expect(items.windows?.summary).toMatch(/Windows 10 and 11/);
    expect(items.windows?.actions).toEqual([
      { kind: "store", href: MS_STORE },
      { kind: "installer", href: EXE, detail: ".exe · version 3.4.1" },
    ]);
    expect(items.macos?.actions?.map((a) => a.kind)).toEqual(["store", "installer"]);
    expect(items.android?.actions?.[1]).toMatchObject({
      kind: "installer",
      detail: ".apk · version 3.4.1",
    });
    for (const target of ["ios", "chrome", "firefox", "edge", "safari"]) {
      expect(
        items[target]?.actions?.map((a) => a.kind),
        target,
      ).toEqual(["store"]);
    }
    expect(items.app?.actions).toEqual([{ kind: "web", href: "https://vault.keynest.example" }]);
  });

  it("offers no installer on the hub on a store visit", async () => {
    const store = await load("/downloads?platform=store");
    const block = store.data.blocks.find((b) => b.name === "download-targets");
    if (block?.name !== "download-targets") throw new Error("no target list");
    const kinds = block.data.groups.flatMap((g) => g.items.flatMap((i) => i.actions ?? []));
    expect(kinds.some((a) => a.kind === "installer")).toBe(false);
  });

  it("states the installer's version, date, size and checksum beside the content's notes", async () => {
    const { data } = await load("/downloads/windows");
    const release = data.blocks.find((b) => b.name === "release-notes");
    if (release?.name !== "release-notes") throw new Error("no release notes");
    expect(release.data.installer).toEqual({
      version: "3.4.1",
      released: "2026-11-18",
      size: 84_213_504,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      type: ".exe",
    });
    expect(release.data.text).toContain("Windows 10 or 11");
    expect(release.data.notes.map((n) => n.version)).toEqual(["3.4.1", "3.4.0"]);
    // A store-only platform has the content's notes alone.
    const ios = (await load("/downloads/ios")).data.blocks.find((b) => b.name === "release-notes");
    expect(ios?.name === "release-notes" && ios.data.installer).toBeFalsy();
  });

  it("drops a checksum, size or date from the provider that is none", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/keynest-download/"), () =>
        HttpResponse.json({
          url: EXE,
          version: "3.4.1",
          sha256: "<script>",
          size: -1,
          released: "yesterday",
        }),
      ),
    );
    const { status, data } = await load("/downloads/windows");
    expect(status).toBe(200);
    const release = data.blocks.find((b) => b.name === "release-notes");
    if (release?.name !== "release-notes") throw new Error("no release notes");
    expect(release.data.installer).toEqual({ version: "3.4.1", type: ".exe" });
  });

  it("the target pages ask whether the download worked", async () => {
    const { data } = await load("/downloads/android");
    expect(data.feedback).toEqual({ kind: "download" });
  });

  it("gives the same blocks for the same inputs (made once)", async () => {
    const first = await load("/downloads/windows");
    const again = await load("/downloads/windows");
    expect(again.data.blocks).toBe(first.data.blocks);
    const store = await load("/downloads/windows?platform=store");
    expect(store.data.blocks).not.toBe(first.data.blocks);
  });

  it("keeps the store listings out of the browser's data", async () => {
    const { data } = await returned(rootLoader(loaderArgs("/downloads/windows")));
    expect(data.site).not.toHaveProperty("stores");
    expect(data.site.downloads).toBeDefined();
  });
});

describe("withDownloads", () => {
  const sister: Block[] = [
    {
      name: "button-group",
      data: {
        align: "left",
        buttons: [
          {
            "btn-text": "VPN for macOS",
            "btn-link": "/api/orbitshield/vpn-download/?platform=macos",
            "btn-type": "primary",
          },
          {
            "btn-text": "Firewall for Linux",
            "btn-link": "/api/orbitshield/firewall-download/?platform=linux",
            "btn-type": "primary",
          },
          {
            "btn-text": "Unknown product",
            "btn-link": "/api/orbitshield/toaster-download/?platform=linux",
            "btn-type": "primary",
          },
        ],
      },
      children: [],
    },
  ];

  it("resolves the sister products' download links (VPN, firewall) from their endpoints", async () => {
    const out = await withDownloads(sister, {
      lang: "en",
      path: "/features",
      search: new URLSearchParams(),
    });
    expect(hrefs(out)).toEqual([
      "https://download.orbitshield.example/vpn/3.4.1/vpn-Installer.dmg",
      "https://download.orbitshield.example/firewall/3.4.1/firewall-amd64.deb",
      "/api/orbitshield/toaster-download/?platform=linux",
    ]);
    expect(
      upstream
        .calls()
        .map((c) => c.path)
        .sort(),
    ).toEqual(
      expect.arrayContaining(["/orbitshield/firewall-download/", "/orbitshield/vpn-download/"]),
    );
    expect(upstream.calls("/orbitshield/toaster-download/")).toEqual([]);
  });

  it("fills a content page's own target list from the site data, keeping its texts", async () => {
    const own: Block[] = [
      { name: "rich-text", data: { html: "<p>x</p>" }, children: [] },
      { name: "download-targets", data: { title: "Pick yours", groups: [] }, children: [] },
    ];
    const out = await withDownloads(own, {
      lang: "de",
      path: "/features",
      search: new URLSearchParams(),
    });
    expect(out.map((b) => b.name)).toEqual(["rich-text", "download-targets"]);
    const list = out[1];
    if (list?.name !== "download-targets") throw new Error("no list");
    expect(list.data).toMatchObject({ title: "Pick yours", mine: "Ihr Gerät" });
    expect(list.data.groups.flatMap((g) => g.items)).toHaveLength(9);
  });

  it("asks nothing for a page without store or download buttons", async () => {
    const plain: Block[] = [{ name: "rich-text", data: { html: "<p>x</p>" }, children: [] }];
    const out = await withDownloads(plain, {
      lang: "en",
      path: "/features",
      search: new URLSearchParams(),
    });
    expect(out).toBe(plain);
    expect(upstream.calls()).toEqual([]);
  });
});
