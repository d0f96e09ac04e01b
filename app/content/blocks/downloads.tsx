import type { DownloadTargetsProps } from "~/downloads/DownloadTargets";
import { lazyBlock } from "./lazy";

/** The downloads hub's target list: its chunk (OS preselect) is fetched only by that page. */
const targets = lazyBlock<DownloadTargetsProps>(
  () => import("~/downloads/DownloadTargets"),
  "download-targets",
);
export const DownloadTargetsBlock = targets.LazyBlock;
export const preloadDownloadTargets = targets.preload;
