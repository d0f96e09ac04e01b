import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { fieldError, isFormReply } from "./reply";

/**
 * A post no form of the page can have sent (an unknown or misplaced `_form`) is refused with 400
 * and the page itself: this says why, in the page's language, above the page's content.
 */
export function UnknownFormNotice() {
  const reply: unknown = useActionData();
  const { t } = useTranslation();
  if (!isFormReply(reply) || reply.form !== "") return null;
  const error = fieldError(reply, "");
  return error ? (
    <p role="alert" className="form-notice container">
      {t(error)}
    </p>
  ) : null;
}
