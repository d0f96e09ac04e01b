import { useTranslation } from "~/i18n/react";
import { SWITCH_FIELD, type SwitchChoice, type SwitchChoices } from "./plan-switch";

/**
 * Under the order summary, folded under "Change the period or plan" (details/summary: no JS
 * needed; unfolded, ten buttons would push a phone's form a screen down): the plan's other
 * periods and the other plans for this period, each a button that posts the checkout form (`form=`, so the e-mail, the marketing box and the method go
 * along) to switch to it; its checkout opens with them kept. Works the same with and without JS.
 */
export function PlanSwitch({
  choices,
  current,
  formId,
}: {
  choices: SwitchChoices;
  current: number;
  formId: string;
}) {
  const { t } = useTranslation();
  const periods = choices.periods.filter((choice) => choice.id !== current);
  const plans = choices.plans.filter((choice) => choice.id !== current);
  if (periods.length === 0 && plans.length === 0) return null;
  const toggle = periods.length === 0 ? "plan" : plans.length === 0 ? "period" : "both";
  return (
    <details className="checkout__switch">
      <summary className="checkout__switch-toggle">{t(`checkout.switchToggle.${toggle}`)}</summary>
      {periods.length > 0 ? (
        <SwitchList
          title={t("checkout.periods.title")}
          choices={periods}
          formId={formId}
          name="period"
        />
      ) : null}
      {plans.length > 0 ? (
        <SwitchList
          title={t("checkout.plans.title")}
          choices={plans}
          formId={formId}
          name="variant"
        />
      ) : null}
    </details>
  );
}

function SwitchList({
  title,
  choices,
  formId,
  name,
}: {
  title: string;
  choices: readonly SwitchChoice[];
  formId: string;
  /** What the list offers: other periods of the plan, or other plans for its period. */
  name: "period" | "variant";
}) {
  const { t } = useTranslation();
  return (
    <div className="checkout__choices" data-switch={name}>
      <h3 className="checkout__choices-title">{title}</h3>
      <ul>
        {choices.map(({ id, label, billed }) => (
          <li key={id}>
            <button
              type="submit"
              form={formId}
              name={SWITCH_FIELD}
              value={id}
              className="checkout__choice"
            >
              <span className="checkout__choice-name">{t(label.key, label.values)}</span>
              <span className="checkout__choice-price">{t(billed.key, billed.values)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
