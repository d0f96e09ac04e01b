import { requestOem, sendContactMessage } from "~/upstream/forms.server";
import { CONTACT_FORM, PARTNER_FORM } from "./form-ids";
import type { FormHandler } from "./pipeline.server";
import { contactSchema, partnerSchema } from "./schemas";

/** The contact form block: a message to the team, with the page it was sent from. */
export const contactForm: FormHandler<typeof contactSchema> = {
  id: CONTACT_FORM,
  schema: contactSchema,
  spamOutcome: () => "ok",
  async submit(value, { lang, path }) {
    await sendContactMessage({ ...value, page: path, lang });
    return "ok";
  },
};

/** The partner (OEM) form block: a company's request to resell or bundle the product. */
export const partnerForm: FormHandler<typeof partnerSchema> = {
  id: PARTNER_FORM,
  schema: partnerSchema,
  spamOutcome: () => "ok",
  async submit(value, { lang }) {
    await requestOem({ ...value, lang });
    return "ok";
  },
};
