/**
 * Card errors (SPEC §8) from the card provider's error object — Stripe's `code` and, for
 * declines, the more specific `decline_code` — to UI-string keys. Anything unknown gets the
 * general error, never the provider's own (English, possibly technical) message.
 */

export const CARD_ERROR_MESSAGES = {
  declined: "commerce.cardErrors.declined",
  expired: "commerce.cardErrors.expired",
  incorrectCvc: "commerce.cardErrors.incorrectCvc",
  processing: "commerce.cardErrors.processing",
  insufficientFunds: "commerce.cardErrors.insufficientFunds",
  zip: "commerce.cardErrors.zip",
  authentication: "commerce.cardErrors.authentication",
  general: "errors.undefinedError",
} as const;
export type CardErrorKind = keyof typeof CARD_ERROR_MESSAGES;

/** Provider codes (error codes, decline codes and failed card checks) by the message they get. */
const CODES: Readonly<Record<string, Exclude<CardErrorKind, "general">>> = {
  card_declined: "declined",
  generic_decline: "declined",
  do_not_honor: "declined",
  stolen_card: "declined",
  lost_card: "declined",
  pickup_card: "declined",
  fraudulent: "declined",
  expired_card: "expired",
  incorrect_cvc: "incorrectCvc",
  invalid_cvc: "incorrectCvc",
  cvc_check_fails: "incorrectCvc",
  cvc_check_failed: "incorrectCvc",
  processing_error: "processing",
  insufficient_funds: "insufficientFunds",
  incorrect_zip: "zip",
  postal_code_invalid: "zip",
  zip_check_fails: "zip",
  zip_check_failed: "zip",
  address_zip_check_fails: "zip",
  authentication_required: "authentication",
  authentication_failure: "authentication",
  payment_intent_authentication_failure: "authentication",
  setup_intent_authentication_failure: "authentication",
};

/** The parts of a card provider's error this looks at (Stripe.js `error`, or a server's echo). */
export interface CardErrorInput {
  code?: unknown;
  decline_code?: unknown;
  /** Card checks: `{ cvc_check: "fail", address_postal_code_check: "fail" }`. */
  checks?: unknown;
}

function known(value: unknown): Exclude<CardErrorKind, "general"> | null {
  if (typeof value !== "string" || value.length > 64) return null;
  const code = value.trim().toLowerCase();
  return Object.hasOwn(CODES, code) ? (CODES[code] ?? null) : null;
}

function failedCheck(checks: unknown): Exclude<CardErrorKind, "general"> | null {
  if (!checks || typeof checks !== "object") return null;
  const { cvc_check, address_zip_check, address_postal_code_check } = checks as Record<
    string,
    unknown
  >;
  if (cvc_check === "fail") return "incorrectCvc";
  if (address_zip_check === "fail" || address_postal_code_check === "fail") return "zip";
  return null;
}

/** Which SPEC §8 case an error is. The decline code is the more specific, so it is read first. */
export function cardErrorKind(error: CardErrorInput | null | undefined): CardErrorKind {
  if (!error || typeof error !== "object") return "general";
  return known(error.decline_code) ?? known(error.code) ?? failedCheck(error.checks) ?? "general";
}

/** The UI-string key of the message for a card error. */
export function cardErrorMessage(error: CardErrorInput | null | undefined): string {
  return CARD_ERROR_MESSAGES[cardErrorKind(error)];
}
