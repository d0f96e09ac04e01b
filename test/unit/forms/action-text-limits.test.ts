/**
 * The longest text each field of the page forms takes (contact, partner, the feedback panels'
 * comment), posted through the page's action as a browser posts it: a value exactly at the limit
 * is sent upstream as it was typed, one character more is refused on its field, kept in the form,
 * and sends nothing. The panels read the pages a visitor answered from a cookie of at most 2048
 * characters; a longer one is read as none.
 */
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import { feedbackHash } from "~/forms/feedback";
import type { FormReply } from "~/forms/reply";
import { actionArgs, returned, setupSandboxUpstream } from "../support/remix";
import { contentPageAction } from "../support/routes";
import { addressOfLength, textOfLength, webAddressOfLength } from "../support/sized";

const upstream = setupSandboxUpstream();

const CONTACT = {
  _form: "contact",
  website_url: "",
  name: "Mia Jones",
  email: "mia.jones@example.com",
  subject: "Family plan",
  message: "How do I add my sister to our family plan?",
};

const PARTNER = {
  _form: "partner",
  website_url: "",
  company: "Northwind Devices",
  name: "Lars Berg",
  email: "lars@northwind.example",
  website: "https://northwind.example",
  message: "We would like to bundle KeyNest with our routers.",
};

interface PageForm {
  path: string;
  fields: Record<string, string>;
  /** The upstream endpoint the form sends to, and the recording of what it received. */
  endpoint: () => string;
  recorded: string;
}

const FORMS: Record<"contact" | "partner", PageForm> = {
  contact: {
    path: "/contact",
    fields: CONTACT,
    endpoint: () => `/${getConfig().brand.provider}/vpn/send/`,
    recorded: "vpn.send",
  },
  partner: {
    path: "/partners",
    fields: PARTNER,
    endpoint: () => `/${getConfig().brand.provider}/vpn/request-oem/`,
    recorded: "vpn.request-oem",
  },
};

/** A value of the field's kind with exactly `length` characters. */
function valueOf(field: string, length: number): string {
  if (field === "email") return addressOfLength(length);
  if (field === "website") return webAddressOfLength(length);
  return textOfLength(length);
}

// [form, the field as a person names it, the longest value taken, the shortest refused, field]
const FIELD_LIMITS: ["contact" | "partner", string, number, number, string][] = [
  ["contact", "a name", 100, 101, "name"],
  ["contact", "an e-mail address", 254, 255, "email"],
  ["contact", "a subject", 200, 201, "subject"],
  ["contact", "a message", 5000, 5001, "message"],
  ["partner", "a company name", 150, 151, "company"],
  ["partner", "a name", 100, 101, "name"],
  ["partner", "an e-mail address", 254, 255, "email"],
  ["partner", "a website address", 300, 301, "website"],
  ["partner", "a message", 5000, 5001, "message"],
];

const post = (path: string, form: Record<string, string>) =>
  returned(contentPageAction(actionArgs(path, { form })));

describe("the contact and partner forms' limits", () => {
  it.each(FIELD_LIMITS)(
    "the %s form takes %s of %i characters, refuses %i",
    async (name, _label, longest, refused, field) => {
      const form = FORMS[name];
      const taken = valueOf(field, longest);
      expect(taken).toHaveLength(longest);
      const accepted = await post(form.path, { ...form.fields, [field]: taken });
      expect(accepted.status).toBe(303);
      expect(accepted.location).toBe(`${form.path}#${name}`);
      const [sent, ...more] = upstream.recorder.all(form.recorded);
      expect(more).toEqual([]);
      expect(sent?.body).toMatchObject({ [field]: taken });

      upstream.forget();
      const tooLong = valueOf(field, refused);
      expect(tooLong).toHaveLength(refused);
      const answer = await post(form.path, { ...form.fields, [field]: tooLong });
      expect(answer.status).toBe(400);
      const reply = answer.data as FormReply;
      expect(reply.form).toBe(name);
      expect(reply.result.error).toEqual({ [field]: ["validation.TOO_LONG"] });
      // The visitor gets their text back to shorten it.
      expect(reply.result.initialValue).toMatchObject({ [field]: tooLong });
      expect(upstream.calls(form.endpoint())).toEqual([]);
    },
  );
});

describe("the feedback panels", () => {
  // [panel, a page that has it]
  const PANELS: [string, string][] = [
    ["feedback", "help/manuals/how-to-install"],
    ["download", "downloads/windows"],
  ];
  const comment = (form: string, page: string, text: string) =>
    returned(
      contentPageAction(
        actionArgs(`/${page}`, {
          params: { "*": page },
          form: { _form: form, website_url: "", step: "comment", answer: "no", comment: text },
        }),
      ),
    );

  it.each(PANELS)(
    "the %s panel on /%s takes a comment of 2000 characters, refuses 2001",
    async (form, page) => {
      const longest = textOfLength(2000);
      expect(longest).toHaveLength(2000);
      const accepted = await comment(form, page, longest);
      expect(accepted.status).toBe(303);
      expect(upstream.recorder.all("coms.survey").map((entry) => entry.body)).toEqual([
        expect.objectContaining({ page: `/${page}`, helpful: false, comment: longest }),
      ]);

      upstream.forget();
      const refused = await comment(form, page, textOfLength(2001));
      expect(refused.status).toBe(400);
      expect((refused.data as FormReply).result.error).toEqual({
        comment: ["validation.TOO_LONG"],
      });
      expect(upstream.calls("/coms/survey/")).toEqual([]);
    },
  );

  it("reads a page as answered from a cookie of 2048 characters, ignores one of 2049", async () => {
    const page = "/help/manuals/how-to-install";
    /** The cookie of answered pages, `length` characters long, this page's entry last. */
    const answered = (length: number) => {
      const entry = feedbackHash("page", page);
      // One filler word too long to be an entry, then this page's.
      return `${textOfLength(length - entry.length - 1)}.${entry}`;
    };
    const vote = (cookie: string) =>
      returned(
        contentPageAction(
          actionArgs(page, {
            params: { "*": page.slice(1) },
            form: { _form: "feedback", website_url: "", _js: "1", step: "vote", answer: "yes" },
            cookies: { kn_fb: cookie },
          }),
        ),
      );
    expect(answered(2048)).toHaveLength(2048);
    expect((await vote(answered(2048))).data).toMatchObject({ outcome: "answered" });
    expect(upstream.calls("/coms/survey/")).toEqual([]);

    expect(answered(2049)).toHaveLength(2049);
    expect((await vote(answered(2049))).data).toMatchObject({ outcome: "yes" });
    expect(upstream.recorder.all("coms.survey").map((entry) => entry.body)).toEqual([
      expect.objectContaining({ page, helpful: true }),
    ]);
  });
});
