import { Link } from "@remix-run/react";
import type { PlanCardView } from "~/commerce/pricing-view";
import type { UiText } from "~/commerce/ui-text";
import { useTranslation } from "~/i18n/react";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import type { BlockOf } from "../types";

function useText() {
  const { t } = useTranslation();
  return (text: UiText | string) => (typeof text === "string" ? text : t(text.key, text.values));
}

function PlanCard({ card }: { card: PlanCardView }) {
  const { t } = useTranslation();
  const text = useText();
  const { lang } = useSiteData();
  const name = card.title ?? (card.name ? text(card.name) : "");
  return (
    <li className={`plan${card.highlight ? " plan--highlight" : ""}`}>
      {card.badge ? <p className="plan__badge">{text(card.badge)}</p> : null}
      <h3 className="plan__name">{name}</h3>
      {card.duration ? <p className="plan__duration">{text(card.duration)}</p> : null}
      {card.price ? (
        <>
          <p className="plan__price">
            <span className="plan__amount">
              {card.price.main}
              <span className="plan__cents">{card.price.fraction}</span>
              {card.price.suffix}
            </span>{" "}
            <span className="plan__unit">{t(`commerce.pricing.unit.${card.price.basis}`)}</span>
          </p>
          {card.savings ? <p className="plan__save">{text(card.savings)}</p> : null}
          {card.billing ? <p className="plan__billing">{text(card.billing)}</p> : null}
          {card.trialNote ? <p className="plan__trial">{text(card.trialNote)}</p> : null}
        </>
      ) : (
        <p className="plan__unavailable">{t("commerce.price.unavailable")}</p>
      )}
      {card.text ? (
        <div className="rich-text plan__features" dangerouslySetInnerHTML={{ __html: card.text }} />
      ) : null}
      {card.planId !== null ? (
        <Link
          className="btn btn--primary plan__choose"
          to={`${localizePath("/order/checkout", lang)}?plan=${card.planId}`}
          aria-label={`${t("commerce.pricing.choose")}: ${name}`}
        >
          {t("commerce.pricing.choose")}
        </Link>
      ) : null}
    </li>
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
  return (
    <section id={data.id} className="pricing-plans">
      {data.title || data.subtitle ? (
        <header className="block-heading">
          {data.title ? <h2>{data.title}</h2> : null}
          {data.subtitle ? <p className="lead">{data.subtitle}</p> : null}
        </header>
      ) : null}
      <ul
        className="pricing-plans__list"
        aria-label={data.title ?? t("commerce.pricing.plansLabel")}
      >
        {data.view.cards.map((card, index) => (
          <PlanCard key={index} card={card} />
        ))}
      </ul>
      <p className="pricing-plans__notes">{data.view.notes.map(text).join(" · ")}</p>
    </section>
  );
}
