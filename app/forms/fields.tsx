import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { useUi } from "~/layout/ui";
import { FORM_FIELD } from "./fields-names";

/** The hidden fields every public form carries: which form it is, and the honeypot. */
export function FormHiddenFields({ form }: { form: string }) {
  const { t } = useTranslation();
  return (
    <>
      <input type="hidden" name={FORM_FIELD} value={form} />
      <HoneypotInputs label={t("forms.honeypot")} />
    </>
  );
}

/** A field's error (a UI-string key), announced and tied to its input by `id`. */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {t(error)}
    </p>
  );
}

/** Shows the site's loading overlay while a form is being sent with JS. */
export function useLoadingOverlay(busy: boolean) {
  const { setLoading } = useUi();
  useEffect(() => {
    if (!busy) return;
    setLoading(true);
    return () => setLoading(false);
  }, [busy, setLoading]);
}
