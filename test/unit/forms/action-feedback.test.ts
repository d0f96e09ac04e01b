import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { feedbackHash, rememberAnswer } from "~/forms/feedback";
import type { AppLoadContext } from "@remix-run/node";
import {
  actionArgs,
  formPostsSpent,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
} from "../support/remix";
import { contentPageAction } from "../support/routes";

const upstream = setupSandboxUpstream();

const MANUAL = "/help/manuals/how-to-install";

/** The catch-all route's params for a URL path, as Remix matches `($lang).$`. */
function paramsFor(path: string) {
  const [, first = "", rest = ""] = /^\/([^/]*)\/?(.*)$/.exec(path) ?? [];
  return /^(jp|ru|tr|fr|de|ua|es|zh)$/.test(first)
    ? { lang: first, "*": rest }
    : { "*": path.slice(1) };
}

/** A post of a feedback panel's form to `path`, as the page's form sends it. */
function post(
  path: string,
  fields: Record<string, string>,
  options: { cookies?: Record<string, string>; context?: Partial<AppLoadContext> } = {},
) {
  const args = actionArgs(path, {
    params: paramsFor(path),
    form: { _form: "feedback", website_url: "", ...fields },
    cookies: options.cookies,
    context: options.context,
  });
  return returned(contentPageAction(args));
}

const surveys = () => upstream.recorder.all("coms.survey").map((entry) => entry.body);
const cookieNamed = (headers: Headers, name: string) =>
  headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? null;

