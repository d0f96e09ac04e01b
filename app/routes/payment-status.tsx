import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadOrderOutcome, orderLookup } from "~/commerce/order-outcome.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";

/**
 * `GET /payment-status?order=…` (or `?hash=…`): an order as the outcome pages show it, checked
 * again when pending. The outcome page's script asks this while an order is pending, so the page
 * turns to paid or failed without a reload. One buyer's order: private, never stored.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const headers = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" };
  if (!orderLookup(url)) return Response.json({ order: null }, { status: 400, headers });
  // Under the same guess limits as the outcome pages: no order oracle by polling either.
  const order = await loadOrderOutcome(url, context.clientIp);
  return Response.json({ order }, { status: order ? 200 : 404, headers });
}
