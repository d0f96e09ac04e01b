/**
 * A visitor-facing text as a UI-string key plus its interpolation values: commerce rules say
 * *what* to show, the page translates it (`t(text.key, text.values)`) in the visitor's language.
 */
export interface UiText {
  key: string;
  values?: Record<string, string | number>;
}

export function uiText(key: string, values?: Record<string, string | number>): UiText {
  return values ? { key, values } : { key };
}
