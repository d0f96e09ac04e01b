import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import type { FormReply } from "~/forms/reply";
import {
  actionArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
  formPostsSpent,
} from "../support/remix";
import { contentPageAction } from "../support/routes";

const upstream = setupSandboxUpstream();

const provider = () => getConfig().brand.provider;
const sendPath = () => `/${provider()}/vpn/send/`;
const oemPath = () => `/${provider()}/vpn/request-oem/`;

/** What the page's form posts: its fields, `_form` and the (empty) honeypot. */
const CONTACT = {
  _form: "contact",
  website_url: "",
  name: "Mia Jones",
  email: "Mia.Jones@Example.com",
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

function post(path: string, form: Record<string, string>, context: Partial<AppLoadContext> = {}) {
  return returned(contentPageAction(actionArgs(path, { form, context })));
}

/** The input a refused post gives back: what was sent, but the empty fields (conform drops them). */
function kept(form: Record<string, string>, field: string, value: string) {
  const sent: Record<string, string> = { ...form, [field]: value };
  return Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== ""));
}

/** The reply of an action that answered with data. */
function replyOf(data: unknown): FormReply {
  return data as FormReply;
}

describe("contact form action", () => {
  it("sends the message with the page and language of the URL, then returns to the form", async () => {
    const { status, location, headers } = await post("/de/contact", CONTACT);
    expect(status).toBe(303);
    expect(location).toBe("/de/contact#contact");
    expect(headers.get("Set-Cookie")).toMatch(/^kn_flash=contact\.ok; Max-Age=60; Path=\/;/);
    expect(headers.get("Cache-Control")).toMatch(/no-store/);
    expect(upstream.recorder.all("vpn.send").map((entry) => entry.body)).toEqual([
      {
        name: "Mia Jones",
        email: "mia.jones@example.com",
        subject: "Family plan",
        message: "How do I add my sister to our family plan?",
        page: "/contact",
        lang: "de",
      },
    ]);
  });

  it("sends no subject when it is left empty, and the English page has no prefix", async () => {
    const { status, location } = await post("/contact", { ...CONTACT, subject: "" });
    expect(status).toBe(303);
    expect(location).toBe("/contact#contact");
    const [sent] = upstream.recorder.all("vpn.send");
    expect(sent?.body).toMatchObject({ page: "/contact", lang: "en" });
    expect(sent?.body).not.toHaveProperty("subject");
  });

  it("answers a post from JS with data, not a redirect", async () => {
    const { status, data, location } = await post("/contact", { ...CONTACT, _js: "1" });
    expect(status).toBe(200);
    expect(location).toBeNull();
    expect(data).toEqual({ form: "contact", result: { status: "success" }, outcome: "ok" });
    expect(upstream.recorder.all("vpn.send")).toHaveLength(1);
  });

  it.each([
    ["name", "validation.REQUIRED", ""],
    ["email", "validation.REQUIRED", ""],
    ["email", "validation.INVALID_EMAIL", "mia@"],
    ["message", "validation.TEXT_REQUIRED", "   "],
  ])(
    "refuses a bad %s with %s (400, case %#), keeps the input and sends nothing",
    async (field, key, value) => {
      const { status, data, headers } = await post("/contact", { ...CONTACT, [field]: value });
      expect(status).toBe(400);
      expect(headers.get("Cache-Control")).toMatch(/no-store/);
      const reply = replyOf(data);
      expect(reply.form).toBe("contact");
      expect(reply.result.error).toEqual({ [field]: [key] });
      expect(reply.result.initialValue).toEqual(kept(CONTACT, field, value));
      expect(upstream.calls(sendPath())).toEqual([]);
    },
  );

  it("refuses a missing field as required", async () => {
    const { _form, website_url, message } = CONTACT;
    const { status, data } = await post("/contact", { _form, website_url, message });
    expect(status).toBe(400);
    expect(replyOf(data).result.error).toEqual({
      name: ["validation.REQUIRED"],
      email: ["validation.REQUIRED"],
    });
  });

  it("tells a bot that filled the honeypot it was sent, and sends nothing", async () => {
    const { status, location, headers } = await post("/contact", {
      ...CONTACT,
      website_url: "https://spam.example",
    });
    expect(status).toBe(303);
    expect(location).toBe("/contact#contact");
    expect(headers.get("Set-Cookie")).toMatch(/^kn_flash=contact\.ok;/);
    expect(upstream.calls(sendPath())).toEqual([]);
    expect(upstream.recorder.all()).toEqual([]);
  });

  it("treats a post without the honeypot field as a bot's too", async () => {
    const { website_url: _, ...withoutHoneypot } = CONTACT;
    const { status, data } = await post("/contact", { ...withoutHoneypot, _js: "1" });
    expect(status).toBe(200);
    expect(replyOf(data).outcome).toBe("ok");
    expect(upstream.calls(sendPath())).toEqual([]);
  });

  it("answers 502 with the generic message when the upstream fails, keeping the input", async () => {
    upstream.server.use(
      http.post(upstreamUrl(sendPath()), () => HttpResponse.json({}, { status: 503 })),
    );
    const { status, data } = await post("/contact", CONTACT);
    expect(status).toBe(502);
    const reply = replyOf(data);
    expect(reply.result.error).toEqual({ "": ["errors.undefinedError"] });
    expect(reply.result.initialValue).toMatchObject({
      name: "Mia Jones",
      message: CONTACT.message,
    });
    expect(upstream.calls(sendPath())).toHaveLength(1);
  });

  it("says 'try again later' when the sandbox's service fails (fault text)", async () => {
    const { status, data } = await post("/contact", {
      ...CONTACT,
      _js: "1",
      message: "sandbox:fault",
    });
    expect(status).toBe(502);
    expect(replyOf(data).result.error).toEqual({ "": ["errors.undefinedError"] });
    expect(upstream.recorder.all("vpn.send")).toEqual([]);
  });

  it("answers 429 with the input when the visitor's address is over the form limit", async () => {
    const { status, data } = await post("/contact", CONTACT, await formPostsSpent("contact"));
    expect(status).toBe(429);
    expect(replyOf(data).result.error).toEqual({ "": ["api.TOO_MANY_REQUESTS"] });
    expect(replyOf(data).result.initialValue).toMatchObject({ name: "Mia Jones" });
    expect(upstream.calls(sendPath())).toEqual([]);
  });
});

