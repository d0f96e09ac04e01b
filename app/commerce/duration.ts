import { fail, ok, type Result } from "./result";

/**
 * A plan's duration, from the upstream's duration text (`{n} day|week|month|year`, SPEC §5) or its
 * `info {type, count}`. Anything that does not read exactly as a duration is refused with a typed
 * reason: the caller logs it and shows no price, never a wrong one.
 */

export const DURATION_UNITS = ["day", "week", "month", "year"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export type Duration = { kind: "period"; unit: DurationUnit; count: number } | { kind: "lifetime" };

/** SPEC §9: lifetime is 100 years. */
const LIFETIME_YEARS = 100;

/** Nothing is sold for longer than a lifetime: the largest count of each unit. */
const MAX_COUNT: Readonly<Record<DurationUnit, number>> = {
  day: 36_500,
  week: 5_200,
  month: 1_200,
  year: LIFETIME_YEARS,
};

export type DurationErrorCode =
  /** Not a string / not an object, or empty. */
  | "missing"
  /** Text that is not `{n} unit`, a count that is not a positive whole number. */
  | "malformed"
  /** A unit (or info type) that is none of day, week, month, year (or lifetime). */
  | "unknownUnit"
  /** Zero, or longer than a lifetime. */
  | "outOfRange";

export interface DurationError {
  code: DurationErrorCode;
  /** What was refused, shortened, for the log line. */
  input: string;
}

const LIFETIME: Duration = { kind: "lifetime" };

const MAX_TEXT = 40;
const TEXT = /^\s*(\d+)\s*([a-z]+)\s*$/i;

function shown(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** `month`, `Months`, `MONTHS` → `month`; anything else → null. */
function unitOf(word: string): DurationUnit | null {
  const singular = word.toLowerCase().replace(/s$/, "");
  return (DURATION_UNITS as readonly string[]).includes(singular)
    ? (singular as DurationUnit)
    : null;
}

function fromCount(
  unit: DurationUnit,
  count: number,
  input: unknown,
): Result<Duration, DurationError> {
  if (count < 1 || count > MAX_COUNT[unit])
    return fail({ code: "outOfRange", input: shown(input) });
  if (unit === "year" && count === LIFETIME_YEARS) return ok(LIFETIME);
  return ok({ kind: "period", unit, count });
}

/**
 * Duration text as the upstream writes it: `1 month`, `3 months`, `7 days`, `100 years`.
 * Case and surrounding or inner whitespace do not matter; the singular and plural forms are both
 * accepted whatever the count. Refused: words for numbers, fractions, signs, leading zeros,
 * abbreviations (`1 mo`), extra words (`1 month free`), `0 …`, more than a lifetime.
 */
export function parseDurationText(text: unknown): Result<Duration, DurationError> {
  if (typeof text !== "string" || text.trim() === "") {
    return fail({ code: "missing", input: shown(text) });
  }
  const match = text.length <= MAX_TEXT ? TEXT.exec(text) : null;
  if (!match) return fail({ code: "malformed", input: shown(text) });
  const [, digits = "", word = ""] = match;
  const unit = unitOf(word);
  if (!unit) return fail({ code: "unknownUnit", input: shown(text) });
  if (digits.length > 1 && digits.startsWith("0")) {
    return fail({ code: "malformed", input: shown(text) });
  }
  if (digits.length > 6) return fail({ code: "outOfRange", input: shown(text) });
  return fromCount(unit, Number(digits), text);
}

/** The upstream price plan's `info`: `{ type, count }`. */
export interface DurationInfo {
  type?: unknown;
  count?: unknown;
}

/**
 * `info {type, count}`: `type` is a unit (`day`, `week`, `month`, `year`, singular or plural, any
 * case) with `count` a whole number from 1 up to a lifetime; `{type: "year", count: 100}` is
 * lifetime. `type: "lifetime"` is lifetime when `count` is absent, 1 (one lifetime) or 100 (the
 * years of SPEC §9); any other count makes it ambiguous and it is refused.
 */
export function durationFromInfo(info: unknown): Result<Duration, DurationError> {
  if (!info || typeof info !== "object") return fail({ code: "missing", input: shown(info) });
  const { type, count } = info as DurationInfo;
  if (typeof type !== "string" || type.trim() === "") {
    return fail({ code: "missing", input: shown(info) });
  }
  const word = type.trim();
  if (word.toLowerCase() === "lifetime") {
    return count === undefined || count === null || count === 1 || count === LIFETIME_YEARS
      ? ok(LIFETIME)
      : fail({ code: "malformed", input: shown(info) });
  }
  const unit = /^[a-z]+$/i.test(word) ? unitOf(word) : null;
  if (!unit) return fail({ code: "unknownUnit", input: shown(info) });
  if (typeof count !== "number" || !Number.isInteger(count)) {
    return fail({ code: "malformed", input: shown(info) });
  }
  return fromCount(unit, count, info);
}

/** Whole months of a month or year duration (3 years → 36); null for days, weeks and lifetime. */
export function monthsOf(duration: Duration): number | null {
  if (duration.kind === "lifetime") return null;
  if (duration.unit === "month") return duration.count;
  if (duration.unit === "year") return duration.count * 12;
  return null;
}

/** Whole weeks of a week or day duration (14 days → 2); null otherwise. */
export function weeksOf(duration: Duration): number | null {
  if (duration.kind === "lifetime") return null;
  if (duration.unit === "week") return duration.count;
  if (duration.unit === "day" && duration.count % 7 === 0) return duration.count / 7;
  return null;
}

/**
 * Whether two durations last as long: 7 days and 1 week, 12 months and 1 year (a price plan's
 * description and its `info` may name one period in different units).
 */
export function sameLength(a: Duration, b: Duration): boolean {
  if (a.kind === "lifetime" || b.kind === "lifetime") return a.kind === b.kind;
  const days = (d: typeof a) =>
    d.unit === "week" ? d.count * 7 : d.unit === "day" ? d.count : null;
  const months = (d: typeof a) =>
    d.unit === "year" ? d.count * 12 : d.unit === "month" ? d.count : null;
  const [da, db] = [days(a), days(b)];
  if (da !== null || db !== null) return da === db;
  return months(a) === months(b);
}
