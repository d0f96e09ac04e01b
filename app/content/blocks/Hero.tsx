import { ButtonRow } from "~/blocks/Button";
import { LazyImage } from "~/blocks/LazyImage";
import type { ContentBlockProps } from "../schemas";

export function HeroBlock({ data, first }: ContentBlockProps<"hero">) {
  const Title = first ? "h1" : "h2";
  return (
    <section
      id={data.id}
      className={`hero hero--${data.align}${data.image ? " hero--with-image" : ""}`}
    >
      <div className="hero__body">
        {data.badge ? <p className="hero__badge">{data.badge}</p> : null}
        <Title className="hero__title">{data.title}</Title>
        {data.subtitle ? <p className="hero__subtitle">{data.subtitle}</p> : null}
        {data.text ? (
          <div className="hero__text rich-text" dangerouslySetInnerHTML={{ __html: data.text }} />
        ) : null}
        <ButtonRow buttons={data.buttons} align={data.align} />
      </div>
      {data.image ? (
        <div className="hero__media">
          <LazyImage image={data.image} eager={first} />
        </div>
      ) : null}
    </section>
  );
}