describe("partner form action", () => {
  it("sends the request with the page's language, then returns to the form", async () => {
    const { status, location, headers } = await post("/fr/partners", PARTNER);
    expect(status).toBe(303);
    expect(location).toBe("/fr/partners#partner");
    expect(headers.get("Set-Cookie")).toMatch(/^kn_flash=partner\.ok;/);
    expect(upstream.recorder.all("vpn.request-oem").map((entry) => entry.body)).toEqual([
      {
        company: "Northwind Devices",
        name: "Lars Berg",
        email: "lars@northwind.example",
        website: "https://northwind.example",
        message: "We would like to bundle KeyNest with our routers.",
        lang: "fr",
      },
    ]);
  });

  it("takes a request without a website", async () => {
    const { status, data } = await post("/partners", { ...PARTNER, website: "", _js: "1" });
    expect(status).toBe(200);
    expect(replyOf(data).outcome).toBe("ok");
    const [sent] = upstream.recorder.all("vpn.request-oem");
    expect(sent?.body).not.toHaveProperty("website");
  });

  it.each([
    ["company", "validation.REQUIRED", ""],
    ["name", "validation.REQUIRED", ""],
    ["email", "validation.INVALID_EMAIL", "lars(at)northwind"],
    ["website", "validation.INVALID_URL", "javascript:alert(1)"],
    ["website", "validation.INVALID_URL", "JavaScript://%0Aalert(1)"],
    ["website", "validation.INVALID_URL", "ftp://northwind.example"],
    ["website", "validation.INVALID_URL", "northwind"],
    ["message", "validation.TEXT_REQUIRED", ""],
  ])(
    "refuses a bad %s with %s (400, case %#), keeps the input and sends nothing",
    async (field, key, value) => {
      const { status, data } = await post("/partners", { ...PARTNER, [field]: value });
      expect(status).toBe(400);
      const reply = replyOf(data);
      expect(reply.form).toBe("partner");
      expect(reply.result.error).toEqual({ [field]: [key] });
      expect(reply.result.initialValue).toEqual(kept(PARTNER, field, value));
      expect(upstream.calls(oemPath())).toEqual([]);
    },
  );

  it("answers 502 with the generic message when the upstream fails", async () => {
    upstream.server.use(http.post(upstreamUrl(oemPath()), () => HttpResponse.error()));
    const { status, data } = await post("/partners", { ...PARTNER, _js: "1" });
    expect(status).toBe(502);
    expect(replyOf(data).result.error).toEqual({ "": ["errors.undefinedError"] });
    expect(replyOf(data).result.initialValue).toMatchObject({ company: PARTNER.company });
  });

  it("tells a bot that filled the honeypot it was sent, and sends nothing", async () => {
    const { status } = await post("/partners", { ...PARTNER, website_url: "x" });
    expect(status).toBe(303);
    expect(upstream.calls(oemPath())).toEqual([]);
  });
});

describe("a page's forms", () => {
  it("refuses a post for a form the site does not have", async () => {
    const { status, data } = await post("/contact", { ...CONTACT, _form: "complaints" });
    expect(status).toBe(400);
    expect(replyOf(data).result.error).toEqual({ "": ["errors.badRequest"] });
    expect(upstream.calls()).toEqual([]);
  });
});
