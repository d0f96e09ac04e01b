import type { SecurityTxtSettings } from "~/config/config.server";
import { LANGUAGES } from "~/i18n/languages";

/** Where security.txt is served (RFC 9116 §3). */
export const SECURITY_TXT_PATH = "/.well-known/security.txt";

const DAY_MS = 86_400_000;

/**
 * The site's `/.well-known/security.txt` (RFC 9116): how to report a vulnerability (Contact, in
 * order), the disclosure policy, the languages a report may be written in (the site's nine),
 * where the file lives (Canonical, from the public origin) and when it expires — `expiresDays`
 * after the start of the UTC day of `now`, so the file is the same all day and never stale.
 */
export function securityTxt(origin: string, settings: SecurityTxtSettings, now: number): string {
  const absolute = (address: string) => (address.startsWith("/") ? `${origin}${address}` : address);
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const expires = new Date(day + settings.expiresDays * DAY_MS).toISOString();
  const languages = [...new Set(LANGUAGES.map((language) => language.iso))].join(", ");
  return [
    ...settings.contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires}`,
    `Policy: ${absolute(settings.policy)}`,
    `Preferred-Languages: ${languages}`,
    `Canonical: ${origin}${SECURITY_TXT_PATH}`,
    "",
  ].join("\n");
}
