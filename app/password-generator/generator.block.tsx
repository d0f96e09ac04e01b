import { z } from "zod";
import { serverOnly$ } from "vite-env-only/macros";
import { blockServer, defineBlock, type BlockProps } from "~/blocks/define";
import { formBlock } from "~/blocks/fields";
import { lazyBlock } from "~/blocks/lazy";
import { generateForRequest } from "./password.server";
import type { PasswordGeneratorProps } from "./PasswordGenerator";

/**
 * The password generator, drawn as its page's hero: a heading, a subtitle beside the tool and a
 * note below it (its options and labels are the site's own). Its chunk loads only on its page.
 */
export const passwordGeneratorBlock = defineBlock({
  name: "password-generator",
  Component: lazyBlock<BlockProps<PasswordGeneratorProps["data"]>>(
    () => import("./PasswordGenerator"),
    "section password-generator password-generator--loading",
  ),
  server: serverOnly$(
    blockServer(formBlock.extend({ subtitle: z.string().optional() }), {
      // The password the page's form asked for without JS (a GET): made per request, never kept.
      resolve(data, ctx): PasswordGeneratorProps["data"] {
        const generated = ctx.url ? generateForRequest(ctx.url) : null;
        return generated ? { ...data, generated } : data;
      },
    }),
  ),
});
