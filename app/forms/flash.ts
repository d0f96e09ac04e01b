import { plainCookieNotice } from "~/http/set-cookie";

/**
 * A one-time message after a form post without JS (post → 303 → page): the cookie names the form
 * and its outcome only, never free text, so a forged cookie can show nothing but one of the
 * site's own messages. The page that shows it is private: no shared cache keeps it.
 */
export const FLASH_COOKIE = "kn_flash";
/** Seconds a flash waits for the page after the post (it is read on the very next page). */
export const FLASH_SECONDS = 60;

export const FLASH_COOKIE_NOTICE = plainCookieNotice(FLASH_COOKIE, {
  purpose: "flash",
  maxAgeS: FLASH_SECONDS,
});

/** Outcomes each form can flash: `newsletter.ok`, `feedback.yes`, … */
export const FLASHES = {
  newsletter: ["ok"],
  feedback: ["yes", "no", "commented", "answered"],
  download: ["yes", "no", "commented", "answered"],
  contact: ["ok"],
  partner: ["ok"],
} as const;

export type FlashForm = keyof typeof FLASHES;
export interface Flash {
  form: FlashForm;
  outcome: string;
}

function isFlashForm(value: unknown): value is FlashForm {
  return typeof value === "string" && Object.hasOwn(FLASHES, value);
}

export function parseFlash(raw: string | null | undefined): Flash | null {
  if (!raw || raw.length > 40) return null;
  const [form, outcome, ...rest] = raw.split(".");
  if (rest.length > 0 || !isFlashForm(form) || !outcome) return null;
  return (FLASHES[form] as readonly string[]).includes(outcome) ? { form, outcome } : null;
}

export function serializeFlash(flash: Flash): string {
  return `${flash.form}.${flash.outcome}`;
}
