import { describe, expect, it } from "vitest";
import { reporterOptions } from "~/integrations/reporter-options";

const options = reporterOptions({
  dsn: "https://0123456789abcdef@o1.ingest.example/42",
  environment: "production",
  release: "keynest-site@1.0.0",
});

describe("the browser reporter's options", () => {
  it("trace 20 % of page loads and navigations (SPEC §9) and send no personal data", () => {
    expect(options).toMatchObject({
      dsn: "https://0123456789abcdef@o1.ingest.example/42",
      environment: "production",
      release: "keynest-site@1.0.0",
      tracesSampleRate: 0.2,
      sendDefaultPii: false,
    });
  });

  it("drop the router errors SPEC §8 names and send the rest without queries", () => {
    const event = () => ({ request: { url: "https://www.keynest.example/search?q=x" } });
    const abort = new DOMException("The operation was aborted.", "AbortError");
    expect(options.beforeSend(event(), { originalException: abort })).toBeNull();
    const redirect = new Response(null, { status: 302 });
    expect(options.beforeSend(event(), { originalException: redirect })).toBeNull();
    const fault = new TypeError("x is undefined");
    expect(options.beforeSend(event(), { originalException: fault })).toEqual({
      request: { url: "https://www.keynest.example/search" },
    });
    expect(options.beforeSendTransaction(event())).toEqual({
      request: { url: "https://www.keynest.example/search" },
    });
  });
});
