import { describe, expect, it } from "vitest";
import {
  cardErrorKind,
  cardErrorMessage,
  type CardErrorInput,
  type CardErrorKind,
} from "~/commerce/card-errors";

describe("card errors map to SPEC §8's messages", () => {
  it.each<[CardErrorInput | null | undefined, CardErrorKind]>([
    [{ code: "card_declined" }, "declined"],
    [{ code: "card_declined", decline_code: "generic_decline" }, "declined"],
    [{ code: "card_declined", decline_code: "stolen_card" }, "declined"],
    [{ code: "card_declined", decline_code: "lost_card" }, "declined"],
    [{ code: "card_declined", decline_code: "do_not_honor" }, "declined"],
    [{ code: "card_declined", decline_code: "something_new" }, "declined"],
    [{ code: "expired_card" }, "expired"],
    [{ code: "card_declined", decline_code: "expired_card" }, "expired"],
    [{ code: "incorrect_cvc" }, "incorrectCvc"],
    [{ code: "card_declined", decline_code: "incorrect_cvc" }, "incorrectCvc"],
    [{ code: "cvc_check_fails" }, "incorrectCvc"],
    [{ checks: { cvc_check: "fail" } }, "incorrectCvc"],
    [{ code: "processing_error" }, "processing"],
    [{ code: "card_declined", decline_code: "processing_error" }, "processing"],
    [{ code: "card_declined", decline_code: "insufficient_funds" }, "insufficientFunds"],
    [{ code: "insufficient_funds" }, "insufficientFunds"],
    [{ code: "incorrect_zip" }, "zip"],
    [{ code: "card_declined", decline_code: "incorrect_zip" }, "zip"],
    [{ code: "zip_check_fails" }, "zip"],
    [{ checks: { cvc_check: "pass", address_zip_check: "fail" } }, "zip"],
    [{ checks: { address_postal_code_check: "fail" } }, "zip"],
    [{ code: "payment_intent_authentication_failure" }, "authentication"],
    [{ code: "setup_intent_authentication_failure" }, "authentication"],
    [{ code: "card_declined", decline_code: "authentication_required" }, "authentication"],
    [{ code: " Card_Declined " }, "declined"],
    [{ code: "rate_limit" }, "general"],
    [{ code: "api_connection_error" }, "general"],
    [{ code: "toString" }, "general"],
    [{ code: "__proto__" }, "general"],
    [{ code: 402 }, "general"],
    [{ code: "card_declined".padEnd(65, "x") }, "general"],
    [{ checks: { cvc_check: "unavailable" } }, "general"],
    [{}, "general"],
    [null, "general"],
    [undefined, "general"],
  ])("%j is %s", (error, kind) => {
    expect(cardErrorKind(error)).toBe(kind);
  });

  it.each<[CardErrorInput, string]>([
    [{ code: "card_declined" }, "commerce.cardErrors.declined"],
    [{ code: "expired_card" }, "commerce.cardErrors.expired"],
    [{ code: "incorrect_cvc" }, "commerce.cardErrors.incorrectCvc"],
    [{ code: "processing_error" }, "commerce.cardErrors.processing"],
    [
      { code: "card_declined", decline_code: "insufficient_funds" },
      "commerce.cardErrors.insufficientFunds",
    ],
    [{ code: "incorrect_zip" }, "commerce.cardErrors.zip"],
    [{ code: "payment_intent_authentication_failure" }, "commerce.cardErrors.authentication"],
    [{ code: "unknown" }, "errors.undefinedError"],
  ])("%j shows %s", (error, key) => {
    expect(cardErrorMessage(error)).toBe(key);
  });
});
