import type { BlockProps } from "~/blocks/define";
import type { ReleaseNotesData } from "./downloads.block";
import { formatDate } from "~/i18n/format";
import { getLanguage, type LangCode } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import { useSiteData } from "~/root-data";

const sizes = new Map<string, Intl.NumberFormat>();

/** An installer's size in megabytes, as the page's language writes it ("84.2 MB", "84,2 MB"). */
export function formatSize(bytes: number, lang: LangCode): string {
  const tag = getLanguage(lang).iso;
  let format = sizes.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      style: "unit",
      unit: "megabyte",
      unitDisplay: "short",
      maximumFractionDigits: 1,
    });
    sizes.set(tag, format);
  }
  return format.format(bytes / 1_000_000);
}

/**
 * A platform page's release facts — version, release date, size, requirements and the
 * installer's SHA-256 checksum (the provider's where it gives them, else the newest note's) —
 * then the notes of recent versions.
 */
export default function ReleaseNotes({ data }: BlockProps<ReleaseNotesData>) {
  const { t } = useTranslation();
  const { lang } = useSiteData();
  const latest = data.notes[0];
  const version = data.installer?.version ?? latest?.version;
  const released = data.installer?.released ?? latest?.date;
  return (
    <section id={data.id} className="release-notes container-narrow">
      <h2>{data.title ?? t("downloads.release.title")}</h2>
      <dl className="release-notes__facts">
        {version ? (
          <div>
            <dt>{t("downloads.release.version")}</dt>
            <dd>
              {version}
              {data.installer?.type ? ` (${data.installer.type})` : ""}
            </dd>
          </div>
        ) : null}
        {released ? (
          <div>
            <dt>{t("downloads.release.released")}</dt>
            <dd>
              <time dateTime={released.slice(0, 10)}>
                {formatDate(released.slice(0, 10), lang)}
              </time>
            </dd>
          </div>
        ) : null}
        {data.installer?.size ? (
          <div>
            <dt>{t("downloads.release.size")}</dt>
            <dd>{formatSize(data.installer.size, lang)}</dd>
          </div>
        ) : null}
        {data.text ? (
          <div>
            <dt>{t("downloads.release.requirements")}</dt>
            <dd className="rich-text" dangerouslySetInnerHTML={{ __html: data.text }} />
          </div>
        ) : null}
        {data.installer?.sha256 ? (
          <div>
            <dt>{t("downloads.release.checksum")}</dt>
            <dd>
              <code className="release-notes__checksum">{data.installer.sha256}</code>
            </dd>
          </div>
        ) : null}
      </dl>
      {data.notes.length > 0 ? (
        <>
          <h3>{t("downloads.release.notes")}</h3>
          <ol className="release-notes__list">
            {data.notes.map((note) => (
              <li key={note.version}>
                <h4>
                  {t("downloads.release.versionOf", { version: note.version })}
                  {note.date ? (
                    <>
                      {" · "}
                      <time dateTime={note.date}>{formatDate(note.date, lang)}</time>
                    </>
                  ) : null}
                </h4>
                <div className="rich-text" dangerouslySetInnerHTML={{ __html: note.html }} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
