import type { RefObject } from "react";
import { useTranslation } from "~/i18n/react";
import type { Billing } from "./use-card-provider";

/** One of the step's own text fields (name, billing address): controlled, labelled. */
function TextInput(props: {
  id: string;
  label: string;
  name: string;
  autoComplete: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="text"
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The card payment's fields (SPEC §3): the name on the card, the provider's card Element (mounted
 * into `mountRef`, labelled as one group) and the billing address.
 */
export function CardFields({
  id,
  mountRef,
  billing,
  onChange,
}: {
  /** The step's id prefix (useId). */
  id: string;
  mountRef: RefObject<HTMLDivElement>;
  billing: Billing;
  onChange(field: keyof Billing, value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="card-step__fields">
      <TextInput
        id={`${id}-name`}
        label={t("cardStep.name")}
        name="cardName"
        autoComplete="cc-name"
        maxLength={100}
        value={billing.name}
        onChange={(value) => onChange("name", value)}
      />
      <div className="field">
        <span id={`${id}-card`} className="field__label">
          {t("cardStep.card")}
        </span>
        <div
          id="card-element"
          ref={mountRef}
          className="card-step__element"
          role="group"
          aria-labelledby={`${id}-card`}
        />
      </div>
      <fieldset className="card-step__address">
        <legend>{t("cardStep.address")}</legend>
        <TextInput
          id={`${id}-line1`}
          label={t("cardStep.address")}
          name="billingAddress"
          autoComplete="billing street-address"
          maxLength={200}
          value={billing.address}
          onChange={(value) => onChange("address", value)}
        />
        <TextInput
          id={`${id}-city`}
          label={t("cardStep.city")}
          name="billingCity"
          autoComplete="billing address-level2"
          maxLength={100}
          value={billing.city}
          onChange={(value) => onChange("city", value)}
        />
        <TextInput
          id={`${id}-postal`}
          label={t("cardStep.postal")}
          name="billingPostalCode"
          autoComplete="billing postal-code"
          maxLength={20}
          value={billing.postal}
          onChange={(value) => onChange("postal", value)}
        />
      </fieldset>
    </div>
  );
}
