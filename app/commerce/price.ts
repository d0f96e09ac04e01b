import { monthsOf, weeksOf } from "./duration";
import type { Plan } from "./plans";

/**
 * SPEC §9 price math, in whole cents so no floating-point error can reach a price:
 * per-month price = cost ÷ 12 for one-year plans, ÷ count for month plans, and ÷ (12 × count) for
 * multi-year plans; the weekly plan shows its price per week; lifetime (and anything else
 * that is paid once) shows its total. A division is rounded to the nearest cent, a half cent up
 * (1199 ÷ 12 = 99.92 → 100 cents), exactly, in integer arithmetic.
 */

export type PriceBasis = "month" | "week" | "total";

export interface SplitPrice {
  /** Whole currency units ("dollars"). */
  dollars: number;
  /** The two-digit cents part, "00" to "99". */
  cents: string;
  /** `dollars.cents`, e.g. "9.99" — not localized; see `formatMoney` for visitors. */
  text: string;
}

export interface DisplayPrice extends SplitPrice {
  basis: PriceBasis;
  /** The amount shown: per month, per week, or the total. */
  amountCents: number;
  /** What one purchase costs. */
  totalCents: number;
}

/** `total ÷ parts` to the nearest cent, a half up. `parts` ≥ 1; both whole numbers. */
export function divideCents(totalCents: number, parts: number): number {
  // `%` is exact on whole numbers, and so is dividing a multiple: no float rounding can creep in.
  const rest = totalCents % parts;
  const whole = (totalCents - rest) / parts;
  return rest * 2 >= parts ? whole + 1 : whole;
}

/** 1999 → { dollars: 19, cents: "99", text: "19.99" }. */
export function splitCents(amountCents: number): SplitPrice {
  const dollars = Math.floor(amountCents / 100);
  const cents = String(amountCents - dollars * 100).padStart(2, "0");
  return { dollars, cents, text: `${dollars}.${cents}` };
}

/** The price a pricing card shows for a plan. */
export function displayPrice(plan: Pick<Plan, "costCents" | "duration">): DisplayPrice {
  const months = monthsOf(plan.duration);
  const weeks = weeksOf(plan.duration);
  const [basis, amountCents]: [PriceBasis, number] =
    months !== null
      ? ["month", divideCents(plan.costCents, months)]
      : weeks !== null
        ? ["week", divideCents(plan.costCents, weeks)]
        : ["total", plan.costCents];
  return { basis, amountCents, totalCents: plan.costCents, ...splitCents(amountCents) };
}

type Comparable = Pick<
  Plan,
  "costCents" | "duration" | "kind" | "tier" | "members" | "users" | "devices" | "traffic"
>;

/**
 * How much cheaper a month of `plan` is than a month of the `reference` monthly plan, as a whole
 * percentage rounded down (never overstating the saving), from the exact costs rather than the
 * rounded per-month prices. Null when there is nothing to claim: not a month or year plan,
 * a reference that is not a 1-month plan of the same product (kind, tier, members, users,
 * devices, traffic) or costs nothing, or no saving at all.
 */
export function savingsPercent(plan: Comparable, reference: Comparable): number | null {
  const months = monthsOf(plan.duration);
  if (months === null || monthsOf(reference.duration) !== 1 || reference.costCents <= 0) {
    return null;
  }
  const same =
    plan.kind === reference.kind &&
    plan.tier === reference.tier &&
    plan.members === reference.members &&
    plan.users === reference.users &&
    plan.devices === reference.devices &&
    plan.traffic === reference.traffic;
  if (!same) return null;
  // 100 × (1 − cost / (months × reference)), exactly, with BigInt (costs can be large).
  const full = BigInt(months) * BigInt(reference.costCents);
  const saved = full - BigInt(plan.costCents);
  if (saved <= 0n) return null;
  const percent = Number((saved * 100n) / full);
  return percent > 0 ? percent : null;
}

/** The currency prices are shown in unless a call names another (the price list names none). */
export const DEFAULT_CURRENCY = "USD";

const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(locale: string, currency: string): Intl.NumberFormat | null {
  const id = `${locale}|${currency}`;
  let formatter = formatters.get(id);
  if (formatter === undefined) {
    try {
      formatter = /^[A-Z]{3}$/.test(currency)
        ? new Intl.NumberFormat(locale, { style: "currency", currency })
        : null;
    } catch {
      formatter = null;
    }
    if (formatters.size > 100) formatters.clear();
    formatters.set(id, formatter);
  }
  return formatter;
}

/** The amount as an exact decimal string, which Intl formats without going through a float. */
function decimal(amountCents: number): `${number}` {
  return splitCents(amountCents).text as `${number}`;
}

/**
 * A price for visitors: `formatMoney(999, "de")` → "9,99 $". Amounts are hundredths of the
 * currency; a currency with other minor units is rounded by Intl (JPY: no decimals). A locale or
 * currency that Intl refuses gives "USD 9.99" rather than a wrong symbol.
 */
export function formatMoney(
  amountCents: number,
  locale: string,
  currency: string = DEFAULT_CURRENCY,
): string {
  const formatter = formatterFor(locale, currency);
  return formatter ? formatter.format(decimal(amountCents)) : `${currency} ${decimal(amountCents)}`;
}

export interface MoneyParts {
  /** Everything before the cents, e.g. "$9" or "9" (with the symbol after, in `suffix`). */
  main: string;
  /** The decimal separator and cents, e.g. ".99" or ",99"; empty for currencies without. */
  fraction: string;
  /** What follows the number, e.g. " $" in German. */
  suffix: string;
}

/** A formatted price split so the cents can be styled apart ("$9" + ".99"). */
export function moneyParts(
  amountCents: number,
  locale: string,
  currency: string = DEFAULT_CURRENCY,
): MoneyParts {
  const formatter = formatterFor(locale, currency);
  if (!formatter) {
    const { dollars, cents } = splitCents(amountCents);
    return { main: `${currency} ${dollars}`, fraction: `.${cents}`, suffix: "" };
  }
  const parts = formatter.formatToParts(decimal(amountCents));
  const lastNumber = parts.findLastIndex((p) =>
    ["integer", "group", "decimal", "fraction"].includes(p.type),
  );
  const fractionStart = parts.findIndex((p) => p.type === "decimal");
  const cut = fractionStart === -1 ? lastNumber + 1 : fractionStart;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join("");
  return {
    main: text(0, cut),
    fraction: text(cut, lastNumber + 1),
    suffix: text(lastNumber + 1, parts.length),
  };
}

/** One long-date formatter per locale: making one costs far more than formatting with it. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A YYYY-MM-DD day in the page's language ("8 August 2025"); the text as it is when no day. */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  let formatter = dayFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    dayFormatters.set(locale, formatter);
  }
  return formatter.format(date);
}
