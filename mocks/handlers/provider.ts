import { http, HttpResponse } from "msw";
import type { Brand } from "../content-store";

const FILES: Record<string, string> = {
  windows: "Setup.exe",
  macos: "Installer.dmg",
  linux: "amd64.deb",
  android: "release.apk",
};

/** The provider service's general endpoints (SPEC §7) that the public pages use. */
export function providerHandlers(brand: Brand) {
  const api = `*/api/${brand.provider}`;
  const download = (product: string) =>
    http.get(`${api}/${product}-download/`, ({ request }) => {
      const platform = new URL(request.url).searchParams.get("platform") ?? "";
      const file = FILES[platform];
      if (!file) return HttpResponse.json({ message: "UNKNOWN_PLATFORM" }, { status: 400 });
      return HttpResponse.json({
        url: `https://download.${brand.provider}.example/${product}/3.4.1/${product}-${file}`,
        version: "3.4.1",
      });
    });
  return [
    download(brand.product),
    download("vpn"),
    download("firewall"),
    http.get(`${api}/geo-ip/`, () =>
      HttpResponse.json({ country: "DE", region: "EU", ip: "203.0.113.7" }),
    ),
  ];
}
