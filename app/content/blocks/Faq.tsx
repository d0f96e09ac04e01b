import type { ContentBlockProps } from "../schemas";

/** Questions as native disclosure widgets: they open and close without JS. */
export function FaqBlock({ data }: ContentBlockProps<"faq">) {
  return (
    <section id={data.id} className="faq">
      {data.title ? <h2>{data.title}</h2> : null}
      <div className="faq__list">
        {data.items.map((item, i) => (
          <details key={i} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <div
              className="faq__answer rich-text"
              dangerouslySetInnerHTML={{ __html: item.answer }}
            />
          </details>
        ))}
      </div>
    </section>
  );
}
