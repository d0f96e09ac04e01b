import { getLanguage, isLangCode } from "~/i18n/languages";

/**
 * The subscription status shown to a signed-in visitor (SPEC §4), from the account's creation
 * and expiry times. Pure: the caller passes the current time, so the server renders the status
 * and tests pin every edge.
 */

export type StatusUnit = "year" | "month" | "day" | "hour";

export type SubscriptionStatus =
  | { kind: "expired" }
  | { kind: "lifetime" }
  | { kind: "remaining"; parts: { unit: StatusUnit; count: number }[] };

/** More than this many calendar years left reads as 'Lifetime'. */
const LIFETIME_YEARS = 50;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * `start` moved by whole calendar months in UTC; a day past the target month's end is clamped
 * to its last day (31 January + 1 month = 28 or 29 February), as people count months.
 */
function addMonths(start: Date, months: number): number {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
}

/**
 * Times as the provider's user info sends them: Unix seconds; `now` in milliseconds
 * (`Date.now()`).
 *
 * - expired: nothing left (0 or less), or the account was created with no time at all
 *   (createdtime = expiredtime);
 * - lifetime: the expiry lies more than 50 calendar years after now (exactly 50 is not);
 * - otherwise the largest non-zero unit among years, months, days and hours, and the unit just
 *   below it when that one is not zero (1 year 2 months; 3 days 4 hours; 1 day; 5 hours).
 *   Years and months are counted on the calendar from now, in UTC; less than an hour left
 *   shows as 1 hour.
 */
export function subscriptionStatus(
  info: { createdtime: number; expiredtime: number },
  now: number,
): SubscriptionStatus {
  const { createdtime, expiredtime } = info;
  if (!Number.isFinite(createdtime) || !Number.isFinite(expiredtime) || !Number.isFinite(now)) {
    return { kind: "expired" };
  }
  const end = expiredtime * 1000;
  if (createdtime === expiredtime || end - now <= 0) return { kind: "expired" };

  const start = new Date(now);
  if (end > addMonths(start, LIFETIME_YEARS * 12)) return { kind: "lifetime" };

  // Whole calendar months first (each step measured from `start`, so clamped month ends do not
  // drift), then whole days and hours of what is left after them.
  let months = 0;
  while (addMonths(start, months + 1) <= end) months += 1;
  const rest = end - addMonths(start, months);
  const days = Math.floor(rest / DAY_MS);
  const hours = Math.floor((rest % DAY_MS) / HOUR_MS);

  const counts: { unit: StatusUnit; count: number }[] = [
    { unit: "year", count: Math.floor(months / 12) },
    { unit: "month", count: months % 12 },
    { unit: "day", count: days },
    { unit: "hour", count: hours },
  ];
  const top = counts.findIndex((part) => part.count > 0);
  if (top === -1) return { kind: "remaining", parts: [{ unit: "hour", count: 1 }] };
  const parts = counts.slice(top, top + 2).filter((part) => part.count > 0);
  return { kind: "remaining", parts };
}

/** The BCP 47 tag for a site language code (jp → ja, ua → uk); other valid tags pass through. */
function localeOf(lang: string): string {
  if (isLangCode(lang)) return getLanguage(lang).iso;
  try {
    return Intl.NumberFormat.supportedLocalesOf(lang)[0] ?? "en";
  } catch {
    return "en";
  }
}

/**
 * The status as one line of text in the page language: the UI strings for expired and lifetime,
 * and for time left the units written out with the language's own plural forms and list
 * pattern (1 год 2 месяца, 5 лет) in the `account.status.remaining` template ('{{time}} left').
 */
export function statusText(
  status: SubscriptionStatus,
  lang: string,
  t: (key: string) => string,
): string {
  if (status.kind === "expired") return t("account.status.expired");
  if (status.kind === "lifetime") return t("account.status.lifetime");
  const locale = localeOf(lang);
  const time = new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(
    status.parts.map(({ unit, count }) =>
      new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count),
    ),
  );
  return t("account.status.remaining").replace(/\{\{\s*time\s*\}\}/g, () => time);
}
