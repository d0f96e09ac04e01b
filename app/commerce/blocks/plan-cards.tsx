/**
 * The plan parts of the pricing blocks: a plan's card, its price and the links to buy it, and the
 * table that lists a plan's periods one per row. They live in the pricing blocks' chunk.
 */
import { Link } from "@remix-run/react";
import type { PlanCardView } from "../pricing-view";
import type { UiText } from "../ui-text";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";

/** Writes a price text the server built (a string key with its values) in the page's language. */
export function useText() {
  const { t } = useTranslation();
  return (text: UiText | string) => (typeof text === "string" ? text : t(text.key, text.values));
}

/**
 * One plan card. Its four parts (name, price, buttons, features) are rows every card of a list
 * shares, so prices and buttons line up across the cards whatever the texts' lengths; the badge
 * sits on the card's top edge and moves nothing.
 */
export function PlanCard({ card, showDuration }: { card: PlanCardView; showDuration: boolean }) {
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
export function PlanTable({ cards, label }: { cards: PlanCardView[]; label: string }) {
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
