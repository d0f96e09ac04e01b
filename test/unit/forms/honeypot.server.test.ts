import { describe, expect, it } from "vitest";
import { isSpam } from "~/forms/honeypot.server";
import { HONEYPOT_FIELD } from "~/forms/schemas";

function post(value?: string | Blob): FormData {
  const form = new FormData();
  form.set("email", "mia@example.com");
  if (value !== undefined) form.set(HONEYPOT_FIELD, value);
  return form;
}

describe("isSpam", () => {
  it.each([
    ["the field left empty, as people leave it", post(""), false],
    ["the field missing altogether (a script that posts the fields it wants)", post(), true],
    ["the field filled in", post("https://spam.example"), true],
    ["the field holding a space", post(" "), true],
    ["a file in the field's place", post(new Blob(["x"])), true],
  ])("%s", (_name, form, spam) => expect(isSpam(form)).toBe(spam));

  it("a field sent twice is not a person's post, even with the first one empty", () => {
    const form = post("");
    form.append(HONEYPOT_FIELD, "filled");
    expect(isSpam(form)).toBe(true);
  });
});
