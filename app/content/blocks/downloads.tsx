import type { BlockOf } from "../types";
import { lazyBlock } from "./lazy";

/** The downloads hub's target list: its chunk (OS preselect) is fetched only by that page. */
const targets = lazyBlock<BlockOf<"download-targets">>(
  () => import("~/downloads/DownloadTargets"),
  "download-targets",
);
export const DownloadTargetsBlock = targets.LazyBlock;
export const preloadDownloadTargets = targets.preload;
