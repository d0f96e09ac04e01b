import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import {
  paymentMethodDetail,
  paymentMethodLabel,
  paymentMethodMark,
  type PaymentMethodId,
} from "~/commerce/payment-methods";
import { FieldError } from "~/forms/fields";

interface Props {
  /** The methods offered, in order: the page's own, then any wallet the card step found. */
  methods: readonly PaymentMethodId[];
  /** The checkout form's `method` field. */
  field: FieldMetadata<string>;
  /** A trial pays nothing now: the group is hidden and not posted. */
  hidden: boolean;
}

/**
 * The checkout's payment methods as one radio group of tiles, each with the method's mark, name
 * and a line on how it is paid; the method's error (from the server's answer, or conform's check
 * with JS) under the group.
 */
export function PaymentMethodTiles({ methods, field, hidden }: Props) {
  const { t } = useTranslation();
  const error = field.errors?.[0] ?? null;
  // One radio group: its shared props are read from the form state once, not once per method
  // (each read of a field's metadata builds it anew), and each radio adds its value.
  const { key, ...radioProps } = getInputProps(field, { type: "radio", value: false });
  const initial = field.initialValue;
  return (
    <fieldset
      hidden={hidden}
      disabled={hidden}
      className="checkout__methods"
      aria-describedby={error ? field.errorId : undefined}
    >
      <legend>{t("checkout.method")}</legend>
      <div className="checkout__method-grid">
        {methods.map((method) => {
          const id = `${radioProps.id}-${method}`;
          return (
            <div key={method} className="checkout__method">
              <input
                key={key}
                {...radioProps}
                id={id}
                value={method}
                defaultChecked={method === initial}
              />
              <label htmlFor={id}>
                <svg
                  className="checkout__mark"
                  width="40"
                  height="26"
                  aria-hidden="true"
                  focusable="false"
                >
                  <use href={paymentMethodMark(method)} />
                </svg>
                <span className="checkout__method-name">{t(paymentMethodLabel(method))}</span>
                <span className="checkout__method-detail">{t(paymentMethodDetail(method))}</span>
              </label>
            </div>
          );
        })}
      </div>
      <FieldError id={field.errorId} error={error} />
    </fieldset>
  );
}
