import { durationLabel } from "./billing";
import { parseDurationText } from "./duration";
import type { UiText } from "./ui-text";

/**
 * A plan's period as the upstream describes it ("1 year", "100 years") in the page's words:
 * the duration's UI text, or the description as it is when it is no duration text.
 */
export function planLabel(description: string): UiText | string {
  const parsed = parseDurationText(description);
  return parsed.ok ? durationLabel(parsed.value) : description;
}

/** The label in words, with the page's `t`. */
export function planName(
  description: string,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const label = planLabel(description);
  return typeof label === "string" ? label : t(label.key, label.values);
}
