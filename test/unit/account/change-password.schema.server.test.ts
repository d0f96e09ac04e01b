import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  createChangePasswordSchema,
  SECRET_FIELDS,
} from "~/account/change-password.schema.server";

const STRONG = "plum orbit lantern velvet";
const OK = {
  current: "old secret 1",
  password: STRONG,
  repeat: STRONG,
  terms: "on",
};

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

function errors(entries: Record<string, string | string[]>, schema = changePasswordSchema) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? null : submission.reply().error;
}

const REQUIRED = "validation.REQUIRED";

describe("change-password schema (SPEC §5)", () => {
  it.each<[string, Record<string, string | string[]>, Record<string, string[]> | null]>([
    ["valid", OK, null],
    [
      "nothing posted",
      {},
      {
        current: [REQUIRED],
        password: [REQUIRED],
        repeat: [REQUIRED],
        terms: ["validation.TERMS_AGREE"],
      },
    ],
    ["no current password", { ...OK, current: "" }, { current: [REQUIRED] }],
    [
      "current password over 128",
      { ...OK, current: "c".repeat(129) },
      { current: ["account.passwordTooLong"] },
    ],
    [
      "leading space",
      { ...OK, password: ` ${STRONG}`, repeat: ` ${STRONG}` },
      { password: ["validation.PASSWORD_WHITESPACE"] },
    ],
    [
      "trailing space",
      { ...OK, password: `${STRONG} `, repeat: `${STRONG} ` },
      { password: ["validation.PASSWORD_WHITESPACE"] },
    ],
    [
      "not printable ASCII",
      { ...OK, password: "плюм орбит лантерн", repeat: "плюм орбит лантерн" },
      { password: ["validation.PASSWORD_ASCII"] },
    ],
    [
      "too short",
      { ...OK, password: "t7#Kq9!", repeat: "t7#Kq9!" },
      { password: ["validation.PASSWORD_MIN_LENGTH"] },
    ],
    [
      "too long",
      { ...OK, password: "Zx8$wQ2!".repeat(17), repeat: "Zx8$wQ2!".repeat(17) },
      { password: ["account.passwordTooLong"] },
    ],
    [
      "weak",
      { ...OK, password: "password123", repeat: "password123" },
      { password: ["validation.PASSWORD_BAD"] },
    ],
    [
      "repeat differs",
      { ...OK, repeat: `${STRONG}!` },
      { repeat: ["validation.CONFIRM_PASSWORD"] },
    ],
    ["repeat missing", { ...OK, repeat: "" }, { repeat: [REQUIRED] }],
    [
      "several rules at once, repeat checked too",
      { ...OK, password: " ключ", repeat: "x" },
      {
        password: [
          "validation.PASSWORD_WHITESPACE",
          "validation.PASSWORD_ASCII",
          "validation.PASSWORD_MIN_LENGTH",
        ],
        repeat: ["validation.CONFIRM_PASSWORD"],
      },
    ],
    [
      "new password = current password",
      { ...OK, current: STRONG },
      { password: ["validation.PASSWORD_BAD"] },
    ],
    ["terms unticked", { ...OK, terms: "" }, { terms: ["validation.TERMS_AGREE"] }],
    ["terms forged", { ...OK, terms: "yes" }, { terms: ["validation.TERMS_AGREE"] }],
    [
      "duplicated field",
      { ...OK, password: [STRONG, STRONG] },
      { password: ["validation.INVALID_VALUE"] },
    ],
  ])("%s", (_name, entries, expected) => {
    expect(errors(entries)).toEqual(expected);
  });

  it("keeps the passwords exactly as typed and drops the repeat", () => {
    const submission = parseWithZod(form({ ...OK, _form: "password", website_url: "" }), {
      schema: changePasswordSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      current: "old secret 1",
      password: STRONG,
      terms: true,
      captcha: undefined,
    });
  });

  it("passes a captcha token on for the action to verify", () => {
    const submission = parseWithZod(form({ ...OK, captcha: "token-1" }), {
      schema: changePasswordSchema,
    });
    expect(submission.status === "success" && submission.value.captcha).toBe("token-1");
  });

  it("counts the visitor's e-mail against the new password", () => {
    const entries = { ...OK, password: "MiaLopezExample", repeat: "MiaLopezExample" };
    expect(errors(entries)).toBeNull();
    expect(errors(entries, createChangePasswordSchema(["mia.lopezexample@example.com"]))).toEqual({
      password: ["validation.PASSWORD_BAD"],
    });
  });

  it("never sends a password back in a reply that hides SECRET_FIELDS", () => {
    const submission = parseWithZod(form({ ...OK, repeat: "other" }), {
      schema: changePasswordSchema,
    });
    expect(JSON.stringify(submission.reply())).toContain(STRONG);
    const reply = submission.reply({ hideFields: SECRET_FIELDS });
    expect(JSON.stringify(reply)).not.toContain(STRONG);
    expect(JSON.stringify(reply)).not.toContain("old secret 1");
  });
});
