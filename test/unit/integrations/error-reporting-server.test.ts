import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServerReporter } from "~/integrations/reporter.server";
import { UpstreamError } from "~/upstream/errors";

/** A stand-in for the DSN's ingest: records each envelope's items. */
const INGEST = "https://ingest.keynest.test/api/42/envelope/";
const received: { url: string; items: Record<string, unknown>[] }[] = [];
const ingest = setupServer(
  http.post(INGEST, async ({ request }) => {
    const lines = (await request.text()).split("\n").filter(Boolean);
    received.push({ url: request.url, items: lines.map((line) => JSON.parse(line)) });
    return HttpResponse.json({ id: "ok" });
  }),
);

beforeAll(() => ingest.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  received.length = 0;
  ingest.resetHandlers();
});
afterAll(() => ingest.close());

const config = {
  dsn: "https://0123456789abcdef@ingest.keynest.test/42",
  environment: "staging",
  release: "keynest-site@1.4.2",
};
const request = { method: "GET", path: "/features", aborted: false };

interface ReportedEvent {
  environment: string;
  release: string;
  platform: string;
  request: { method: string; url: string };
  tags: Record<string, string>;
  exception: { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] };
}

function events(): ReportedEvent[] {
  return received.flatMap(({ items }) =>
    items.filter((_, i) => (items[i - 1] as { type?: string } | undefined)?.type === "event"),
  ) as unknown as ReportedEvent[];
}

describe("server error reporting", () => {
  it("sends an unexpected error once to the DSN's ingest, with the path and no more", async () => {
    const reporter = createServerReporter(config);
    reporter.report(new TypeError("plans is undefined"), request);
    expect(await reporter.flush()).toBe(true);

    expect(received).toHaveLength(1);
    expect(received[0]?.url).toContain("sentry_key=0123456789abcdef");
    const [event] = events();
    expect(events()).toHaveLength(1);
    expect(event).toMatchObject({
      environment: "staging",
      release: "keynest-site@1.4.2",
      platform: "node",
      request: { method: "GET", url: "/features" },
      tags: { "http.method": "GET" },
    });
    expect(event?.exception.values[0]).toMatchObject({
      type: "TypeError",
      value: "plans is undefined",
    });
    expect(event?.exception.values[0]?.stacktrace?.frames.length).toBeGreaterThan(0);
  });

  it.each<[string, unknown, { aborted: boolean }]>([
    ["a 404", new Response(null, { status: 404 }), { aborted: false }],
    ["a redirect", new Response(null, { status: 302 }), { aborted: false }],
    ["an upstream refusal", new UpstreamError(400, { code: "INVALID_EMAIL" }), { aborted: false }],
    [
      "an upstream outage",
      new UpstreamError(503, { message: "NETWORK_ERROR" }),
      { aborted: false },
    ],
    ["an abandoned request's error", new Error("half done"), { aborted: true }],
  ])("sends nothing for %s", async (_name, error, state) => {
    const reporter = createServerReporter(config);
    reporter.report(error, { ...request, ...state });
    await reporter.flush();
    expect(received).toEqual([]);
  });

  it("never throws or holds up the caller when the ingest cannot be reached", async () => {
    ingest.use(http.post(INGEST, () => HttpResponse.error()));
    const reporter = createServerReporter(config);
    const started = performance.now();
    expect(() => reporter.report(new Error("boom"), request)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(50);
    await expect(reporter.flush()).resolves.toBe(true);
  });
});
