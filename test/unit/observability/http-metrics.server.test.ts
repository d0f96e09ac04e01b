import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { register } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpMetrics, labelRoute } from "~/observability/http-metrics.server";
import { recordHttpRequest } from "~/observability/metrics.server";

/** The count of requests recorded with these labels so far. */
async function count(labels: Record<string, string>): Promise<number> {
  const metric = register.getSingleMetric("http_request_duration_seconds");
  const values = ((await metric?.get())?.values ?? []) as {
    metricName?: string;
    labels: Record<string, string | number>;
    value: number;
  }[];
  return values
    .filter((v) => v.metricName === "http_request_duration_seconds_count")
    .filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value))
    .reduce((sum, v) => sum + v.value, 0);
}

let base: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(httpMetrics((path) => (path.startsWith("/de/") ? "page/de/content" : null)));
  app.get("/healthz", (_req, res) => {
    labelRoute(res, "healthz");
    res.send("ok");
  });
  app.get("/de/:page", (req, res) =>
    res.status(req.params.page === "missing" ? 404 : 200).send("page"),
  );
  app.get("/hang", () => undefined);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("request metrics", () => {
  it("counts each request once, by route label, method and status class", async () => {
    const before = {
      ok: await count({ route: "page/content", method: "GET", status: "2xx" }),
      missing: await count({ route: "page/content", method: "GET", status: "4xx" }),
      health: await count({ route: "healthz", status: "2xx" }),
      other: await count({ route: "other" }),
    };
    await fetch(`${base}/de/features`);
    await fetch(`${base}/de/features?q=anything`);
    await fetch(`${base}/de/missing`);
    await fetch(`${base}/healthz`);
    await fetch(`${base}/nowhere`);
    await settle();
    expect(await count({ route: "page/content", method: "GET", status: "2xx" })).toBe(
      before.ok + 2,
    );
    expect(await count({ route: "page/content", method: "GET", status: "4xx" })).toBe(
      before.missing + 1,
    );
    expect(await count({ route: "healthz", status: "2xx" })).toBe(before.health + 1);
    expect(await count({ route: "other" })).toBe(before.other + 1);
  });

  it("shows every request timed, those observed in batches and those still kept", async () => {
    const labels = { route: "page/pricing", method: "HEAD", status: "3xx" };
    const before = await count(labels);
    for (let i = 0; i < 1_300; i++) recordHttpRequest(labels, 0.001 * (i % 7));
    expect(await count(labels)).toBe(before + 1_300);
    expect(await count(labels)).toBe(before + 1_300);
  });

  it("records a request the client gave up on as aborted", async () => {
    const before = await count({ route: "other", status: "aborted" });
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${base}/hang`);
      req.on("error", () => resolve());
      req.end();
      setTimeout(() => req.destroy(), 50);
    });
    await settle();
    expect(await count({ route: "other", status: "aborted" })).toBe(before + 1);
  });
});
