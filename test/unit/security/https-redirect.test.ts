import { describe, expect, it } from "vitest";
import { httpsRedirect, type HttpsRedirectInput } from "~/security/https-redirect";

const HTTPS_SITE = "https://www.keynest.example";

function input(overrides: Partial<HttpsRedirectInput>): HttpsRedirectInput {
  return {
    siteUrl: HTTPS_SITE,
    method: "GET",
    path: "/pricing",
    url: "/pricing?plan=1",
    forwardedProto: "http",
    ...overrides,
  };
}

describe("httpsRedirect", () => {
  it.each<[string, Partial<HttpsRedirectInput>, ReturnType<typeof httpsRedirect>]>([
    [
      "a GET a trusted proxy says came over http",
      {},
      { status: 301, location: "https://www.keynest.example/pricing?plan=1" },
    ],
    ["a HEAD", { method: "HEAD" }, { status: 301, location: `${HTTPS_SITE}/pricing?plan=1` }],
    [
      "a POST (method and body kept)",
      { method: "POST" },
      { status: 308, location: `${HTTPS_SITE}/pricing?plan=1` },
    ],
    [
      "the scheme in capitals",
      { forwardedProto: "HTTP" },
      { status: 301, location: `${HTTPS_SITE}/pricing?plan=1` },
    ],
    ["the home page", { path: "/", url: "/" }, { status: 301, location: `${HTTPS_SITE}/` }],
    [
      "a path that could lead off the site (to the home page instead)",
      { path: "//evil.example/x", url: "//evil.example/x" },
      { status: 301, location: `${HTTPS_SITE}/` },
    ],
    [
      "a SITE_URL with a trailing path (only its origin counts)",
      { siteUrl: "https://www.keynest.example/base" },
      { status: 301, location: `${HTTPS_SITE}/pricing?plan=1` },
    ],
    ["a request that came over https", { forwardedProto: "https" }, null],
    ["no trusted word on the scheme (TRUST_PROXY unset)", { forwardedProto: null }, null],
    ["an http site (npm start)", { siteUrl: "http://localhost:3000" }, null],
    ["the load balancer's health probe", { path: "/healthz", url: "/healthz" }, null],
  ])("answers %s", (_case, overrides, expected) => {
    expect(httpsRedirect(input(overrides))).toEqual(expected);
  });
});
