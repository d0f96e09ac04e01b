import { subscribe } from "~/upstream/forms.server";
import type { FormHandler } from "./pipeline.server";
import { newsletterSchema } from "./schemas";

/** The footer's newsletter form (SPEC §2, §5): subscribes the address, captcha with JS. */
export const newsletterForm: FormHandler<typeof newsletterSchema> = {
  id: "newsletter",
  schema: newsletterSchema,
  captcha: true,
  spamOutcome: () => "ok",
  async submit(value, { lang }) {
    await subscribe(value.email, lang);
    return "ok";
  },
};