describe("feedback panels: the vote", () => {
  it("sends 'yes' for the page of the URL, then returns to the panel with a flash and a cookie", async () => {
    const { status, location, headers } = await post(MANUAL, { step: "vote", answer: "yes" });
    expect(status).toBe(303);
    expect(location).toBe(`${MANUAL}#feedback`);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(cookieNamed(headers, "kn_flash")).toMatch(/^kn_flash=feedback\.yes;/);
    const cookie = cookieNamed(headers, "kn_fb");
    // Not HttpOnly: the panel reads it after hydration (decision 014 §6).
    expect(cookie).toBe(
      `kn_fb=${feedbackHash("page", MANUAL)}; Max-Age=31536000; Path=/; Secure; SameSite=Lax`,
    );
    expect(surveys()).toEqual([{ kind: "page", page: MANUAL, lang: "en", helpful: true }]);
  });

  it("sends 'no' from a German download page as a download survey in German", async () => {
    const { status, location, headers } = await post("/de/downloads/windows", {
      _form: "download",
      step: "vote",
      answer: "no",
    });
    expect(status).toBe(303);
    expect(location).toBe("/de/downloads/windows#download");
    expect(cookieNamed(headers, "kn_flash")).toMatch(/^kn_flash=download\.no;/);
    expect(cookieNamed(headers, "kn_fb")).toContain(feedbackHash("download", "/downloads/windows"));
    expect(surveys()).toEqual([
      { kind: "download", page: "/downloads/windows", lang: "de", helpful: false },
    ]);
  });

  it("answers a post from JS with data and the cookie, without a flash", async () => {
    const { status, data, headers } = await post(`/jp${MANUAL}`, {
      step: "vote",
      answer: "no",
      _js: "1",
    });
    expect(status).toBe(200);
    expect(data).toEqual({ form: "feedback", result: { status: "success" }, outcome: "no" });
    expect(cookieNamed(headers, "kn_flash")).toBeNull();
    expect(cookieNamed(headers, "kn_fb")).toContain(feedbackHash("page", MANUAL));
    expect(surveys()).toEqual([{ kind: "page", page: MANUAL, lang: "jp", helpful: false }]);
  });

  it("adds the page to the pages answered before", async () => {
    const before = rememberAnswer(null, "download", "/downloads/macos");
    const { headers } = await post(
      MANUAL,
      { step: "vote", answer: "yes" },
      {
        cookies: { kn_fb: before },
      },
    );
    expect(cookieNamed(headers, "kn_fb")).toMatch(
      new RegExp(`^kn_fb=${before}\\.${feedbackHash("page", MANUAL)};`),
    );
  });

  it.each([
    ["without JS: back to the panel with the thanks", {}],
    ["with JS: the outcome as data", { _js: "1" }],
  ])("does not count a second vote on an answered page (%s)", async (_how, extra) => {
    const cookies = { kn_fb: rememberAnswer(null, "page", MANUAL) };
    const answer = await post(
      `/de${MANUAL}`,
      { step: "vote", answer: "no", ...extra },
      { cookies },
    );
    expect(surveys()).toEqual([]);
    if ("_js" in extra) {
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ form: "feedback", outcome: "answered" });
    } else {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/de${MANUAL}#feedback`);
      expect(cookieNamed(answer.headers, "kn_flash")).toMatch(/^kn_flash=feedback\.answered;/);
    }
    // Another page, or the other panel's question on the same path, is still asked.
    await post("/help/use-cases/for-families", { step: "vote", answer: "yes" }, { cookies });
    expect(surveys()).toEqual([
      { kind: "page", page: "/help/use-cases/for-families", lang: "en", helpful: true },
    ]);
  });

  it("takes the comment that follows the visitor's vote", async () => {
    const cookies = { kn_fb: rememberAnswer(null, "page", MANUAL) };
    const { status } = await post(
      MANUAL,
      { step: "comment", answer: "no", comment: "More screenshots" },
      { cookies },
    );
    expect(status).toBe(303);
    expect(surveys()).toEqual([
      { kind: "page", page: MANUAL, lang: "en", helpful: false, comment: "More screenshots" },
    ]);
  });

  it("takes the page from the URL, never from a field", async () => {
    await post(MANUAL, {
      step: "vote",
      answer: "yes",
      page: "/somewhere/else",
      kind: "download",
      lang: "de",
      helpful: "false",
    });
    expect(surveys()).toEqual([{ kind: "page", page: MANUAL, lang: "en", helpful: true }]);
  });

  it.each([
    [{ step: "vote" }, "answer", "validation.REQUIRED"],
    [{ step: "vote", answer: "maybe" }, "answer", "validation.INVALID_VALUE"],
    [{ answer: "yes" }, "step", "validation.INVALID_VALUE"],
  ])("refuses %j with 400 (%s: %s) and sends nothing", async (fields, name, message) => {
    const { status, data, headers } = await post(MANUAL, fields);
    expect(status).toBe(400);
    expect(data).toMatchObject({ form: "feedback", result: { error: { [name]: [message] } } });
    expect(headers.getSetCookie()).toEqual([]);
    expect(upstream.calls("/coms/survey/")).toEqual([]);
  });

  it.each([
    ["the page panel on a download page", "/downloads/windows", "feedback"],
    ["the download panel on a help page", MANUAL, "download"],
    ["a panel on a page without one", "/de/pricing", "feedback"],
    ["a panel on the help overview", "/help", "feedback"],
  ])("refuses %s with 400", async (_case, path, form) => {
    const { status, data } = await post(path, { _form: form, step: "vote", answer: "yes" });
    expect(status).toBe(400);
    expect(data).toMatchObject({ form: "", result: { error: { "": ["errors.badRequest"] } } });
    expect(upstream.calls("/coms/survey/")).toEqual([]);
  });

  it("answers 429 over the rate limit and sends nothing", async () => {
    const { status, data } = await post(
      MANUAL,
      { step: "vote", answer: "yes" },
      { context: await formPostsSpent("feedback") },
    );
    expect(status).toBe(429);
    expect(data).toMatchObject({ result: { error: { "": ["api.TOO_MANY_REQUESTS"] } } });
    expect(upstream.calls("/coms/survey/")).toEqual([]);
  });
});

