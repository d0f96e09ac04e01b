import { log } from "~/log.server";
import { getSuccessInfo } from "~/upstream/purchase.server";
import { ORDER_PATTERN, type OrderStatus } from "~/upstream/sales.schemas";

/** The payment outcome pages, where a `?order=` is shown (paths without a language prefix). */
export const ORDER_OUTCOME_PAGES = ["/payment-success", "/payment-error"];

/** What the outcome pages show of an order (the e-mail is masked by the service). */
export interface OrderOutcome {
  order: string;
  status: OrderStatus;
  plan: string;
  total: number;
  currency: string;
  email: string;
  /** Where a personal server or static IP is placed (its name). */
  location?: string;
}

/** Whether the page at `path` (unprefixed) shows the order its URL names: the page is private. */
export function showsOrder(path: string, url: URL): boolean {
  return ORDER_OUTCOME_PAGES.includes(path) && url.searchParams.has("order");
}

/**
 * The order `?order=` names, from `purchase/success-info/`; null when the id is malformed, the
 * service does not know it or cannot be reached (the page then says the order was not found).
 */
export async function loadOrderOutcome(url: URL): Promise<OrderOutcome | null> {
  const order = url.searchParams.get("order") ?? "";
  if (!ORDER_PATTERN.test(order)) return null;
  try {
    const info = await getSuccessInfo(order);
    return {
      order: info.order,
      status: info.status,
      plan: info.plan.description,
      total: info.total,
      currency: info.currency,
      email: info.email,
      ...(info.locationName || info.location
        ? { location: info.locationName ?? info.location }
        : {}),
    };
  } catch (error) {
    log.warn(`Order ${order} could not be shown`, error);
    return null;
  }
}
