import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config/config.server";
import type { RedeemReply } from "~/commerce/redeem";
import type { ContentPageData } from "~/page/page.server";
import {
  actionArgs,
  loaderArgs,
  returned,
  sessionCookie,
  setupSandboxUpstream,
  upstreamUrl,
  SESSION,
  formPostsSpent,
} from "../support/remix";
import { contentPageAction, contentPageLoader } from "../support/routes";

const upstream = setupSandboxUpstream();
const p = (path: string) => `/${getConfig().brand.provider}/${path}`;

const CHECK = { _form: "redeem", website_url: "", step: "check", code: "gift-year-2026" };
const APPLY = {
  _form: "redeem",
  website_url: "",
  step: "apply",
  code: "GIFT-YEAR-2026",
  email: "Mia@Example.com",
};

async function post(
  path: string,
  form: Record<string, string>,
  options: { context?: Partial<AppLoadContext>; cookies?: Record<string, string> } = {},
) {
  const answer = await returned(contentPageAction(actionArgs(path, { form, ...options })));
  return { ...answer, reply: answer.data as RedeemReply };
}

describe("the /redeem page", () => {
  it.each(["/redeem", "/de/redeem"])("%s holds the redeem block", async (path) => {
    const { data } = await returned(contentPageLoader(loaderArgs(path)));
    const page = data as ContentPageData;
    expect(page.fallback).toBe(false);
    expect(page.blocks.map((b) => b.name)).toContain("redeem-form");
  });
});

