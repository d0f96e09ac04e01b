import type { Duration } from "./duration";
import { renews, type PaymentMethodId } from "./payment-methods";
import type { BillingPeriod } from "./plans";

/**
 * What a buyer agrees to about the future when paying (SPEC §4 renewal, §9 billing text): a
 * subscription renews by itself on the day its period ends, charged with the same method, unless
 * auto-renewal is switched off at least 24 hours before; a method that is not charged again
 * (Bitpay, CoinPayments, Paymentwall's local methods) leaves the plan to be extended by hand by
 * then; a one-off purchase (lifetime, an add-on bought once) never renews.
 */

const DAY_MS = 86_400_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The day `months` calendar months after `day` (YYYY-MM-DD, UTC): the same day of the month, or
 * the month's last day when it has fewer (31 January + 1 month = 28 or 29 February; 29 February
 * + 1 year = 28 February), as card subscriptions are billed.
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const index = month - 1 + months;
  const targetYear = year + Math.floor(index / 12);
  const targetMonth = ((index % 12) + 12) % 12;
  const targetDate = Math.min(date, daysInMonth(targetYear, targetMonth));
  return new Date(Date.UTC(targetYear, targetMonth, targetDate)).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day a period of `duration` bought on `day` ends and renews; null for a lifetime. */
export function periodEndDay(day: string, duration: Duration): string | null {
  if (duration.kind === "lifetime") return null;
  switch (duration.unit) {
    case "day":
      return addDays(day, duration.count);
    case "week":
      return addDays(day, duration.count * 7);
    case "month":
      return addMonths(day, duration.count);
    case "year":
      return addMonths(day, duration.count * 12);
  }
}

/** The UTC day of `now`, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The day of the first charge of a trial started at `now`: `trialDays` later, as YYYY-MM-DD. */
export function firstChargeDay(now: Date, trialDays: number): string {
  return addDays(utcDay(now), trialDays);
}

/**
 * The deal about the future, as the checkout states it: `renews` on `nextCharge` (the day the
 * period bought today ends), `manual` (a method not charged again: extend by hand before
 * `nextCharge`), `never` (a one-off payment). `method` null: none chosen yet, or a page without
 * JS, which states the renewing case and names the methods that are not charged again.
 */
export type Renewal =
  | { kind: "renews"; nextCharge: string }
  | { kind: "manual"; nextCharge: string }
  | { kind: "never" };

export function renewalOf(
  plan: { billing: BillingPeriod; duration: Duration },
  today: string,
  method: PaymentMethodId | null = null,
): Renewal {
  const end = plan.billing.kind === "oneOff" ? null : periodEndDay(today, plan.duration);
  if (end === null) return { kind: "never" };
  return method && !renews(method)
    ? { kind: "manual", nextCharge: end }
    : { kind: "renews", nextCharge: end };
}
