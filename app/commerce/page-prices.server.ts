import { log } from "~/observability/log.server";
import { getPriceList } from "~/upstream/sales.server";
import type { PricePlan } from "~/upstream/sales.schemas";
import { collectPurchaseIds } from "./purchase-ids";

/** Price lists handed out before, by content: the same prices give the same object. */
const known = new Map<string, Readonly<Record<number, PricePlan>>>();
const MAX_KNOWN = 200;

/**
 * The same price list as the same object, so the pricing blocks made from it are made once and
 * reused until a price changes (they are kept by the identity of their data).
 */
function stable(plans: PricePlan[]): Readonly<Record<number, PricePlan>> {
  const key = JSON.stringify(plans);
  let prices = known.get(key);
  if (!prices) {
    prices = Object.freeze(Object.fromEntries(plans.map((plan) => [plan.id, plan])));
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(key, prices);
  }
  return prices;
}

/**
 * The prices of every plan a page's pricing blocks name: one `price-list` call per page render
 * (its answer is cached upstream-side), `undefined` for a page without pricing blocks, `null`
 * when the price list cannot be had — the page then shows its plans without prices, never a
 * guessed one.
 */
export async function pagePrices(
  components: unknown,
): Promise<Readonly<Record<number, PricePlan>> | null | undefined> {
  const ids = collectPurchaseIds(components);
  if (ids.length === 0) return undefined;
  try {
    return stable(await getPriceList(ids));
  } catch (error) {
    log.error(`Price list unavailable for plans ${ids.join(",")}`, error);
    return null;
  }
}
