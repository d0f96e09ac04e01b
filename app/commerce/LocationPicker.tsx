import { Link, useLocation } from "@remix-run/react";
import { useCheckoutReply } from "./checkout-reply";
import { useState, type ChangeEvent } from "react";
import {
  trafficLabel,
  upgradeRefusalKey,
  type AddonKind,
  type LocationOption,
  type TrafficTier,
} from "~/commerce/addons";
import { formatMoney } from "~/commerce/price";
import { localizePath } from "~/i18n/paths";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";
import { FieldError } from "~/forms/fields";
import { fieldError, sentValue } from "~/forms/reply";

/** What the checkout's loader says about an add-on plan (see addons.server.ts). */
export interface AddonView {
  kind: AddonKind;
  /** The field's name: `region` (server) or `ip_region` (static IP). */
  param: string;
  options: LocationOption[];
  tiers: TrafficTier[];
}

interface Props {
  addon: AddonView;
  /** The place the loader chose (asked for, or suggested from the visitor's country). */
  selected: string | null;
  suggested: boolean;
}

const SELECT_ID = "checkout-location";

/**
 * An add-on's place on the checkout: a plain `<select>` posted with the checkout form (so it works
 * without JS), preselected from the URL or the visitor's country; for a personal server, also the
 * traffic tiers of the same period as links to their checkouts, carrying the chosen place. With
 * JS a change is also written into the address (`replaceState`), so a reload keeps it. After a
 * refused post it shows the place that was sent and the server's message.
 */
export function LocationPicker({ addon, selected, suggested }: Props) {
  const { t } = useTranslation();
  const reply = useCheckoutReply();
  const sent = sentValue(reply, addon.param);
  const error = fieldError(reply, addon.param);
  const [value, setValue] = useState(sent ?? selected ?? "");
  const known = addon.options.some((option) => option.id === value);
  const label = addon.kind === "personalServer" ? "serverLabel" : "ipLabel";
  const hintId = `${SELECT_ID}-hint`;
  const errorId = `${SELECT_ID}-error`;

  function change(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    setValue(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set(addon.param, next);
    else url.searchParams.delete(addon.param);
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <div className="checkout__addon">
      {addon.tiers.length > 0 ? (
        <TrafficTiers tiers={addon.tiers} param={addon.param} location={known ? value : ""} />
      ) : null}
      <div className="field checkout__location">
        <label htmlFor={SELECT_ID}>{t(`addons.location.${label}`)}</label>
        <select
          id={SELECT_ID}
          name={addon.param}
          value={known ? value : ""}
          onChange={change}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : "", hintId].filter(Boolean).join(" ")}
        >
          {known ? null : <option value="">{t("addons.location.choose")}</option>}
          {addon.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <p id={hintId} className="checkout__hint">
          {t(
            suggested && value === selected
              ? "addons.location.suggested"
              : `addons.location.${addon.kind}Hint`,
          )}
        </p>
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}

/** The personal server's traffic tiers: links to the checkout of each, the current one marked. */
function TrafficTiers({
  tiers,
  param,
  location,
}: {
  tiers: TrafficTier[];
  param: string;
  location: string;
}) {
  const { t, iso } = useTranslation();
  const { pathname } = useLocation();
  const href = (id: number) => {
    const query = new URLSearchParams({ plan: String(id) });
    if (location) query.set(param, location);
    return `${pathname}?${query.toString()}`;
  };
  return (
    <div className="checkout__tiers" role="group" aria-labelledby="checkout-tiers-title">
      <p id="checkout-tiers-title" className="checkout__tiers-title">
        {t("addons.traffic.title")}
      </p>
      <ul>
        {tiers.map((tier) => {
          const name = trafficLabel(tier.traffic);
          const text = (
            <>
              <span>{t(name.key, name.values)}</span>{" "}
              <span className="checkout__tier-price">{formatMoney(tier.costCents, iso)}</span>
            </>
          );
          return (
            <li key={tier.id} className={tier.current ? "checkout__tier--current" : undefined}>
              {tier.current ? (
                <span aria-current="true">{text}</span>
              ) : (
                <Link to={href(tier.id)}>{text}</Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A signed-in visitor whose account may buy the plan: it is bought as an upgrade. */
export function UpgradeNotice() {
  const { t } = useTranslation();
  return (
    <p className="checkout__upgrade" role="status">
      {t("addons.upgrade.possible")}
    </p>
  );
}

/** A signed-in visitor whose account cannot buy the plan: why, and no pay button. */
export function UpgradeRefused({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  return (
    <section className="checkout container-narrow" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t("addons.upgrade.refusedTitle")}</h1>
      <p className="lead" role="status">
        {t(upgradeRefusalKey(reason))}
      </p>
      <Link to={localizePath("/pricing", lang)} className="btn btn--primary">
        {t("checkout.backToPricing")}
      </Link>
    </section>
  );
}
