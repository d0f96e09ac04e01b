import { z } from "zod";
import { getConfig } from "~/config/config.server";
import { upstream } from "./client.server";
import { geoIpSchema, type GeoIp } from "./sales.schemas";
import { invalidInput } from "./errors";

/**
 * The provider's answer for an installer: its address and, where it says them, its version, its
 * release date (ISO), its size in bytes and its SHA-256 checksum (64 hex digits; anything else
 * is dropped, never shown).
 */
const downloadSchema = z.object({
  url: z.string().url(),
  version: z.string().max(40).optional(),
  released: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .optional()
    .catch(undefined),
  size: z.number().int().positive().optional().catch(undefined),
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((v) => v.toLowerCase())
    .optional()
    .catch(undefined),
});

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

/** A visitor's address as the site passes it on: IPv4 or IPv6 characters, at most 45. */
const IP = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * `GET /{provider}/geo-ip/`: the country and region of an address. The site asks for the
 * visitor's address (`ip`), since the upstream sees only the server's; without one, the upstream
 * locates the caller. Never cached: one entry per visitor address would crowd out the pages.
 */
export async function getGeoIp(ip?: string | null): Promise<GeoIp> {
  const path = `/${getConfig().brand.provider}/geo-ip/`;
  if (ip != null && !IP.test(ip)) throw invalidInput(path, "ip");
  return upstream().request({ path, query: { ip }, schema: geoIpSchema });
}
