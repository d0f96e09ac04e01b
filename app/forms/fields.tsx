import { useEffect, useId } from "react";
import { useTranslation } from "~/i18n/react";
import { useUi } from "~/layout/ui";
import { FORM_FIELD, HONEYPOT_FIELD } from "./constants";

/**
 * The hidden fields every public form carries: which form it is, and the honeypot (the markup of
 * remix-utils' `HoneypotInputs`, with ids of its own, so one page can hold several forms).
 */
export function FormHiddenFields({ form }: { form: string }) {
  const { t } = useTranslation();
  const id = `${useId()}-hp`;
  return (
    <>
      <input type="hidden" name={FORM_FIELD} value={form} />
      <div style={{ display: "none" }} aria-hidden="true">
        <label htmlFor={id}>{t("forms.honeypot")}</label>
        <input
          id={id}
          name={HONEYPOT_FIELD}
          type="text"
          defaultValue=""
          autoComplete="off"
          tabIndex={-1}
        />
      </div>
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
