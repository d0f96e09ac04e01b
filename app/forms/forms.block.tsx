/** The visitor forms content pages hold (their fields are the site's own). */
import { serverOnly$ } from "vite-env-only/macros";
import { blockServer, defineBlock, type BlockProps } from "~/blocks/define";
import { formBlock } from "~/blocks/fields";
import { lazyBlockOf } from "~/blocks/lazy";
import type { FormBlockProps } from "./content-form";

type FormBlockData = Omit<FormBlockProps, "first">;

/** A form's props of its block's: a heading and an intro above the form. */
const formProps = ({ data, first }: BlockProps<FormBlockData>): FormBlockProps => ({
  ...data,
  first,
});

/** The contact form: its chunk (with conform and zod) is fetched only by pages that show it. */
export const contactFormBlock = defineBlock({
  name: "contact-form",
  Component: lazyBlockOf<BlockProps<FormBlockData>, FormBlockProps>(
    () => import("./ContactForm").then((m) => ({ default: m.ContactForm })),
    "content-form content-form--loading",
    formProps,
  ),
  server: serverOnly$(blockServer(formBlock)),
});

export const partnerFormBlock = defineBlock({
  name: "partner-form",
  Component: lazyBlockOf<BlockProps<FormBlockData>, FormBlockProps>(
    () => import("./PartnerForm").then((m) => ({ default: m.PartnerForm })),
    "content-form content-form--loading",
    formProps,
  ),
  server: serverOnly$(blockServer(formBlock)),
});
