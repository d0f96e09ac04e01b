import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/config/config.server";
import { ORDER_KEY_PARAM } from "~/commerce/order-polling";
import { splitLangPath } from "~/i18n/paths";
import { ORDER_PATTERN } from "~/upstream/sales.schemas";

/**
 * The buyer's own links to their order: the pages the site sends a buyer to after a purchase (the
 * wallet page, the outcome pages) carry `key`, the server's signature of the order id. A link
 * with the right key is the buyer's, not a guess: its order is shown without counting against
 * the guess limits (decision 022), so strangers guessing order ids — from this address or from
 * many — can never hide a buyer's own order from them. A link without a key (an e-mailed id, a
 * provider's return) is looked up under those limits as before.
 */

/** base64url of the first 16 bytes of an HMAC-SHA256. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

let derived: { secret: string; key: Buffer } | null = null;

/** A key of its own for order links, derived from the session secret (never the secret itself). */
function linkKey(): Buffer {
  const secret = getConfig().sessionSecret;
  if (derived?.secret !== secret) {
    derived = { secret, key: createHmac("sha256", secret).update("order link").digest() };
  }
  return derived.key;
}

/** The signature of `order`'s links. */
export function orderKey(order: string): string {
  return createHmac("sha256", linkKey())
    .update(order)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** Whether `url` names `order` with its right key: the buyer's own link. */
export function isOwnOrderLink(url: URL, order: string): boolean {
  const key = url.searchParams.get(ORDER_KEY_PARAM);
  if (key === null || !KEY_PATTERN.test(key)) return false;
  return timingSafeEqual(Buffer.from(key), Buffer.from(orderKey(order)));
}

/** `path?order=…&key=…`: a page about `order` as the buyer's own link. */
export function ownOrderHref(path: string, order: string): string {
  return `${path}?order=${encodeURIComponent(order)}&${ORDER_KEY_PARAM}=${orderKey(order)}`;
}

/** The wallet page's path, without a language prefix. */
const WALLET_PAGE = "/amazon/payment";

/**
 * A payment page the checkout sends a buyer to, with the buyer's key when it is the site's own
 * wallet page (`/amazon/payment?order=…`, any language): the service names that page, the site
 * signs it. Any other target (a provider's hosted page) is returned as it is.
 */
export function withOwnOrderKey(target: string): string {
  if (!target.startsWith("/")) return target;
  const url = new URL(target, "http://site.invalid");
  const order = url.searchParams.get("order");
  if (splitLangPath(url.pathname).path !== WALLET_PAGE || order === null) return target;
  if (!ORDER_PATTERN.test(order)) return target;
  url.searchParams.set(ORDER_KEY_PARAM, orderKey(order));
  return url.pathname + url.search + url.hash;
}
