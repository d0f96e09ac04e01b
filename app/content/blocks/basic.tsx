import { ButtonRow } from "../Button";
import { LazyImage } from "../LazyImage";
import type { BlockOf } from "../types";

/** Rich text; the HTML was sanitized on the server when the page was loaded. */
export function RichTextBlock({ data }: BlockOf<"rich-text">) {
  return (
    <div
      id={data.id}
      className="rich-text container-narrow"
      dangerouslySetInnerHTML={{ __html: data.html }}
    />
  );
}

export function ImageBlock({ data }: BlockOf<"image">) {
  return (
    <figure className="image-block">
      <LazyImage image={data.image} />
      {data.caption ? <figcaption>{data.caption}</figcaption> : null}
    </figure>
  );
}

export function ButtonGroupBlock({ data }: BlockOf<"button-group">) {
  return <ButtonRow buttons={data.buttons} align={data.align} />;
}

export function CtaBlock({ data }: BlockOf<"cta">) {
  return (
    <section id={data.id} className={`cta${data.image ? " cta--with-image" : ""}`}>
      <div className="cta__body">
        <h2 className="cta__title">{data.title}</h2>
        {data.text ? <p className="cta__text">{data.text}</p> : null}
        <ButtonRow buttons={data.buttons} />
      </div>
      {data.image ? <LazyImage image={data.image} className="cta__image" /> : null}
    </section>
  );
}

export function DownloadButtonsBlock({ data }: BlockOf<"download-buttons">) {
  return (
    <section id={data.id} className="download-buttons">
      {data.title ? <h2>{data.title}</h2> : null}
      {data.text ? <p className="lead">{data.text}</p> : null}
      <ButtonRow buttons={data.buttons} align="center" />
    </section>
  );
}

export function MediaTextBlock({ data }: BlockOf<"media-text">) {
  return (
    <section id={data.id} className={`media-text media-text--image-${data.imagePosition}`}>
      <div className="media-text__body">
        <h2>{data.title}</h2>
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: data.html }} />
        <ButtonRow buttons={data.buttons} />
      </div>
      <div className="media-text__media">
        <LazyImage image={data.image} />
      </div>
    </section>
  );
}
