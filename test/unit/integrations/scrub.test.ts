import { describe, expect, it } from "vitest";
import { scrubEvent, withoutQuery } from "~/integrations/scrub";

describe("withoutQuery", () => {
  it.each([
    ["https://www.keynest.example/search?q=my+password", "https://www.keynest.example/search"],
    [
      "https://www.keynest.example/payment-success?hash=abc#top",
      "https://www.keynest.example/payment-success",
    ],
    ["/sign-in?fast=fast-active-2026", "/sign-in"],
    ["/features#compare", "/features"],
    ["/features", "/features"],
  ])("%s → %s", (url, expected) => {
    expect(withoutQuery(url)).toBe(expected);
  });
});

describe("scrubEvent", () => {
  it("takes queries and fragments out of the request, breadcrumbs and spans", () => {
    const event = scrubEvent({
      request: {
        url: "https://www.keynest.example/search?q=secret",
        query_string: "q=secret",
        headers: { Referer: "https://www.keynest.example/sign-in?fast=token", "User-Agent": "UA" },
      },
      breadcrumbs: [
        { data: { from: "/a?x=1", to: "/b?y=2" } },
        { data: { url: "/payment-status?order=1", method: "GET", status_code: 200 } },
        {},
      ],
      spans: [{ data: { url: "/locales/de?v=1", "http.query": "?v=1", "http.fragment": "#x" } }],
    });
    expect(event.request).toEqual({
      url: "https://www.keynest.example/search",
      headers: { Referer: "https://www.keynest.example/sign-in", "User-Agent": "UA" },
    });
    expect(event.breadcrumbs).toEqual([
      { data: { from: "/a", to: "/b" } },
      { data: { url: "/payment-status", method: "GET", status_code: 200 } },
      {},
    ]);
    expect(event.spans).toEqual([{ data: { url: "/locales/de" } }]);
  });
});
