import { ButtonRow } from "~/blocks/Button";
import { LazyImage } from "~/blocks/LazyImage";
import type { ContentBlockProps } from "../schemas";

/** Rich text; the HTML was sanitized on the server when the page was loaded. */
export function RichTextBlock({ data }: ContentBlockProps<"rich-text">) {
  return (
    <div
      id={data.id}
      className="rich-text container-narrow"
      dangerouslySetInnerHTML={{ __html: data.html }}
    />
  );
}

export function ImageBlock({ data }: ContentBlockProps<"image">) {
  return (
    <figure className="image-block">
      <LazyImage image={data.image} />
      {data.caption ? <figcaption>{data.caption}</figcaption> : null}
    </figure>
  );
}

export function ButtonGroupBlock({ data }: ContentBlockProps<"button-group">) {
  return <ButtonRow buttons={data.buttons} align={data.align} />;
}

export function CtaBlock({ data }: ContentBlockProps<"cta">) {
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

export function DownloadButtonsBlock({ data }: ContentBlockProps<"download-buttons">) {
  return (
    <section id={data.id} className="download-buttons">
      {data.title ? <h2>{data.title}</h2> : null}
      {data.text ? <p className="lead">{data.text}</p> : null}
      <ButtonRow buttons={data.buttons} align="center" />
    </section>
  );
}

export function MediaTextBlock({ data }: ContentBlockProps<"media-text">) {
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
