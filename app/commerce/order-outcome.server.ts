import { isOwnOrderLink } from "~/commerce/order-link.server";
import { checkCode, TRIES_SPENT } from "~/forms/limits/guesses.server";
import { summaryOfPrice, type PurchaseSummary } from "~/commerce/purchase-summary";
import { log } from "~/observability/log.server";
import { UpstreamError } from "~/upstream/errors";
import { PURCHASE_HASH_PATTERN } from "~/upstream/outcome.schemas";
import { getPurchaseDetailByHash } from "~/upstream/outcome.server";
import { getTransactionId } from "~/upstream/purchase.server";
import { getSuccessInfo } from "~/upstream/purchase.server";
import { checkPaymentStatus } from "~/upstream/sales.server";
import { ORDER_PATTERN, type OrderStatus } from "~/upstream/sales.schemas";

/** The payment outcome pages, where a `?order=` is shown (paths without a language prefix). */
const ORDER_OUTCOME_PAGES = ["/payment-success", "/payment-error"];

/** What the outcome pages show of an order (the e-mail is masked by the service). */
export interface OrderOutcome {
  order: string;
  status: OrderStatus;
  plan: string;
  /** What was bought (product, plan, period, billing), when the plan rules know the plan. */
  summary: PurchaseSummary | null;
  /** The plan's purchase id: "try again" returns to its checkout. */
  planId: number;
  /** What the plan costs per period, in cents (a trial renews at it). */
  planCost: number;
  total: number;
  currency: string;
  email: string;
  /** Where a personal server or static IP is placed (its name). */
  location?: string;
  /** The payment's id at the provider (paid orders, when the service gives one). */
  transactionId?: string;
  /** A free trial's last day, YYYY-MM-DD (nothing was charged). */
  trialEndsAt?: string;
}

/** How the URL names the order: `?order=` (back from the provider) or `?hash=` (e-mailed link). */
export function orderLookup(url: URL): { by: "order" | "hash"; value: string } | null {
  const hash = url.searchParams.get("hash");
  if (hash !== null) return { by: "hash", value: hash };
  const order = url.searchParams.get("order");
  return order !== null ? { by: "order", value: order } : null;
}

/** Whether the page at `path` (unprefixed) is a payment outcome page: its message is the order's. */
export function isOutcomePage(path: string): boolean {
  return ORDER_OUTCOME_PAGES.includes(path);
}

/** Whether the page at `path` (unprefixed) shows the order its URL names: the page is private. */
export function showsOrder(path: string, url: URL): boolean {
  return isOutcomePage(path) && orderLookup(url) !== null;
}

/**
 * A pending order asked about again (`sales/check-payment-status/`): the buyer may have come
 * back before the provider confirmed. A paid answer brings the transaction id (success-info or
 * `purchase/transaction-id/`). Best effort: a failing check leaves the order as it was.
 */
async function settled(outcome: OrderOutcome): Promise<OrderOutcome> {
  let current = outcome;
  if (current.status === "pending") {
    try {
      const { status } = await checkPaymentStatus(current.order);
      current = { ...current, status };
    } catch (error) {
      log.warn(`Order ${current.order}: payment status not checked`, error);
    }
  }
  if (current.status === "paid" && !current.transactionId && !current.trialEndsAt) {
    try {
      const { transactionId } = await getTransactionId(current.order);
      current = { ...current, transactionId };
    } catch (error) {
      log.warn(`Order ${current.order}: no transaction id`, error);
    }
  }
  return current;
}

async function byOrder(order: string): Promise<OrderOutcome | null> {
  if (!ORDER_PATTERN.test(order)) return null;
  let info;
  try {
    info = await getSuccessInfo(order);
  } catch (error) {
    // The service does not know the order: a wrong guess, as an unknown hash is.
    if (error instanceof UpstreamError && error.statusCode === 404) return null;
    throw error;
  }
  return {
    order: info.order,
    status: info.status,
    plan: info.plan.description,
    summary: summaryOfPrice(info.plan),
    planId: info.plan.id,
    planCost: info.plan.cost,
    total: info.total,
    currency: info.currency,
    email: info.email,
    ...(info.transactionId ? { transactionId: info.transactionId } : {}),
    ...(info.trialEndsAt ? { trialEndsAt: info.trialEndsAt } : {}),
    ...(info.locationName || info.location ? { location: info.locationName ?? info.location } : {}),
  };
}

async function byHash(hash: string): Promise<OrderOutcome | null> {
  if (!PURCHASE_HASH_PATTERN.test(hash)) return null;
  const detail = await getPurchaseDetailByHash(hash);
  if (!detail) return null;
  return {
    order: detail.order,
    status: detail.status,
    plan: detail.plan.description,
    summary: summaryOfPrice(detail.plan),
    planId: detail.plan.id,
    planCost: detail.plan.cost,
    total: detail.total,
    currency: detail.currency,
    email: detail.email,
    ...(detail.transactionId ? { transactionId: detail.transactionId } : {}),
    ...(detail.trialEndsAt ? { trialEndsAt: detail.trialEndsAt } : {}),
  };
}

/**
 * The order the URL names — `?hash=` through `purchase-detail-by-hash/`, else `?order=` through
 * `purchase/success-info/` — with a pending one checked again; null when the id or hash is
 * malformed, the service does not know it or cannot be reached (the page then says the order
 * was not found). Order ids and hashes are looked up under the guess limits (decision 022): an
 * address past its wrong lookups is told of no order at all — unless the link is the buyer's own
 * (signed, order-link.server.ts), which is never limited.
 */
export async function loadOrderOutcome(url: URL, clientIp?: string): Promise<OrderOutcome | null> {
  const lookup = orderLookup(url);
  if (!lookup) return null;
  // A malformed id or hash is asked nowhere: no guess to count.
  const shaped = lookup.by === "hash" ? PURCHASE_HASH_PATTERN : ORDER_PATTERN;
  if (!shaped.test(lookup.value)) return null;
  const find = () => (lookup.by === "hash" ? byHash(lookup.value) : byOrder(lookup.value));
  try {
    // The buyer's own link (order-link.server.ts) is no guess: never limited, never counted.
    const own = lookup.by === "order" && isOwnOrderLink(url, lookup.value);
    const found = own ? await find() : await checkCode("order", clientIp, find, (o) => o === null);
    if (found === TRIES_SPENT) {
      log.warn(`Order (${lookup.by}) not looked up: this address's wrong lookups are used up`);
      return null;
    }
    return found ? await settled(found) : null;
  } catch (error) {
    log.warn(`Order (${lookup.by}) could not be shown`, error);
    return null;
  }
}
