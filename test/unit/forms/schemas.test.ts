import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { contactSchema, feedbackSchema, newsletterSchema, partnerSchema } from "~/forms/schemas";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: [string, string][]) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? null : submission.reply().error;
}

describe("newsletter schema (SPEC §5)", () => {
  it.each<[string, [string, string][], Record<string, string[]> | null]>([
    ["empty", [["email", ""]], { email: ["validation.EMAIL_REQUIRED"] }],
    ["blank", [["email", "   "]], { email: ["validation.EMAIL_REQUIRED"] }],
    ["missing", [], { email: ["validation.EMAIL_REQUIRED"] }],
    ["not an address", [["email", "mia@"]], { email: ["validation.EMAIL_FIELD_INVALID"] }],
    ["script", [["email", "<script>@x.y"]], { email: ["validation.EMAIL_FIELD_INVALID"] }],
    ["too long", [["email", `${"a".repeat(250)}@x.io`]], { email: ["validation.TOO_LONG"] }],
    [
      "duplicated",
      [
        ["email", "a@b.io"],
        ["email", "c@d.io"],
      ],
      { email: ["validation.INVALID_VALUE"] },
    ],
    ["valid", [["email", "Mia@Example.COM"]], null],
  ])("%s", (_name, entries, expected) => {
    expect(errors(newsletterSchema, entries)).toEqual(expected);
  });

  it("keeps the address trimmed and lowercased", () => {
    const submission = parseWithZod(form([["email", "  Mia@Example.COM "]]), {
      schema: newsletterSchema,
    });
    expect(submission.status === "success" && submission.value.email).toBe("mia@example.com");
  });
});

describe("feedback schema", () => {
  it.each<[string, [string, string][], Record<string, string[]> | null]>([
    [
      "a yes vote",
      [
        ["step", "vote"],
        ["answer", "yes"],
      ],
      null,
    ],
    [
      "a no vote",
      [
        ["step", "vote"],
        ["answer", "no"],
      ],
      null,
    ],
    ["no answer", [["step", "vote"]], { answer: ["validation.REQUIRED"] }],
    [
      "a strange answer",
      [
        ["step", "vote"],
        ["answer", "maybe"],
      ],
      { answer: ["validation.INVALID_VALUE"] },
    ],
    [
      "an empty comment",
      [
        ["step", "comment"],
        ["answer", "no"],
        ["comment", "  "],
      ],
      { comment: ["validation.TEXT_REQUIRED"] },
    ],
    [
      "a comment",
      [
        ["step", "comment"],
        ["answer", "no"],
        ["comment", "Too short"],
      ],
      null,
    ],
    [
      "an unknown step",
      [
        ["step", "other"],
        ["answer", "no"],
      ],
      { step: ["validation.INVALID_VALUE"] },
    ],
  ])("%s", (_name, entries, expected) => {
    expect(errors(feedbackSchema, entries)).toEqual(expected);
  });
});

describe("contact and partner schemas", () => {
  it("requires name, address and message", () => {
    expect(errors(contactSchema, [])).toEqual({
      name: ["validation.REQUIRED"],
      email: ["validation.REQUIRED"],
      message: ["validation.TEXT_REQUIRED"],
    });
  });

  it("takes a web site only as an http(s) address", () => {
    const base: [string, string][] = [
      ["company", "Acme"],
      ["name", "Mia"],
      ["email", "mia@acme.io"],
      ["message", "Hello"],
    ];
    expect(errors(partnerSchema, [...base, ["website", "javascript:alert(1)"]])).toEqual({
      website: ["validation.INVALID_URL"],
    });
    expect(errors(partnerSchema, [...base, ["website", "https://acme.io"]])).toBeNull();
    expect(errors(partnerSchema, base)).toBeNull();
  });
});
