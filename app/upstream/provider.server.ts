import { z } from "zod";
import { getConfig } from "~/config.server";
import { upstream } from "./client.server";

const downloadSchema = z.object({ url: z.string().url(), version: z.string().optional() });

export const DOWNLOAD_PLATFORMS = ["windows", "macos", "linux", "android"] as const;
export type DownloadPlatform = (typeof DOWNLOAD_PLATFORMS)[number];

/** The download products of SPEC §7: this password manager, the VPN and the DNS firewall. */
export function downloadProducts(): string[] {
  return [getConfig().brand.product, "vpn", "firewall"];
}

/** Where the current installer of `product` for `platform` is (`/{provider}/{product}-download/`). */
export function getDownload(product: string, platform: DownloadPlatform) {
  return upstream().request({
    path: `/${getConfig().brand.provider}/${product}-download/`,
    query: { platform },
    schema: downloadSchema,
    cache: true,
  });
}
