/** Most plans one page may price in one `price-list` call. */
export const MAX_PURCHASE_IDS = 50;
/** How deep into a page's component tree ids are looked for (content nests a few levels). */
const MAX_DEPTH = 12;

function asPurchaseId(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The purchase ids a page's named pricing blocks carry (`purchaseId`, or `purchaseID` as some
 * content has it, and `trialId`, a plan's free-trial variant), anywhere in the component tree: sorted, without duplicates, at most 50, so a
 * page makes one `price-list` call whatever its blocks repeat. Values that are not positive whole
 * numbers are ignored.
 */
export function collectPurchaseIds(components: unknown): number[] {
  const ids = new Set<number>();
  const visit = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || ids.size >= MAX_PURCHASE_IDS || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    if (typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "purchaseId" || key === "purchaseID" || key === "trialId") {
        const id = asPurchaseId(value);
        if (id !== null && ids.size < MAX_PURCHASE_IDS) ids.add(id);
      } else if (typeof value === "object") {
        visit(value, depth + 1);
      }
    }
  };
  visit(components, 0);
  return [...ids].sort((a, b) => a - b);
}
