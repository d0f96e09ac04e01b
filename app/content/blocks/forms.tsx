import type { FormBlockProps } from "~/forms/content-form";
import type { PasswordGeneratorProps } from "~/password-generator/PasswordGenerator";
import type { BlockOf } from "../types";
import { lazyBlock } from "./lazy";

/** A form block: its chunk (with conform and zod) is fetched only by pages that show it. */
function lazyForm(load: () => Promise<{ default: (props: FormBlockProps) => React.ReactNode }>) {
  const { LazyBlock, preload } = lazyBlock<FormBlockProps>(
    load,
    "content-form content-form--loading",
  );
  return { FormBlock: LazyBlock, preload };
}

const contact = lazyForm(() =>
  import("~/forms/ContactForm").then((m) => ({ default: m.ContactForm })),
);
const partner = lazyForm(() =>
  import("~/forms/PartnerForm").then((m) => ({ default: m.PartnerForm })),
);

const redeem = lazyForm(() =>
  import("~/commerce/RedeemForm").then((m) => ({ default: m.RedeemForm })),
);

export function ContactFormBlock({ data, first }: BlockOf<"contact-form"> & { first?: boolean }) {
  return <contact.FormBlock title={data.title} text={data.text} first={first} />;
}

export function PartnerFormBlock({ data, first }: BlockOf<"partner-form"> & { first?: boolean }) {
  return <partner.FormBlock title={data.title} text={data.text} first={first} />;
}

export function RedeemFormBlock({ data, first }: BlockOf<"redeem-form"> & { first?: boolean }) {
  return <redeem.FormBlock title={data.title} text={data.text} first={first} />;
}

/** Loads the form components (server side, before rendering a page that holds a form block). */
export async function preloadFormBlocks(): Promise<void> {
  await Promise.all([contact.preload(), partner.preload(), redeem.preload(), generator.preload()]);
}

/** The password generator: its chunk (the generator and its form) loads only on its page. */
const generator = lazyBlock<PasswordGeneratorProps>(
  () => import("~/password-generator/PasswordGenerator"),
  "section password-generator password-generator--loading",
);
export const PasswordGeneratorBlock = generator.LazyBlock;
