import { useTranslation } from "~/i18n/react";
import { ContentFormFrame, TextField, useContentForm, type FormBlockProps } from "./content-form";
import { contactSchema } from "./schemas";

/** The contact form block: name, e-mail, an optional subject and the message. */
export function ContactForm(props: FormBlockProps) {
  const { t } = useTranslation();
  const state = useContentForm("contact", contactSchema);
  const { fields } = state;
  return (
    <ContentFormFrame formId="contact" state={state} {...props}>
      <div className="content-form__row">
        <TextField field={fields.name} label={t("contactForm.name")} autoComplete="name" />
        <TextField
          field={fields.email}
          label={t("contactForm.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
      </div>
      <TextField
        field={fields.subject}
        label={t("contactForm.subject")}
        optionalLabel={t("contactForm.optional")}
      />
      <TextField field={fields.message} label={t("contactForm.message")} multiline />
    </ContentFormFrame>
  );
}
