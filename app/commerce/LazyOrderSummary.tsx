import type { ComponentProps } from "react";
import { lazyBlock } from "~/blocks/lazy";
import type { OrderSummary as Summary } from "./OrderSummary";

type Props = ComponentProps<typeof Summary>;

/**
 * The order on the payment outcome pages, with its status polling: its chunk is fetched only by
 * those pages (most content pages never show an order). The server loads it before rendering
 * such a page (`preloadOrderSummary`), so the order is always in the HTML.
 */
export const LazyOrderSummary = lazyBlock<Props>(
  () => import("./OrderSummary").then((m) => ({ default: m.OrderSummary })),
  "order-summary order-summary--loading",
);

export async function preloadOrderSummary(): Promise<void> {
  await LazyOrderSummary.preload();
}
