import { isIPv6 } from "node:net";
import { Address6 } from "ip-address";

/** The deprecated IPv4-compatible range (`::a.b.c.d`), read as the IPv4 address it embeds. */
const IPV4_COMPATIBLE = new Address6("::/96");

/**
 * The address a limit counts on: IPv6 by its /56 (one home or office: providers hand out a /56
 * or a /48, so a visitor cannot walk around a limit by changing the low bits), an IPv4 address —
 * also one written as IPv6 (`::ffff:192.0.2.1`) — as it is, no address at all as `unknown`.
 */
export function addressKey(clientIp: string | undefined): string {
  if (!clientIp) return "unknown";
  if (!isIPv6(clientIp)) return clientIp;
  const address = new Address6(clientIp);
  if (address.isMapped4() || (address.is4() && address.isInSubnet(IPV4_COMPATIBLE))) {
    return address.to4().correctForm();
  }
  return new Address6(`${clientIp}/56`).networkForm();
}
