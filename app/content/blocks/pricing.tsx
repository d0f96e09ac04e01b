import { Link } from "@remix-run/react";
import { TIER_BENEFITS, tierName } from "~/commerce/plans";
import type { PlanCardView } from "~/commerce/pricing-view";
import type { UiText } from "~/commerce/ui-text";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import { ButtonRow } from "../Button";
import type { BlockOf } from "../types";

function useText() {
  const { t } = useTranslation();
  return (text: UiText | string) => (typeof text === "string" ? text : t(text.key, text.values));
}

/**
 * One plan card. Its four parts (name, price, buttons, features) are rows every card of a list
 * shares, so prices and buttons line up across the cards whatever the texts' lengths; the badge
 * sits on the card's top edge and moves nothing.
 */
function PlanCard({ card, showDuration }: { card: PlanCardView; showDuration: boolean }) {
  const { t } = useTranslation();
  const text = useText();
  const name = card.title ?? (card.name ? text(card.name) : "");
  return (
    <li className={`plan${card.highlight ? " plan--highlight" : ""}`}>
      <div className="plan__head">
        {card.badge ? <p className="plan__badge">{text(card.badge)}</p> : null}
        <h3 className="plan__name">{name}</h3>
        {card.summary ? <p className="plan__summary">{card.summary}</p> : null}
        {showDuration && card.duration ? (
          <p className="plan__duration">{text(card.duration)}</p>
        ) : null}
      </div>
      {card.price ? (
        <div className="plan__terms">
          <p className="plan__price">
            <Amount price={card.price} />
          </p>
          {card.billing && card.price.basis !== "total" ? (
            <p className="plan__billing">{text(card.billing)}</p>
          ) : null}
          {card.perUser ? <p className="plan__per-user">{text(card.perUser)}</p> : null}
          {card.savings ? <p className="plan__save">{text(card.savings)}</p> : null}
          {card.trialNote ? <p className="plan__trial">{text(card.trialNote)}</p> : null}
        </div>
      ) : (
        <div className="plan__terms">
          <p className="plan__unavailable">{t("commerce.price.unavailable")}</p>
        </div>
      )}
      <PlanLinks card={card} name={name} />
      <div
        className="rich-text plan__features"
        dangerouslySetInnerHTML={{ __html: card.text ?? "" }}
      />
    </li>
  );
}

/**
 * The links to buy a plan: its checkout — one primary button on every card — and its free-trial
 * variant's as a plain link under it when it has one.
 */
function PlanLinks({ card, name }: { card: PlanCardView; name: string }) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  if (card.planId === null) return <div className="plan__links" />;
  const checkout = localizePath("/order/checkout", lang);
  const trial = card.trial ? t("commerce.pricing.trialStart", { count: card.trial.days }) : null;
  return (
    <div className="plan__links">
      <Link
        className="btn btn--primary plan__choose"
        to={`${checkout}?plan=${card.planId}`}
        aria-label={`${t("commerce.pricing.choose")}: ${name}`}
      >
        {t("commerce.pricing.choose")}
      </Link>
      {card.trial && trial ? (
        <Link
          className="plan__trial-start"
          to={`${checkout}?plan=${card.trial.planId}`}
          aria-label={`${trial}: ${name}`}
        >
          {trial}
        </Link>
      ) : null}
    </div>
  );
}

/** The amount with its cents styled apart, and what it is per. */
function Amount({ price }: { price: NonNullable<PlanCardView["price"]> }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="plan__amount">
        {price.main}
        <span className="plan__cents">{price.fraction}</span>
        {price.suffix}
      </span>{" "}
      <span className="plan__unit">{t(`commerce.pricing.unit.${price.basis}`)}</span>
    </>
  );
}

/**
 * One plan per row — the periods of a plan side by side (weekly to lifetime): the period, the
 * price per month, week or in total, how it is billed and its saving, and the links to buy it.
 */
function PlanTable({ cards, label }: { cards: PlanCardView[]; label: string }) {
  const { t } = useTranslation();
  const text = useText();
  return (
    <div className="plan-table__scroll">
      <table className="plan-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t("commerce.pricing.table.plan")}</th>
            <th scope="col">{t("commerce.pricing.table.price")}</th>
            <th scope="col">{t("commerce.pricing.table.billing")}</th>
            <th scope="col">
              <span className="sr-only">{t("commerce.pricing.choose")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card, index) => {
            const name = card.title ?? (card.name ? text(card.name) : "");
            const duration = card.duration ? text(card.duration) : "";
            return (
              <tr key={index} className={card.highlight ? "plan-table__row--highlight" : undefined}>
                <th scope="row">
                  <span className="plan-table__period">{duration}</span>{" "}
                  <span className="plan-table__name">{name}</span>
                  {card.badge ? <span className="plan__badge">{text(card.badge)}</span> : null}
                </th>
                <td className="plan__price">
                  {card.price ? (
                    <Amount price={card.price} />
                  ) : (
                    <span className="plan__unavailable">{t("commerce.price.unavailable")}</span>
                  )}
                </td>
                <td>
                  {card.billing ? (
                    <span className="plan__billing">{text(card.billing)}</span>
                  ) : null}
                  {card.savings ? <span className="plan__save">{text(card.savings)}</span> : null}
                </td>
                <td>
                  <PlanLinks card={card} name={duration ? `${name}, ${duration}` : name} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type PricingData = BlockOf<"pricing-plans">["data"];

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
export function PricingPlansBlock({ data }: BlockOf<"pricing-plans">) {
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
export function PlanTiersBlock({ data }: BlockOf<"plan-tiers">) {
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