describe("redeem form", () => {
  it("step 1 says what a code gives, and applies nothing", async () => {
    const { status, headers, reply } = await post("/redeem", CHECK);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(reply.form).toBe("redeem");
    expect(reply.preview).toEqual({
      code: "GIFT-YEAR-2026",
      kind: "gift",
      plan: "1 year",
      expiresAt: "2030-12-31",
    });
    expect(reply.redeemed).toBeUndefined();
    expect(upstream.recorder.all("sales.redeem-gift")).toEqual([]);
    expect(upstream.recorder.all("purchase.redeem")).toEqual([]);
  });

  it("step 2 redeems a gift with redeem-gift/, for the e-mail's account", async () => {
    const { status, reply } = await post("/de/redeem", APPLY);
    expect(status).toBe(200);
    expect(reply.redeemed).toMatchObject({
      code: "GIFT-YEAR-2026",
      plan: "1 year",
      email: "m***@example.com",
    });
    expect(upstream.recorder.all("sales.redeem-gift").map((r) => r.body)).toEqual([
      { code: "GIFT-YEAR-2026", email: "mia@example.com", lang: "de" },
    ]);
    expect(upstream.recorder.all("purchase.redeem")).toEqual([]);
  });

  it("step 2 redeems a redeem code with purchase/redeem/, with the visitor's tokens", async () => {
    const cookie = await sessionCookie({ authToken: "token-1" });
    const { reply } = await post(
      "/redeem",
      { ...APPLY, code: "redeem-3months" },
      { cookies: { [SESSION]: cookie } },
    );
    expect(reply.redeemed?.plan).toBe("3 months");
    expect(upstream.recorder.all("purchase.redeem")).toHaveLength(1);
    expect(upstream.calls(p("purchase/redeem/"))[0]?.headers.get("X-Auth-Token")).toBe("token-1");
    expect(upstream.recorder.all("sales.redeem-gift")).toEqual([]);
  });

  it("the kind is the service's, never the post's", async () => {
    await post("/redeem", { ...APPLY, kind: "code" });
    expect(upstream.recorder.all("sales.redeem-gift")).toHaveLength(1);
    expect(upstream.recorder.all("purchase.redeem")).toEqual([]);
  });

  it.each([
    ["NOPE-0000", "redeem.errors.invalid"],
    ["GIFT-USED-0001", "redeem.errors.used"],
    ["GIFT-EXPIRED-01", "redeem.errors.expired"],
  ])("refuses %s beside the code (400)", async (code, message) => {
    for (const form of [CHECK, APPLY]) {
      const { status, reply } = await post("/redeem", { ...form, code });
      expect(status).toBe(400);
      expect(reply.result.error?.code).toEqual([message]);
      expect(reply.preview).toBeUndefined();
    }
    expect(upstream.recorder.all("sales.redeem-gift")).toEqual([]);
  });

  it.each([
    ["no!", "redeem.errors.invalid"],
    ["", "validation.REQUIRED"],
    ["x".repeat(65), "redeem.errors.invalid"],
  ])("refuses the code %j without a call", async (code, message) => {
    const { status, reply } = await post("/redeem", { ...CHECK, code });
    expect(status).toBe(400);
    expect(reply.result.error?.code).toEqual([message]);
    expect(upstream.calls()).toEqual([]);
  });

  it("asks the service about codes of 4 and of 64 characters, refuses 3 and 65 without a call", async () => {
    const shortest = "NOPE";
    const longest = "N".repeat(64);
    for (const code of [shortest, longest]) {
      const { status, reply } = await post("/redeem", { ...CHECK, code });
      expect(status).toBe(400);
      expect(reply.result.error?.code).toEqual(["redeem.errors.invalid"]);
    }
    expect(upstream.calls(p("sales/redeem-code/")).map((call) => call.query.code)).toEqual([
      shortest,
      longest,
    ]);
    upstream.forget();
    for (const code of ["NOP", "N".repeat(65)]) {
      const { status, reply } = await post("/redeem", { ...CHECK, code });
      expect(status).toBe(400);
      expect(reply.result.error?.code).toEqual(["redeem.errors.invalid"]);
    }
    expect(upstream.calls()).toEqual([]);
  });

  it("a refused e-mail keeps the code confirmed beside it", async () => {
    const { status, reply } = await post("/redeem", { ...APPLY, email: "mia@" });
    expect(status).toBe(400);
    expect(reply.result.error?.email).toEqual(["validation.INVALID_EMAIL"]);
    expect(reply.preview?.code).toBe("GIFT-YEAR-2026");
    expect(upstream.recorder.all("sales.redeem-gift")).toEqual([]);
  });

  it("maps the service's SPEC §8 keys", async () => {
    upstream.server.use(
      http.post(upstreamUrl(p("sales/redeem-gift/")), () =>
        HttpResponse.json({ message: "USE_NEW_BONUS_CODE_ON_OWN_ACC" }, { status: 400 }),
      ),
    );
    const { reply } = await post("/redeem", APPLY);
    expect(reply.result.error?.code).toEqual(["api.USE_NEW_BONUS_CODE_ON_OWN_ACC"]);
  });

  it("a bot (honeypot) is told the code is invalid; nothing is sent", async () => {
    const { status, reply } = await post("/redeem", { ...APPLY, website_url: "http://x.example" });
    expect(status).toBe(400);
    expect(reply.result.error?.code).toEqual(["redeem.errors.invalid"]);
    expect(upstream.calls()).toEqual([]);
  });

  it("over the per-IP limit: 429, nothing sent", async () => {
    const { status, reply } = await post("/redeem", CHECK, {
      context: await formPostsSpent("redeem"),
    });
    expect(status).toBe(429);
    expect(reply.result.error?.[""]).toEqual(["api.TOO_MANY_REQUESTS"]);
    expect(upstream.calls()).toEqual([]);
  });

  it("a failing service: 502 with the seed's message, never a 500", async () => {
    upstream.server.use(http.get(upstreamUrl(p("sales/redeem-code/")), () => HttpResponse.error()));
    const { status, reply } = await post("/redeem", CHECK);
    expect(status).toBe(502);
    expect(reply.result.error?.[""]).toEqual(["errors.undefinedError"]);
  });

  it("a step it does not know is refused", async () => {
    const { status } = await post("/redeem", { ...CHECK, step: "steal" });
    expect(status).toBe(400);
    expect(upstream.calls()).toEqual([]);
  });
});
