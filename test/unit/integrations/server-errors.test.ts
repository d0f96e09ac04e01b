import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/upstream/errors";
import { shouldReportServerError } from "~/integrations/server-errors";

const live = { aborted: false };

describe("shouldReportServerError", () => {
  it.each<[string, unknown, boolean]>([
    ["a TypeError in a loader", new TypeError("x is undefined"), true],
    ["a rendering error", new Error("Cannot render block"), true],
    ["a thrown 500 Response", new Response(null, { status: 500 }), true],
    ["a thrown string", "broken", true],
    [
      "a 404 error response",
      { status: 404, statusText: "Not Found", internal: true, data: "" },
      false,
    ],
    ["a thrown 404 Response", new Response(null, { status: 404 }), false],
    ["a thrown redirect", new Response(null, { status: 302 }), false],
    [
      "an Express 400 (malformed URL)",
      Object.assign(new URIError("URI malformed"), { status: 400 }),
      false,
    ],
    [
      "a body that is too large (413)",
      Object.assign(new Error("too large"), { statusCode: 413 }),
      false,
    ],
    ["an upstream refusal", new UpstreamError(400, { code: "INVALID_EMAIL" }), false],
    ["an upstream outage", new UpstreamError(503, { message: "NETWORK_ERROR" }), false],
    ["an upstream time-out", new UpstreamError(504, { message: "TIMEOUT" }), false],
    ["an abort", new DOMException("The operation was aborted.", "AbortError"), false],
    ["nothing", undefined, false],
  ])("%s → %s", (_name, error, reported) => {
    expect(shouldReportServerError(error, live)).toBe(reported);
  });

  it("never reports the work of a request the visitor abandoned", () => {
    expect(shouldReportServerError(new Error("half done"), { aborted: true })).toBe(false);
  });
});
