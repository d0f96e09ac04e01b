/**
 * How an outcome page with a pending order asks again with JS: after 2 s, then twice as long
 * each time, the waits capped so that all of them add up to at most `totalMs` (about a minute).
 * Then it stops and offers "Check again".
 */
export function pollDelays(firstMs = 2000, totalMs = 60_000): number[] {
  const delays: number[] = [];
  let next = firstMs;
  let spent = 0;
  while (next > 0 && spent + next <= totalMs) {
    delays.push(next);
    spent += next;
    next *= 2;
  }
  const rest = totalMs - spent;
  if (delays.length > 0 && rest >= firstMs) delays.push(rest);
  return delays;
}

/** The query parameter of the buyer's own order links (app/commerce/order-link.server.ts). */
export const ORDER_KEY_PARAM = "key";

/**
 * Where the page asks: the outcome's own order (with its link's key, if any) or hash — never
 * anything else of its URL.
 */
export function statusUrl(search: string): string | null {
  const params = new URLSearchParams(search);
  const hash = params.get("hash");
  const order = params.get("order");
  const key = params.get(ORDER_KEY_PARAM);
  const query =
    hash !== null
      ? new URLSearchParams({ hash })
      : order !== null
        ? new URLSearchParams(key !== null ? { order, [ORDER_KEY_PARAM]: key } : { order })
        : null;
  return query ? `/payment-status?${query.toString()}` : null;
}
