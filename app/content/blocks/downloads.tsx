import type { DownloadTargetsProps } from "~/downloads/DownloadTargets";
import type { BlockOf } from "../types";
import { lazyBlock } from "./lazy";

/** The downloads hub's target list: its chunk (OS preselect) is fetched only by that page. */
const targets = lazyBlock<DownloadTargetsProps>(
  () => import("~/downloads/DownloadTargets"),
  "download-targets",
);
export const DownloadTargetsBlock = targets.LazyBlock;
export const preloadDownloadTargets = targets.preload;

/** A platform page's release facts and notes: fetched only by the platform pages. */
const release = lazyBlock<BlockOf<"release-notes">>(
  () => import("~/downloads/ReleaseNotes"),
  "release-notes",
);
export const ReleaseNotesBlock = release.LazyBlock;
export const preloadReleaseNotes = release.preload;

/** The blog's index: its chunk (the posts' cards and the pager) is fetched only there. */
const blogList = lazyBlock<BlockOf<"blog-list">>(() => import("./BlogList"), "blog-list");
export const BlogListBlock = blogList.LazyBlock;
export const preloadBlogList = blogList.preload;
