import { useTranslation } from "~/i18n/react";
import { ContentFormFrame, TextField, useContentForm, type FormBlockProps } from "./content-form";
import { partnerSchema } from "./schemas";

/** The partner (OEM) form block: the company, a contact person, its website and the plans. */
export function PartnerForm(props: FormBlockProps) {
  const { t } = useTranslation();
  const state = useContentForm("partner", partnerSchema);
  const { fields } = state;
  return (
    <ContentFormFrame formId="partner" state={state} {...props}>
      <div className="content-form__row">
        <TextField
          field={fields.company}
          label={t("partnerForm.company")}
          autoComplete="organization"
        />
        <TextField
          field={fields.website}
          label={t("partnerForm.website")}
          optionalLabel={t("partnerForm.optional")}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
        />
      </div>
      <div className="content-form__row">
        <TextField field={fields.name} label={t("partnerForm.name")} autoComplete="name" />
        <TextField
          field={fields.email}
          label={t("partnerForm.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
      </div>
      <TextField field={fields.message} label={t("partnerForm.message")} multiline />
    </ContentFormFrame>
  );
}
