import { describe, expect, it } from "vitest";
import {
  methodLabel,
  requestRoute,
  routeLabel,
  statusClass,
  upstreamService,
} from "~/observability/labels";

describe("metric labels stay within a fixed set", () => {
  it.each([
    ["GET", "GET"],
    ["POST", "POST"],
    ["HEAD", "HEAD"],
    ["PROPFIND", "other"],
    ["get", "other"],
    ["X".repeat(500), "other"],
  ])("method %s → %s", (method, label) => {
    expect(methodLabel(method)).toBe(label);
  });

  it.each([
    [200, "2xx"],
    [204, "2xx"],
    [303, "3xx"],
    [404, "4xx"],
    [429, "4xx"],
    [503, "5xx"],
    [599, "5xx"],
    [600, "other"],
    [0, "other"],
  ])("status %i → %s", (status, label) => {
    expect(statusClass(status)).toBe(label);
  });

  it.each([
    ["page/search", "page/search"],
    ["page/de/search", "page/search"],
    ["page/jp/order-checkout", "page/order-checkout"],
    ["page/zh/content", "page/content"],
    ["page/home", "page/home"],
    ["routes/robots[.]txt", "routes/robots[.]txt"],
    ["root", "root"],
  ])("route id %s → %s (one label for all nine languages)", (id, label) => {
    expect(routeLabel(id)).toBe(label);
  });

  it.each([
    ["/features", "page/content", "page/content"],
    ["/de/features", "page/de/content", "page/content"],
    ["/features.data", "page/content", "page/content"],
    ["/favicon.svg", "page/content", "static"],
    ["/no-such-file.png", "page/de/content", "static"],
    ["/assets/entry-abc123.js", "page/content", "static"],
    ["/robots.txt", "routes/robots[.]txt", "routes/robots[.]txt"],
    ["/de/search", "page/de/search", "page/search"],
    ["/anything", null, "other"],
  ])("request %s reaching %s → %s", (path, routeId, label) => {
    expect(requestRoute(path, routeId)).toBe(label);
  });

  it.each([
    ["/coms/pages/page/", "coms"],
    ["/coms/site/", "coms"],
    ["/orbitshield/auth/login/", "auth"],
    ["/orbitshield/purchase/url-with-email/", "purchase"],
    ["/orbitshield/sales/price-list/", "sales"],
    ["/orbitshield/vpn/servers-locations-list/", "vpn"],
    ["/orbitshield/geo-ip/", "provider"],
    ["/orbitshield/keynest-download/", "provider"],
    ["/elsewhere/auth/login/", "other"],
    ["coms/site/", "coms"],
  ])("upstream call %s → service %s", (path, service) => {
    expect(upstreamService(path, "orbitshield")).toBe(service);
  });
});
