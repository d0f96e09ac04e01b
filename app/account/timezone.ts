/**
 * The visitor's UTC offset as the provider's fast login takes it (SPEC §3): `+01:00`, `-05:30`.
 * `getTimezoneOffset()` counts minutes *behind* UTC, so its sign is the opposite.
 */
export function timezoneOffset(minutesBehindUtc: number): string {
  if (!Number.isFinite(minutesBehindUtc) || Math.abs(minutesBehindUtc) > 18 * 60) return "+00:00";
  const ahead = -Math.trunc(minutesBehindUtc);
  const sign = ahead < 0 ? "-" : "+";
  const abs = Math.abs(ahead);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A posted offset when it is one (±HH:MM within ±18 h), else UTC's. */
export function parseTimezoneOffset(raw: unknown): string {
  if (typeof raw !== "string") return "+00:00";
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(raw);
  if (!match) return "+00:00";
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return Number(match[3]) < 60 && minutes <= 18 * 60 ? raw : "+00:00";
}
