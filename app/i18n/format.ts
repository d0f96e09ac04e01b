import { getLanguage, type LangCode } from "./languages";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (`2026-05-02`) written out in the page language, the same on server and client. */
export function formatDate(isoDate: string, lang: LangCode): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  const tag = getLanguage(lang).iso;
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" });
    formatters.set(tag, formatter);
  }
  return formatter.format(date);
}
