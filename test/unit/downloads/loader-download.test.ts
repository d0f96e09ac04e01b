import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { loaderArgs, returned, upstreamUrl, setupSandboxUpstream } from "../support/remix";
import { downloadLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

/** A content link to an installer, as `api.$provider.$` receives it. */
function download(product: string, platform: string, provider = "orbitshield") {
  const path = `/api/${provider}/${product}-download/?platform=${encodeURIComponent(platform)}`;
  return downloadLoader(loaderArgs(path, { params: { provider, "*": `${product}-download/` } }));
}

describe("download link loader", () => {
  it.each([
    ["keynest", "windows", "https://download.orbitshield.example/keynest/3.4.1/keynest-Setup.exe"],
    [
      "keynest",
      "android",
      "https://download.orbitshield.example/keynest/3.4.1/keynest-release.apk",
    ],
    ["vpn", "macos", "https://download.orbitshield.example/vpn/3.4.1/vpn-Installer.dmg"],
    ["firewall", "linux", "https://download.orbitshield.example/firewall/3.4.1/firewall-amd64.deb"],
  ])("sends %s for %s to the provider's current installer", async (product, platform, target) => {
    const { status, location, headers } = await returned(download(product, platform));
    expect(status).toBe(302);
    expect(location).toBe(target);
    expect(headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(upstream.calls()).toMatchObject([
      { method: "GET", path: `/orbitshield/${product}-download/`, query: { platform } },
    ]);
  });

  it.each([
    ["another provider", "keynest", "windows", "acme"],
    ["an unknown product", "toaster", "windows", "orbitshield"],
    ["an unknown platform", "keynest", "amiga", "orbitshield"],
    ["no platform", "keynest", "", "orbitshield"],
  ])(
    "answers 404 for %s without asking the upstream",
    async (_case, product, platform, provider) => {
      const { status, headers, body } = await returned(download(product, platform, provider));
      expect(status).toBe(404);
      expect(body).toBe("The request URL was not found on this server");
      expect(headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(upstream.calls()).toEqual([]);
    },
  );

  it("answers 404 for provider paths that are not download links", async () => {
    const args = loaderArgs("/api/orbitshield/geo-ip/", {
      params: { provider: "orbitshield", "*": "geo-ip/" },
    });
    const { status } = await returned(downloadLoader(args));
    expect(status).toBe(404);
    expect(upstream.calls()).toEqual([]);
  });

  it("answers a 503 error page, never stored, when the provider service fails", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/keynest-download/"), () =>
        HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
      ),
    );
    const { status, headers, body } = await returned(download("keynest", "windows"));
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Retry-After")).toBe("30");
    expect(headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(body).toMatch(/^<!doctype html>/i);
    expect(body).toContain('lang="en"');
    expect(upstream.calls("/orbitshield/keynest-download/")).toHaveLength(1);
  });

  it("answers 503 when the provider service cannot be reached", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/vpn-download/"), () => HttpResponse.error()),
    );
    const { status } = await returned(download("vpn", "windows"));
    expect(status).toBe(503);
  });

  it("refuses an installer URL that is not https", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/keynest-download/"), () =>
        HttpResponse.json({ url: "http://download.orbitshield.example/keynest/Setup.exe" }),
      ),
    );
    const { status, location } = await returned(download("keynest", "windows"));
    expect(status).toBe(503);
    expect(location).toBeNull();
  });

  it("refuses an answer without a URL", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/keynest-download/"), () =>
        HttpResponse.json({ version: "3.4.1" }),
      ),
    );
    const { status } = await returned(download("keynest", "macos"));
    expect(status).toBe(503);
  });
});
