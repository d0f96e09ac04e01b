import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BONUS_FORM, type AppliedBonus } from "./bonus";
import { FieldError, FormHiddenFields } from "~/forms/fields";
import { usePageAction } from "~/forms/page-form";

/**
 * The bonus code box, folded under "Have a bonus code?" (details/summary: no JS needed): its own
 * small form (`_form=bonus`) posted as a document to the checkout's
 * action, which checks the code and re-renders the page with the discount or the message. Once a
 * code holds, the box says so and offers to remove it (the plain checkout again).
 */
export function BonusBox({
  planId,
  bonus,
  error,
  typed,
}: {
  planId: number;
  bonus: AppliedBonus | null;
  error: string | null;
  typed: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const action = usePageAction(BONUS_FORM);
  if (bonus) {
    return (
      <div id={BONUS_FORM} className="checkout__bonus checkout__bonus--applied">
        <p role="status">{t("checkout.bonusApplied", { code: bonus.code })}</p>
        <Link to={`${pathname}?plan=${planId}`} reloadDocument className="checkout__bonus-remove">
          {t("checkout.bonusRemove")}
        </Link>
      </div>
    );
  }
  // Folded until wanted: open when the buyer has a code in play (typed, or from a link).
  return (
    <details className="checkout__bonus" open={error || typed ? true : undefined}>
      <summary className="checkout__bonus-toggle">{t("checkout.bonusToggle")}</summary>
      <Form id={BONUS_FORM} method="post" action={action} reloadDocument noValidate>
        <FormHiddenFields form={BONUS_FORM} />
        <input type="hidden" name="plan" value={planId} />
        <label htmlFor="bonus-code">{t("checkout.bonusCode")}</label>
        <div className="checkout__bonus-row">
          <input
            id="bonus-code"
            name="code"
            type="text"
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bonus-code-error" : undefined}
          />
          <button type="submit" className="btn btn--secondary">
            {t("checkout.bonusApply")}
          </button>
        </div>
        <FieldError id="bonus-code-error" error={error} />
      </Form>
    </details>
  );
}
