import { formatMoney } from "~/commerce/price";
import { useTranslation } from "~/i18n/react";
import { billingText } from "./billing";
import { PERIOD_FIELD, type PeriodChoice } from "./period-switch";

/**
 * The plan's other periods, under the order summary: each a button that posts the checkout form
 * (`form=`, so the e-mail, the marketing box and the method go along) to switch to that period;
 * the checkout of the new period opens with them kept. Works the same with and without JS.
 */
export function PeriodSwitch({
  choices,
  current,
  formId,
}: {
  choices: readonly PeriodChoice[];
  current: number;
  formId: string;
}) {
  const { t, iso } = useTranslation();
  const others = choices.filter((choice) => choice.id !== current);
  if (others.length === 0) return null;
  return (
    <div className="checkout__periods">
      <h3 className="checkout__periods-title">{t("checkout.periods.title")}</h3>
      <ul>
        {others.map((choice) => {
          const billed = billingText(choice.summary, formatMoney(choice.summary.costCents, iso));
          return (
            <li key={choice.id}>
              <button
                type="submit"
                form={formId}
                name={PERIOD_FIELD}
                value={choice.id}
                formNoValidate
                className="checkout__period"
              >
                <span className="checkout__period-name">
                  {t(choice.summary.period.key, choice.summary.period.values)}
                </span>
                <span className="checkout__period-price">{t(billed.key, billed.values)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