describe("feedback panels: the comment", () => {
  it("sends the comment with the vote, outcome 'commented'", async () => {
    const { status, location, headers } = await post(MANUAL, {
      step: "comment",
      answer: "no",
      comment: "  The screenshots are outdated.  ",
    });
    expect(status).toBe(303);
    expect(location).toBe(`${MANUAL}#feedback`);
    expect(cookieNamed(headers, "kn_flash")).toMatch(/^kn_flash=feedback\.commented;/);
    expect(cookieNamed(headers, "kn_fb")).not.toBeNull();
    expect(surveys()).toEqual([
      {
        kind: "page",
        page: MANUAL,
        lang: "en",
        helpful: false,
        comment: "The screenshots are outdated.",
      },
    ]);
  });

  it("answers a JS comment with data", async () => {
    const { status, data } = await post("/downloads/ios", {
      _form: "download",
      _js: "1",
      step: "comment",
      answer: "yes",
      comment: "Worked first time",
    });
    expect(status).toBe(200);
    expect(data).toEqual({ form: "download", result: { status: "success" }, outcome: "commented" });
  });

  it.each(["", "   \n  "])(
    "refuses an empty comment (%j) with 400 and 'Text is required', sending nothing",
    async (comment) => {
      const { status, data, headers } = await post(MANUAL, {
        step: "comment",
        answer: "yes",
        comment,
      });
      expect(status).toBe(400);
      expect(data).toMatchObject({
        form: "feedback",
        result: {
          error: { comment: ["validation.TEXT_REQUIRED"] },
          initialValue: { step: "comment", answer: "yes" },
        },
      });
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(headers.getSetCookie()).toEqual([]);
      expect(upstream.calls("/coms/survey/")).toEqual([]);
    },
  );

  it("answers 502 with the localizable message and keeps the text when the survey fails", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/coms/survey/"), () =>
        HttpResponse.json({ message: "BOOM" }, { status: 500 }),
      ),
    );
    const { status, data, headers } = await post(MANUAL, {
      step: "comment",
      answer: "no",
      comment: "Please add a video",
    });
    expect(status).toBe(502);
    expect(data).toMatchObject({
      form: "feedback",
      result: {
        error: { "": ["errors.undefinedError"] },
        initialValue: { step: "comment", answer: "no", comment: "Please add a video" },
      },
    });
    expect(headers.getSetCookie()).toEqual([]);
    expect(upstream.calls("/coms/survey/")).toHaveLength(1);
  });

  it("says 'try again later' when the sandbox's survey fails (fault text)", async () => {
    const { status, data } = await post("/de/downloads/windows", {
      _form: "download",
      _js: "1",
      step: "comment",
      answer: "no",
      comment: "sandbox:fault",
    });
    expect(status).toBe(502);
    expect(data).toMatchObject({ result: { error: { "": ["errors.undefinedError"] } } });
    expect(surveys()).toEqual([]);
  });
});

describe("feedback panels: the honeypot", () => {
  it.each([
    ["filled", { website_url: "http://spam.example" }],
    ["missing", { website_url: undefined }],
  ])("tells a bot whose honeypot is %s that it worked, and sends nothing", async (_case, bot) => {
    const fields: Record<string, string> = { step: "vote", answer: "no" };
    const form = { _form: "feedback", ...fields, ...bot };
    const args = actionArgs(MANUAL, {
      params: paramsFor(MANUAL),
      form: Object.fromEntries(
        Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    });
    const { status, location, headers } = await returned(contentPageAction(args));
    expect(status).toBe(303);
    expect(location).toBe(`${MANUAL}#feedback`);
    expect(cookieNamed(headers, "kn_flash")).toMatch(/^kn_flash=feedback\.no;/);
    expect(upstream.calls("/coms/survey/")).toEqual([]);
    expect(surveys()).toEqual([]);
  });

  it("answers a bot's JS comment as commented", async () => {
    const { status, data } = await post(MANUAL, {
      _js: "1",
      website_url: "x",
      step: "comment",
      answer: "yes",
      comment: "buy now",
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({ outcome: "commented" });
    expect(upstream.calls("/coms/survey/")).toEqual([]);
  });
});
