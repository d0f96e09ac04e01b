import { describe, expect, it } from "vitest";
import { shouldReport } from "~/integrations/error-filter";

function named(name: string, message = "") {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** Remix's ErrorResponse as the browser holds it (what useRouteError gives). */
const errorResponse = (status: number) => ({ status, statusText: "", internal: false, data: "" });

describe("shouldReport (SPEC §8: router errors are ignored)", () => {
  it.each<[string, unknown]>([
    // Cancelled navigation: an aborted fetch, in each browser's words.
    [
      "an AbortError DOMException",
      new DOMException("signal is aborted without reason", "AbortError"),
    ],
    [
      "an AbortError with Firefox's message",
      new DOMException("The operation was aborted. ", "AbortError"),
    ],
    ["Safari's aborted fetch", new TypeError("Fetch is aborted")],
    ["an older Chrome's aborted fetch", new Error("The user aborted a request.")],
    [
      "an AbortError that reached the page as text",
      "Uncaught AbortError: The operation was aborted.",
    ],
    ["an error caused by an abort", new Error("load failed", { cause: named("AbortError") })],
    ["Remix's aborted deferred data", named("AbortedDeferredError", "Deferred data aborted")],
    ["the router's aborted query", new Error("query() call aborted: GET http://x/features")],
    [
      "a cancelled navigation",
      new Error('Navigation cancelled from "/a" to "/b" with a new navigation.'),
    ],
    ["a canceled revalidation", new Error("Navigation was canceled")],
    // Duplicate navigation.
    ["a duplicate navigation (by name)", named("NavigationDuplicated")],
    [
      "a duplicate navigation (by message)",
      new Error('Avoided redundant navigation to current location: "/pricing".'),
    ],
    // Redirects.
    ["a thrown redirect Response", new Response(null, { status: 302, headers: { Location: "/" } })],
    ["a thrown 301", new Response(null, { status: 301 })],
    ["a redirect error response", errorResponse(303)],
    [
      "a router redirect via a guard",
      new Error('Redirected when going from "/a" to "/b" via a navigation guard.'),
    ],
    ["a single-fetch redirect result", { redirect: "/de/pricing", status: 302, revalidate: false }],
    // Pages the site answers on purpose, and the server's own errors.
    ["a 404 error response", errorResponse(404)],
    ["a thrown 404 Response", new Response(null, { status: 404 })],
    ["Remix's stand-in for a server error", new Error("Unexpected Server Error")],
    ["nothing", undefined],
    ["null", null],
  ])("ignores %s", (_name, error) => {
    expect(shouldReport(error)).toBe(false);
  });

  it.each<[string, unknown]>([
    [
      "a TypeError in a click handler",
      new TypeError("Cannot read properties of undefined (reading 'x')"),
    ],
    ["a plain Error", new Error("The plan list is empty")],
    ["a failed fetch (network)", new TypeError("Failed to fetch")],
    ["a 500 error response", errorResponse(500)],
    ["a thrown 503 Response", new Response(null, { status: 503 })],
    ["a rejected string", "something broke"],
    ["a rejected number", 42],
    [
      "an error about an aborted purchase (not an abort)",
      new Error("Purchase failed: card declined"),
    ],
  ])("reports %s", (_name, error) => {
    expect(shouldReport(error)).toBe(true);
  });
});
