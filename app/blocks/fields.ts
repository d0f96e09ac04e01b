/** Schema pieces the blocks' schemas share (server side: only `serverOnly$` code imports this). */
import { z } from "zod";
import { BUTTON_TYPES, ICON_NAMES, PLATFORM_TYPES } from "./constants";

export { imageSchema } from "~/upstream/coms.schemas";

/** A yes/no the content service may send as a boolean or as text. */
export const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
  .transform((v) => v === true || v === "true" || v === "1");

/** A button descriptor exactly as the content service sends it (SPEC §2). */
export const buttonSchema = z.object({
  "btn-text": z.string().default(""),
  "btn-link": z.string().default(""),
  "btn-type": z
    .enum([...BUTTON_TYPES, ...PLATFORM_TYPES])
    .catch("primary")
    .default("primary"),
  isblank: flag.optional(),
  subtitle: z.string().optional(),
  "extension-icon": z.string().optional(),
});
export type ButtonDescriptor = z.infer<typeof buttonSchema>;

export const buttons = z.array(buttonSchema).default([]);
/** Rich text (sanitized when the page is prepared). */
export const html = z.string().default("");

/** A form block's own text: all optional, the form falls back to its UI strings. */
export const formBlock = z.object({ title: z.string().optional(), text: html.optional() });

export const iconSchema = z.enum(ICON_NAMES).optional().catch(undefined);
