import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { SANDBOX_PASSWORD } from "../../../mocks/auth/accounts";
import { logger } from "~/observability/log.server";
import { login } from "~/upstream/auth.server";
import { upstream as upstreamClient } from "~/upstream/client.server";
import { getPage, searchPages } from "~/upstream/coms.server";
import { UpstreamError } from "~/upstream/errors";
import { getPurchaseUrlWithEmail } from "~/upstream/purchase.server";
import { loaderArgs, returned, setupSandboxUpstream, upstreamUrl } from "../support/remix";
import { downloadLoader } from "../support/routes";

/**
 * Faults stay in their endpoint family (app/upstream/families.ts): an endpoint anyone can make the
 * site call again and again — the download hand-off, the search — opens its own breaker when it
 * keeps failing, and signing in, the checkout and the pages keep reaching the upstream. With one
 * breaker for the whole upstream, a few failing downloads a second refused every sign-in.
 */

const upstream = setupSandboxUpstream();

const DOWNLOAD = "/orbitshield/keynest-download/";
const failing = (path: string) =>
  http.get(upstreamUrl(path), () =>
    HttpResponse.json({ message: "INTERNAL_ERROR" }, { status: 500 }),
  );

function handOff() {
  const path = `/api/orbitshield/keynest-download/?platform=windows`;
  const args = loaderArgs(path, { params: { provider: "orbitshield", "*": "keynest-download/" } });
  return returned(downloadLoader(args));
}

/** What signing in, buying and a page need: each call goes out and is answered. */
async function expectOtherFamiliesServed() {
  upstream.forget();
  await expect(login("active@keynest.example", SANDBOX_PASSWORD)).resolves.toMatchObject({
    authToken: expect.any(String),
  });
  const order = await getPurchaseUrlWithEmail({
    planId: 102,
    method: "paypal",
    email: "dana@example.com",
  });
  expect(order.url).toBeTruthy();
  expect(await getPage("en", "/features")).not.toBeNull();
  expect(upstream.calls("/orbitshield/auth/login/")).toHaveLength(1);
  expect(upstream.calls("/orbitshield/purchase/url-with-email/")).toHaveLength(1);
  expect(upstream.calls("/coms/pages/page/").length).toBeGreaterThan(0);
  const client = upstreamClient();
  for (const family of ["auth", "purchase", "content"] as const) {
    expect(client.breakerState(family), family).toBe("closed");
  }
}

describe("a failing endpoint family", () => {
  it("download hand-offs answered 500 open the downloads breaker only", async () => {
    upstream.server.use(failing(DOWNLOAD));
    for (let i = 0; i < 20; i++) expect((await handOff()).status).toBe(503);
    // Three failures in a row open the breaker: the other 17 hand-offs never reached the upstream.
    expect(upstream.calls(DOWNLOAD)).toHaveLength(3);
    expect(upstreamClient().breakerState("downloads")).toBe("open");
    await expectOtherFamiliesServed();
  });

  it("failing searches open the search breaker only", async () => {
    upstream.server.use(failing("/coms/pages-search-v2/"), failing("/coms/pages-search/"));
    for (let i = 0; i < 10; i++) {
      await expect(searchPages("en", `password ${i}`)).rejects.toBeInstanceOf(UpstreamError);
    }
    expect(upstreamClient().breakerState("search")).toBe("open");
    await expectOtherFamiliesServed();
  });

  it("logs the hand-off's repeated failures once per kind, with status and code, no stack", async () => {
    upstream.server.use(failing(DOWNLOAD));
    // Past the interval of whatever the tests above logged.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const error = vi.spyOn(logger(), "error");
    try {
      for (let i = 0; i < 20; i++) await handOff();
      const lines = error.mock.calls.filter(([, message]) => String(message).includes("Download"));
      // The upstream's 500 (three times), then the open breaker's refusal (17 times): two lines.
      // (What the tests above held back is counted in `suppressed`.)
      expect(lines.map(([fields]) => fields)).toEqual([
        expect.objectContaining({
          where: "download hand-off",
          upstream: expect.objectContaining({ status: 500, code: "INTERNAL_ERROR" }),
        }),
        expect.objectContaining({
          where: "download hand-off",
          upstream: expect.objectContaining({ status: 503, code: "UPSTREAM_UNAVAILABLE" }),
        }),
      ]);
      expect(lines[0]![1]).toBe("Download link for keynest/windows unavailable");
      expect(JSON.stringify(lines)).not.toMatch(/\bat .*:\d+/);
    } finally {
      error.mockRestore();
      vi.useRealTimers();
    }
  });
});
