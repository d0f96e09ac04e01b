import { lazy, Suspense, type ComponentType } from "react";
import type { FormBlockProps } from "~/forms/content-form";
import type { BlockOf } from "../types";

type FormModule = { default: ComponentType<FormBlockProps> };

/**
 * A form loaded on demand: its chunk (with conform and zod) is fetched only by pages that show it.
 * The server loads it before rendering such a page (`preloadFormBlocks`) and then renders it at
 * once, so no visitor — without JS either — ever gets a fallback streamed in its place. In the
 * browser it hydrates when its chunk arrives; until then the server's markup stays as it is.
 */
function lazyForm(load: () => Promise<FormModule>) {
  let loaded: FormModule | undefined;
  let loading: Promise<FormModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Lazy = lazy(preload);
  function FormBlock(props: FormBlockProps) {
    // The same boundary on both sides, so the browser may hydrate the server's markup later. The
    // browser always renders the lazy one (once loaded it renders at once): swapping types would
    // remount the form and lose what the visitor typed.
    const Form = import.meta.env.SSR ? (loaded?.default ?? Lazy) : Lazy;
    return (
      <Suspense fallback={<div className="content-form content-form--loading" />}>
        <Form {...props} />
      </Suspense>
    );
  }
  return { FormBlock, preload };
}

const contact = lazyForm(() =>
  import("~/forms/ContactForm").then((m) => ({ default: m.ContactForm })),
);
const partner = lazyForm(() =>
  import("~/forms/PartnerForm").then((m) => ({ default: m.PartnerForm })),
);

export function ContactFormBlock({ data, first }: BlockOf<"contact-form"> & { first?: boolean }) {
  return <contact.FormBlock title={data.title} text={data.text} first={first} />;
}

export function PartnerFormBlock({ data, first }: BlockOf<"partner-form"> & { first?: boolean }) {
  return <partner.FormBlock title={data.title} text={data.text} first={first} />;
}

/** Loads the form components (server side, before rendering a page that holds a form block). */
export async function preloadFormBlocks(): Promise<void> {
  await Promise.all([contact.preload(), partner.preload()]);
}
