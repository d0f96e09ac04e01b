import { TIER_BENEFITS, tierName } from "../plans";
import type { PlanCardView } from "../pricing-view";
import { useTranslation } from "~/i18n/react";
import { ButtonRow } from "~/blocks/Button";
import type { BlockProps } from "~/blocks/define";
import type { PlanTiersData, PricingPlansData } from "./pricing.block";
import { PlanCard, PlanTable, useText } from "./plan-cards";

type PricingData = PricingPlansData;

function PlanList({
  cards,
  label,
  showDuration,
}: {
  cards: PlanCardView[];
  label: string;
  showDuration: boolean;
}) {
  return (
    <ul className="pricing-plans__list" aria-label={label}>
      {cards.map((card, index) => (
        <PlanCard key={index} card={card} showDuration={showDuration} />
      ))}
    </ul>
  );
}

/**
 * The period switch: a radio button per period and a row of cards per period, the checked
 * radio showing its row (CSS `:checked`, so it works without JS). Each radio is labelled by its
 * tab; the rows that are not shown are out of the accessibility tree (display: none).
 */
function PlanSwitch({ data, label }: { data: PricingData; label: string }) {
  const base = `${data.id ?? "plans"}-period`;
  const periods = data.periods;
  const first = Math.max(
    0,
    periods.findIndex((period) => period.default),
  );
  return (
    <div className="plan-switch">
      {periods.map((period, index) => (
        <input
          key={period.id}
          className="plan-switch__radio"
          type="radio"
          name={base}
          id={`${base}-${period.id}`}
          value={period.id}
          defaultChecked={index === first}
        />
      ))}
      <div className="plan-switch__tabs">
        {periods.map((period) => (
          <label key={period.id} className="plan-switch__tab" htmlFor={`${base}-${period.id}`}>
            <span className="plan-switch__label">{period.label}</span>
            {period.note ? <span className="plan-switch__note">{period.note}</span> : null}
          </label>
        ))}
      </div>
      <div className="plan-switch__panels">
        {periods.map((period) => (
          <div key={period.id} className="plan-switch__panel" data-period={period.id}>
            <PlanList
              cards={data.view.cards.filter((card) => card.period === period.id)}
              label={`${label}: ${period.label}`}
              showDuration={false}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Plans to buy (SPEC §1, §9): each card priced on the server from the page's price list — per
 * month, per week or as a total — with its saving, billing period and trial, and a plain link to
 * the checkout, so choosing works without JS. A plan that cannot be priced says so and offers no
 * button. The price rules run on the server only: the browser gets the finished texts.
 */
export function PricingPlansBlock({ data }: BlockProps<PricingPlansData>) {
  const { t } = useTranslation();
  const text = useText();
  const label = data.title ?? t("commerce.pricing.plansLabel");
  const plans =
    data.layout === "table" ? (
      <PlanTable cards={data.view.cards} label={label} />
    ) : data.layout === "switch" && data.periods.length > 0 ? (
      <PlanSwitch data={data} label={label} />
    ) : (
      <PlanList cards={data.view.cards} label={label} showDuration />
    );
  const body = (
    <>
      {plans}
      {data.text ? (
        <div
          className="rich-text pricing-plans__note"
          dangerouslySetInnerHTML={{ __html: data.text }}
        />
      ) : null}
      <p className="pricing-plans__notes">{data.view.notes.map(text).join(" · ")}</p>
    </>
  );
  if (data.folded && data.title) {
    return (
      <section id={data.id} className="pricing-plans pricing-plans--folded">
        <details className="pricing-plans__fold">
          <summary>
            <h2 className="pricing-plans__fold-title">{data.title}</h2>
            {data.subtitle ? (
              <span className="pricing-plans__fold-text">{data.subtitle}</span>
            ) : null}
          </summary>
          {body}
        </details>
      </section>
    );
  }
  return (
    <section id={data.id} className={`pricing-plans pricing-plans--${data.layout}`}>
      {data.title || data.subtitle ? (
        <header className="block-heading">
          {data.title ? <h2>{data.title}</h2> : null}
          {data.subtitle ? <p className="lead">{data.subtitle}</p> : null}
        </header>
      ) : null}
      {body}
    </section>
  );
}

/**
 * The product tiers compared (SPEC §1): each tier's name, its benefit list (the site's strings,
 * in the page's language), the content's own text and buttons.
 */
export function PlanTiersBlock({ data }: BlockProps<PlanTiersData>) {
  const { t } = useTranslation();
  return (
    <section id={data.id} className="plan-tiers">
      {data.title || data.subtitle ? (
        <header className="block-heading">
          {data.title ? <h2>{data.title}</h2> : null}
          {data.subtitle ? <p className="lead">{data.subtitle}</p> : null}
        </header>
      ) : null}
      <ul className="plan-tiers__list">
        {data.tiers.map((item) => {
          const name = t(tierName(item.tier));
          return (
            <li
              key={item.tier}
              className={`plan-tier${item.highlight ? " plan-tier--highlight" : ""}`}
            >
              <h3 className="plan-tier__name">{name}</h3>
              {item.text ? (
                <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.text }} />
              ) : null}
              <ul
                className="plan-tier__benefits"
                aria-label={t("commerce.tiers.includes", { tier: name })}
              >
                {TIER_BENEFITS[item.tier].map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
              {item.buttons.length > 0 ? <ButtonRow buttons={item.buttons} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
