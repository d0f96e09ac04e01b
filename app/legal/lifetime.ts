/** The units a cookie's lifetime is said in, largest first, with their length in seconds. */
const UNITS = [
  ["year", 365 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
] as const;

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A lifetime in seconds as a person says it in the language of `iso` ("1 year", "12 Stunden",
 * "5 分"): the largest unit that measures it whole, else the largest that fits, rounded.
 */
export function formatLifetime(seconds: number, iso: string): string {
  const whole = UNITS.find(([, length]) => seconds >= length && seconds % length === 0);
  const [unit, size] = whole ?? UNITS.find(([, length]) => seconds >= length) ?? UNITS[4];
  const key = `${iso}|${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(iso, { style: "unit", unit, unitDisplay: "long" });
    formats.set(key, format);
  }
  return format.format(Math.round(seconds / size));
}
