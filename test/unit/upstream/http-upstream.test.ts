import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamClient, type UpstreamCall } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";
import { startHttpUpstream, type Fault, type HttpUpstream } from "../../../mocks/http-upstream";

// The sandbox upstream over a real socket, as several site instances (and the fault tests) use it.
let upstream: HttpUpstream;
beforeAll(async () => {
  upstream = await startHttpUpstream();
});
afterEach(() => upstream.faults.clear());
afterAll(() => upstream.stop());

/** A client with breakers that never open, so each case sees the upstream's own answer. */
function client(timeoutMs?: number) {
  const breakerPolicy = { threshold: 1000, backoffMs: 1, maxBackoffMs: 1 };
  const c = new UpstreamClient({ baseUrl: upstream.url, breakerPolicy });
  return <S extends z.ZodTypeAny>(path: string, schema: S, query?: Record<string, string>) =>
    c.request({ path, query, schema, timeoutMs });
}

const site = z.object({ navigation: z.array(z.unknown()) }).passthrough();
/** The demo content's site data in English, as the sandbox serves it. */
const demoSite = () => upstream.sandbox.store.sites.get("en");
/** What a content page's answer carries of the demo page at `path` in English. */
function demoPage(path: string) {
  const page = upstream.sandbox.store.page("en", path);
  if (!page?.data.meta?.title) throw new Error(`the demo content has no titled page ${path}`);
  return { meta: page.data.meta, hreflangLocales: upstream.sandbox.store.languagesOf(path) };
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error as UpstreamError,
  );

describe("the sandbox upstream over HTTP", () => {
  it("answers the content service's calls with the demo content", async () => {
    const body = await client()("/coms/site/", site, { lang: "en" });
    expect(body.navigation.length).toBeGreaterThan(0);
    expect(body).toEqual(demoSite());
    expect(upstream.received.at(-1)).toEqual({ method: "GET", path: "/coms/site/" });
  });

  it("takes posts (a newsletter subscription is recorded)", async () => {
    const c = new UpstreamClient({ baseUrl: upstream.url });
    const answer = await c.request({
      method: "POST",
      path: "/coms/subscribe/",
      body: { email: "reader@keynest.example", type: "orbitshield-site" },
      schema: z.unknown(),
    });
    expect(answer).toEqual({ status: "subscribed" });
    expect(upstream.sandbox.recorder.all("coms.subscribe").map((entry) => entry.body)).toEqual([
      { email: "reader@keynest.example", type: "orbitshield-site" },
    ]);
    expect(upstream.received.at(-1)).toEqual({ method: "POST", path: "/coms/subscribe/" });
  });

  it.each([500, 503])("fails the matching calls with %i", async (status) => {
    upstream.faults.set({ path: "/coms/site/", fault: { kind: "status", status } });
    const error = await failure(client()("/coms/site/", site));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.statusCode).toBe(status);
    // Other calls are not affected.
    await expect(client()("/coms/pages/page/", z.unknown(), { path: "/" })).resolves.toMatchObject(
      demoPage("/"),
    );
  });

  it("fails only the calls with the given query parameters (one page)", async () => {
    upstream.faults.set({
      path: "/coms/pages/page/",
      query: { path: "/features" },
      fault: { kind: "status", status: 503 },
    });
    const page = (path: string) => client()("/coms/pages/page/", z.unknown(), { path });
    expect((await failure(page("/features"))).statusCode).toBe(503);
    await expect(page("/pricing")).resolves.toMatchObject(demoPage("/pricing"));
  });

  it("answers invalid JSON", async () => {
    upstream.faults.set({ path: "", fault: { kind: "invalid-json" } });
    expect((await failure(client()("/coms/site/", site))).code).toBe("INVALID_JSON");
  });

  it("answers with the fields missing", async () => {
    upstream.faults.set({ path: "", fault: { kind: "missing-fields" } });
    expect((await failure(client()("/coms/site/", site))).code).toBe("INVALID_RESPONSE");
  });

  it("hangs until the caller's timeout", async () => {
    upstream.faults.set({ path: "", fault: { kind: "hang" } });
    const started = Date.now();
    expect((await failure(client(300)("/coms/site/", site))).code).toBe("TIMEOUT");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("answers slowly but correctly", async () => {
    upstream.faults.set({ path: "", fault: { kind: "slow", delayMs: 250 } });
    const started = Date.now();
    await expect(client()("/coms/site/", site)).resolves.toEqual(demoSite());
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("drops the connection", async () => {
    upstream.faults.set({ path: "", fault: { kind: "reset" } });
    expect((await failure(client()("/coms/site/", site))).code).toBe("NETWORK_ERROR");
  });

  it("tells the client's observer (metrics) how each call ended", async () => {
    const calls: UpstreamCall[] = [];
    const observed = new UpstreamClient({
      baseUrl: upstream.url,
      breakerPolicy: { threshold: 2, backoffMs: 60_000, maxBackoffMs: 60_000 },
      onCall: (call) => calls.push(call),
    });
    const get = (timeoutMs?: number) =>
      observed.request({ path: "/coms/site/", schema: site, timeoutMs }).catch(() => undefined);
    const faults: (Fault | null)[] = [
      null,
      { kind: "status", status: 404 },
      { kind: "invalid-json" },
      { kind: "missing-fields" },
      { kind: "hang" },
      { kind: "reset" },
      { kind: "status", status: 503 },
    ];
    for (const fault of faults) {
      upstream.faults.set(...(fault ? [{ path: "", fault }] : []));
      await get(200);
    }
    expect(calls.map((call) => call.code)).toEqual([
      null,
      "HTTP_404",
      "INVALID_JSON",
      "INVALID_RESPONSE",
      "TIMEOUT",
      "NETWORK_ERROR",
      // The timeout and the reset opened the breaker: this call is never sent.
      "CIRCUIT_OPEN",
    ]);
    expect(calls.at(-1)?.seconds).toBeNull();
    expect(calls.slice(0, -1).every((call) => (call.seconds ?? -1) >= 0)).toBe(true);
    expect(observed.breakerState("content")).toBe("open");
  });

  it("refuses connections while stopped and serves again after a restart", async () => {
    await upstream.stop();
    expect((await failure(client()("/coms/site/", site))).code).toBe("NETWORK_ERROR");
    await upstream.restart();
    await expect(client()("/coms/site/", site)).resolves.toEqual(demoSite());
  });
});
