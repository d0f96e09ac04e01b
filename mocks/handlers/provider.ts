import { createHash } from "node:crypto";
import { http, HttpResponse } from "msw";
import type { Brand } from "../content-store";
import { FAULT_DOWNLOAD } from "../faults";
import type { Recorder } from "../recorder";
import { LOCATIONS } from "../sales/catalogue";

const FILES: Record<string, string> = {
  windows: "Setup.exe",
  macos: "Installer.dmg",
  linux: "amd64.deb",
  android: "release.apk",
};

/** The installers' sizes in bytes, as the download answer states them. */
const SIZES: Record<string, number> = {
  windows: 84_213_504,
  macos: 96_731_136,
  linux: 71_303_168,
  android: 38_797_312,
};

/** The current version and its release date. */
const VERSION = "3.4.1";
const RELEASED = "2026-11-18";

/**
 * Where the sandbox's geo-ip places an address: two documentation ranges (RFC 5737) in two
 * known countries, so tests can pick a visitor's country by its address; anything else is in
 * Germany, as before.
 */
export const SANDBOX_GEO_IP: readonly { prefix: string; country: string }[] = [
  { prefix: "192.0.2.", country: "US" },
  { prefix: "198.51.100.", country: "NL" },
];
const DEFAULT_COUNTRY = "DE";

function geoIpOf(ip: string | null) {
  const country =
    SANDBOX_GEO_IP.find((range) => ip?.startsWith(range.prefix))?.country ?? DEFAULT_COUNTRY;
  const region = LOCATIONS.geo.find((place) => place.code === country)?.region ?? "EU";
  return { country, region, ip: ip ?? "203.0.113.7" };
}

/** The provider service's general endpoints (SPEC §7): downloads, geo-ip, its cache clear. */
export function providerHandlers(brand: Brand, recorder: Recorder) {
  const api = `*/api/${brand.provider}`;
  const download = (product: string) =>
    http.get(`${api}/${product}-download/`, ({ request }) => {
      const platform = new URL(request.url).searchParams.get("platform") ?? "";
      if (product === FAULT_DOWNLOAD.product && platform === FAULT_DOWNLOAD.platform) {
        return HttpResponse.json({ message: "SERVICE_UNAVAILABLE" }, { status: 503 });
      }
      const file = FILES[platform];
      if (!file) return HttpResponse.json({ message: "UNKNOWN_PLATFORM" }, { status: 400 });
      const url = `https://download.${brand.provider}.example/${product}/${VERSION}/${product}-${file}`;
      return HttpResponse.json({
        url,
        version: VERSION,
        released: RELEASED,
        size: SIZES[platform],
        // A stand-in checksum, the same for the same file on every run.
        sha256: createHash("sha256").update(url).digest("hex"),
      });
    });
  return [
    download(brand.product),
    download("vpn"),
    download("firewall"),
    http.get(`${api}/geo-ip/`, ({ request }) => {
      const ip = new URL(request.url).searchParams.get("ip");
      if (ip !== null && !/^[0-9A-Fa-f:.]{2,45}$/.test(ip)) {
        return HttpResponse.json({ message: "INVALID_IP" }, { status: 400 });
      }
      return HttpResponse.json(geoIpOf(ip));
    }),
    http.get(`${api}/clear-cache/`, () => {
      recorder.record("provider.clear-cache", {});
      return HttpResponse.json({ ok: true });
    }),
  ];
}
