/**
 * The downloads blocks: the hub's target list and a platform page's release notes. Their data is
 * completed by the downloads rules the content page applies (page.server.ts, withDownloads).
 */
import { z } from "zod";
import { serverOnly$ } from "vite-env-only/macros";
import { ICON_NAMES } from "~/blocks/constants";
import { blockServer, defineBlock, type BlockNode, type BlockProps } from "~/blocks/define";
import { html } from "~/blocks/fields";
import { lazyBlock } from "~/blocks/lazy";
import { DOWNLOAD_TARGETS } from "./platforms";

/**
 * Every download target, grouped (the downloads hub): filled from the site's downloads groups
 * when empty; with JS the visitor's own platform is marked (`mine` is that mark's text).
 */
const downloadTargetsSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  mine: z.string().optional(),
  groups: z
    .array(
      z.object({
        title: z.string(),
        items: z.array(
          z.object({
            label: z.string(),
            to: z.string(),
            icon: z.enum(ICON_NAMES).optional(),
            target: z.enum(DOWNLOAD_TARGETS),
            /** What the app is there, in a line (the site's words when the content has none). */
            summary: z.string().optional(),
            /**
             * How to get it, worked out by the site: its store listing, the provider's current
             * installer (`detail`: file type and version) or, for the web app, the web vault.
             */
            actions: z
              .array(
                z.object({
                  kind: z.enum(["store", "installer", "web"]),
                  href: z.string(),
                  detail: z.string().optional(),
                }),
              )
              .optional(),
          }),
        ),
      }),
    )
    .default([]),
});

/**
 * A platform page's release facts and notes: the content gives the requirements (`text`) and
 * the notes of recent versions; the site adds the current installer's facts (version, date,
 * size, SHA-256 checksum) from the provider's download answer, where it has them.
 */
const releaseNotesSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  platform: z.enum(DOWNLOAD_TARGETS),
  text: html,
  notes: z.array(z.object({ version: z.string(), date: z.string().optional(), html })).default([]),
  installer: z
    .object({
      version: z.string().optional(),
      released: z.string().optional(),
      size: z.number().int().positive().optional(),
      sha256: z.string().optional(),
      type: z.string().optional(),
    })
    .optional(),
});

export type DownloadTargetsData = z.output<typeof downloadTargetsSchema>;
export type ReleaseNotesData = z.output<typeof releaseNotesSchema>;

/** The downloads blocks as a page holds them (the downloads rules read and make them). */
export interface TargetsBlock {
  name: "download-targets";
  data: DownloadTargetsData;
  children: BlockNode[];
}
export interface ReleaseBlock {
  name: "release-notes";
  data: ReleaseNotesData;
  children: BlockNode[];
}

/** The downloads hub's target list: its chunk (OS preselect) is fetched only by that page. */
export const downloadTargetsBlock = defineBlock({
  name: "download-targets",
  Component: lazyBlock<BlockProps<DownloadTargetsData>>(
    () => import("./DownloadTargets"),
    "download-targets",
  ),
  server: serverOnly$(blockServer(downloadTargetsSchema)),
});

/** A platform page's release facts and notes: fetched only by the platform pages. */
export const releaseNotesBlock = defineBlock({
  name: "release-notes",
  Component: lazyBlock<BlockProps<ReleaseNotesData>>(
    () => import("./ReleaseNotes"),
    "release-notes",
  ),
  server: serverOnly$(blockServer(releaseNotesSchema)),
});
