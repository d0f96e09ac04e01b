import { describe, expect, it } from "vitest";
import { parseFlash, serializeFlash } from "~/forms/flash";

describe("flash cookie values", () => {
  it.each<[string | null, ReturnType<typeof parseFlash>]>([
    ["newsletter.ok", { form: "newsletter", outcome: "ok" }],
    ["feedback.commented", { form: "feedback", outcome: "commented" }],
    ["newsletter.yes", null],
    ["newsletter", null],
    ["newsletter.ok.extra", null],
    ["__proto__.ok", null],
    ["constructor.ok", null],
    ["<b>.ok", null],
    ["", null],
    [null, null],
    ["contact." + "o".repeat(60), null],
  ])("%s", (raw, expected) => {
    expect(parseFlash(raw)).toEqual(expected);
  });

  it("round-trips", () => {
    expect(parseFlash(serializeFlash({ form: "partner", outcome: "ok" }))).toEqual({
      form: "partner",
      outcome: "ok",
    });
  });
});
