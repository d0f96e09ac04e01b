import { getConfig } from "~/config/config.server";
import { upstream } from "./client.server";
import { geoLocationsSchema, serverLocationsSchema } from "./sales.schemas";

/** The VPN service's location lists (SPEC §7, `/{provider}/vpn/...`), the same for everyone. */
function vpnPath(path: string): string {
  return `/${getConfig().brand.provider}/vpn/${path}`;
}

/** `GET vpn/servers-locations-list/`: where a personal server or static IP can be placed. */
export function getServerLocations() {
  return upstream().request({
    path: vpnPath("servers-locations-list/"),
    schema: serverLocationsSchema,
    cache: true,
  });
}

/** `GET vpn/geo-locations-list/`: the countries the service knows, with their regions. */
export function getGeoLocations() {
  return upstream().request({
    path: vpnPath("geo-locations-list/"),
    schema: geoLocationsSchema,
    cache: true,
  });
}
