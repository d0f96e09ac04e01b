import { z } from "zod";
import { DEFAULT_LENGTH, clampLength, type PasswordOptions } from "./password";

/** The generator's query parameters (the page's GET form). */
const PASSWORD_PARAMS = ["length", "lower", "upper", "digits", "symbols", "similar"] as const;

/** A ticked box: "1" or "on"; anything else (or absent) is not ticked. */
const box = z
  .string()
  .max(8)
  .transform((v) => v === "1" || v === "on")
  .optional()
  .catch(undefined)
  .transform((v) => v === true);

/** Up to four digits, clamped to 8–128; anything else gives the default. */
const length = z
  .string()
  .regex(/^\d{1,4}$/)
  .transform((v) => clampLength(Number(v)))
  .optional()
  .catch(undefined)
  .transform((v) => v ?? DEFAULT_LENGTH);

const querySchema = z.object({
  length,
  lower: box,
  upper: box,
  digits: box,
  symbols: box,
  similar: box,
});

/** Whether the URL carries the generator's form (so the page renders a password for it). */
export function hasPasswordQuery(url: URL): boolean {
  return PASSWORD_PARAMS.some((name) => url.searchParams.has(name));
}

/** The options a submitted form asks for (unticked boxes are absent from the query). */
export function passwordOptionsOf(url: URL): PasswordOptions {
  const raw = Object.fromEntries(
    PASSWORD_PARAMS.map((n) => [n, url.searchParams.get(n) ?? undefined]),
  );
  const q = querySchema.parse(raw);
  return {
    length: q.length,
    lower: q.lower,
    upper: q.upper,
    digits: q.digits,
    symbols: q.symbols,
    excludeSimilar: q.similar,
  };
}
