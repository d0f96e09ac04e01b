import { useEffect, useId } from "react";
import { useTranslation } from "~/i18n/react";
import { useUi } from "~/layout/ui";
import { FORM_FIELD, HONEYPOT_FIELD } from "./names";

/**
 * The honeypot field the server's check (honeypot.server.ts) looks for: out of sight and out of
 * the tab order for people, there for naive bots. Its own markup rather than remix-utils'
 * `HoneypotInputs`, whose markup is not valid HTML (`autocomplete="nope"`) and repeats one `id`
 * when a page has several forms.
 */
function HoneypotField() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="hp-field" aria-hidden="true">
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
  );
}

/** The hidden fields every public form carries: which form it is, and the honeypot. */
export function FormHiddenFields({ form }: { form: string }) {
  return (
    <>
      <input type="hidden" name={FORM_FIELD} value={form} />
      <HoneypotField />
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
