import { Link } from "@remix-run/react";
import {
  billingText,
  durationLabel,
  moneyBackText,
  renewalText,
  savingsText,
  trialTexts,
  PRICE_UNAVAILABLE,
} from "~/commerce/billing";
import { planName } from "~/commerce/plans";
import { formatMoney, moneyParts } from "~/commerce/price";
import { pricingCards, type PricingCard } from "~/commerce/pricing-cards";
import type { UiText } from "~/commerce/ui-text";
import { useTranslation } from "~/i18n/react";
import { getLanguage } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { useSiteData } from "~/root-data";
import type { BlockOf } from "../types";

type Item = BlockOf<"pricing-plans">["data"]["plans"][number];

function useText() {
  const { t } = useTranslation();
  return (text: UiText) => t(text.key, text.values);
}

function PlanCard({ item, card }: { item: Item; card: PricingCard }) {
  const { t } = useTranslation();
  const text = useText();
  const { lang } = useSiteData();
  const locale = getLanguage(lang).iso;
  const { plan, price } = card;
  const name = item.title ?? (plan ? text(planName(plan)) : "");
  const trial = plan ? trialTexts(plan) : null;
  const badge = item.badge ?? (trial ? text(trial.badge) : null);
  const savings = card.savings === null ? null : savingsText(card.savings);
  const parts = price ? moneyParts(price.amountCents, locale) : null;
  return (
    <li className={`plan${item.highlight ? " plan--highlight" : ""}`}>
      {badge ? <p className="plan__badge">{badge}</p> : null}
      <h3 className="plan__name">{name}</h3>
      {plan ? <p className="plan__duration">{text(durationLabel(plan.duration))}</p> : null}
      {plan && price && parts ? (
        <>
          <p className="plan__price">
            <span className="plan__amount">
              {parts.main}
              <span className="plan__cents">{parts.fraction}</span>
              {parts.suffix}
            </span>{" "}
            <span className="plan__unit">{t(`commerce.pricing.unit.${price.basis}`)}</span>
          </p>
          {savings ? <p className="plan__save">{text(savings)}</p> : null}
          <p className="plan__billing">
            {text(billingText(plan, formatMoney(plan.costCents, locale)))}
          </p>
          {trial ? <p className="plan__trial">{text(trial.note)}</p> : null}
        </>
      ) : (
        <p className="plan__unavailable">{t(PRICE_UNAVAILABLE)}</p>
      )}
      {item.text ? (
        <div className="rich-text plan__features" dangerouslySetInnerHTML={{ __html: item.text }} />
      ) : null}
      {plan && price ? (
        <Link
          className="btn btn--primary plan__choose"
          to={`${localizePath("/order/checkout", lang)}?plan=${plan.id}`}
          aria-label={`${t("commerce.pricing.choose")}: ${name}`}
        >
          {t("commerce.pricing.choose")}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * Plans to buy (SPEC §1, §9): each card priced from the page's price list — per month, per week
 * or as a total — with its saving, billing period and trial, and a plain link to the checkout,
 * so choosing works without JS. A plan that cannot be priced says so and offers no button.
 */
export function PricingPlansBlock({ data }: BlockOf<"pricing-plans">) {
  const { t } = useTranslation();
  const text = useText();
  const cards = pricingCards(data.plans, data.prices);
  const renews = cards.find((card) => card.plan)?.plan;
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
        {data.plans.map((item, index) => (
          <PlanCard key={index} item={item} card={cards[index]!} />
        ))}
      </ul>
      <p className="pricing-plans__notes">
        {text(moneyBackText())}
        {renews ? <> · {text(renewalText(renews))}</> : null}
      </p>
    </section>
  );
}
