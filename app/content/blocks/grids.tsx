import { Button } from "~/blocks/Button";
import { Icon } from "~/blocks/Icon";
import { LazyImage } from "~/blocks/LazyImage";
import type { ContentBlockProps } from "../schemas";
import { useTranslation } from "~/i18n/react";
import { gridAttributes } from "~/blocks/grid-columns";

function Heading({ title, subtitle }: { title?: string; subtitle?: string }) {
  if (!title && !subtitle) return null;
  return (
    <header className="block-heading">
      {title ? <h2>{title}</h2> : null}
      {subtitle ? <p className="lead">{subtitle}</p> : null}
    </header>
  );
}

export function FeatureGridBlock({ data }: ContentBlockProps<"feature-grid">) {
  return (
    <section id={data.id} className="feature-grid">
      <Heading title={data.title} subtitle={data.subtitle} />
      <ul {...gridAttributes(data.items.length, data.columns)}>
        {data.items.map((item, i) => (
          <li key={i} className="feature">
            {item.icon ? (
              <span className="feature__icon">
                <Icon name={item.icon} />
              </span>
            ) : item.image ? (
              <LazyImage image={item.image} className="feature__image" />
            ) : null}
            <h3 className="feature__title">{item.title}</h3>
            <div
              className="feature__text rich-text"
              dangerouslySetInnerHTML={{ __html: item.text }}
            />
            {item.button ? <Button button={item.button} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CardsBlock({ data }: ContentBlockProps<"cards">) {
  return (
    <section id={data.id} className="cards">
      <Heading title={data.title} subtitle={data.subtitle} />
      <ul {...gridAttributes(data.items.length)}>
        {data.items.map((item, i) => (
          <li key={i} className="card">
            {item.image ? <LazyImage image={item.image} className="card__image" /> : null}
            <div className="card__body">
              {item.icon ? (
                <span className="feature__icon">
                  <Icon name={item.icon} />
                </span>
              ) : null}
              <h3 className="card__title">{item.title}</h3>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.text }} />
              {item.button ? <Button button={item.button} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function StepsBlock({ data }: ContentBlockProps<"steps">) {
  return (
    <section id={data.id} className="steps">
      <Heading title={data.title} />
      <ol className="steps__list">
        {data.items.map((item, i) => (
          <li key={i} className="step">
            <div className="step__body">
              <h3 className="step__title">{item.title}</h3>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.html }} />
            </div>
            {item.image ? <LazyImage image={item.image} className="step__image" /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function StatsBlock({ data }: ContentBlockProps<"stats">) {
  return (
    <section id={data.id} className="stats">
      <dl className="stats__list">
        {data.items.map((item, i) => (
          <div key={i} className="stat">
            <dt className="stat__label">{item.label}</dt>
            <dd className="stat__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TestimonialsBlock({ data }: ContentBlockProps<"testimonials">) {
  const { t } = useTranslation();
  if (data.items.length === 0) return null;
  return (
    <section id={data.id} className="testimonials">
      <Heading title={data.title ?? t("addons.testimonials.title")} />
      <ul {...gridAttributes(data.items.length)}>
        {data.items.map((item, i) => (
          <li key={i}>
            <figure className="testimonial">
              {item.rating !== undefined ? <Stars rating={item.rating} /> : null}
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{item.author}</strong>
                {item.role ? <span>{item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A star rating out of 5: drawn stars for the eye, the rating in words for a screen reader. */
function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const full = Math.round(rating);
  return (
    <p
      className="testimonial__rating"
      role="img"
      aria-label={t("addons.testimonials.rating", { rating })}
    >
      {"★".repeat(full)}
      <span className="testimonial__rating-empty">{"★".repeat(5 - full)}</span>
    </p>
  );
}
