import { describe, expect, it } from "vitest";
import {
  addonKindOf,
  chooseLocation,
  geoLocationOptions,
  isKnownLocation,
  locationForCountry,
  locationParam,
  requestedLocation,
  serverLocationOptions,
  trafficLabel,
  trafficTiers,
  upgradeRefusalKey,
  type AddonPlanInput,
} from "~/commerce/addons";

const month = { type: "month", count: 1 };
const year = { type: "year", count: 1 };
const server = (id: number, traffic: "unlimited" | number, info = month, cost = 1000) =>
  ({ id, cost, info, traffic }) satisfies AddonPlanInput;
const staticIp = (id: number, info = month) => ({ id, cost: 499, info }) satisfies AddonPlanInput;

const SERVICE: AddonPlanInput[] = [
  server(501, "unlimited", month, 2999),
  server(502, 1, month, 999),
  server(503, 2, month, 1499),
  server(504, 3, month, 1999),
  server(505, "unlimited", year, 29988),
  server(506, 1, year, 9588),
  staticIp(601),
  staticIp(602, year),
];

describe("addonKindOf", () => {
  it.each([
    [
      "a server by its product",
      { id: 9, cost: 1, info: month, product: "vpn-server" },
      null,
      "personalServer",
    ],
    [
      "a static IP by its product",
      { id: 9, cost: 1, info: month, product: "static-ip" },
      null,
      "staticIp",
    ],
    ["another product", { id: 501, cost: 1, info: month, product: "personal" }, SERVICE, null],
    ["a server by its traffic", server(777, 2), null, "personalServer"],
    ["a static IP by the service list", staticIp(601), SERVICE, "staticIp"],
    ["a plan outside the service list", staticIp(102), SERVICE, null],
    ["no list and nothing said", staticIp(601), null, null],
  ] as const)("%s", (_, plan, service, kind) => {
    expect(addonKindOf(plan, service)).toBe(kind);
  });
});

describe("trafficTiers", () => {
  it("lists the tiers of the same period, 1 TB up to unlimited, the current one marked", () => {
    expect(trafficTiers(server(503, 2), SERVICE)).toEqual([
      { id: 502, traffic: 1, costCents: 999, current: false },
      { id: 503, traffic: 2, costCents: 1499, current: true },
      { id: 504, traffic: 3, costCents: 1999, current: false },
      { id: 501, traffic: "unlimited", costCents: 2999, current: false },
    ]);
  });

  it("keeps to the plan's period", () => {
    expect(trafficTiers(server(505, "unlimited", year), SERVICE).map((t) => t.id)).toEqual([
      506, 505,
    ]);
  });

  it.each([
    ["a static IP", staticIp(601)],
    ["a server plan the list does not hold", server(599, 2)],
    ["an odd traffic value", server(503, 7)],
  ])("is empty for %s", (_, plan) => {
    expect(trafficTiers(plan, SERVICE)).toEqual([]);
  });

  it("skips a second plan with the same allowance", () => {
    const tiers = trafficTiers(server(502, 1), [...SERVICE, server(580, 1)]);
    expect(tiers.filter((tier) => tier.traffic === 1).map((tier) => tier.id)).toEqual([502]);
  });

  it.each([
    ["unlimited", { key: "addons.traffic.unlimited" }],
    [2, { key: "addons.traffic.terabytes", values: { count: 2 } }],
  ] as const)("labels %s", (traffic, label) => {
    expect(trafficLabel(traffic)).toEqual(label);
  });
});

const SERVERS = serverLocationOptions([
  { id: "de-fra", country: "DE", name: "Germany, Frankfurt" },
  { id: "us-nyc", country: "US", name: "United States, New York" },
  { id: "us-lax", country: "US", name: "United States, Los Angeles" },
]);
const COUNTRIES = geoLocationOptions([
  { code: "DE", name: "Germany" },
  { code: "NL", name: "Netherlands" },
]);

describe("locations", () => {
  it("makes options of both lists", () => {
    expect(SERVERS[0]).toEqual({ id: "de-fra", label: "Germany, Frankfurt", country: "DE" });
    expect(COUNTRIES[1]).toEqual({ id: "NL", label: "Netherlands", country: "NL" });
  });

  it.each([
    ["de-fra", true],
    ["DE-FRA", false],
    [" de-fra", false],
    ["", false],
    ["xx-zzz", false],
    [null, false],
    [42, false],
    [["de-fra"], false],
  ])("knows %j: %s", (id, known) => {
    expect(isKnownLocation(SERVERS, id)).toBe(known);
  });

  it.each([
    ["US", "us-nyc"],
    ["DE", "de-fra"],
    ["JP", null],
    [null, null],
    ["", null],
  ])("suggests for country %j: %j", (country, id) => {
    expect(locationForCountry(SERVERS, country)).toBe(id);
  });

  it.each([
    [
      "a known request wins over the country",
      "us-lax",
      "DE",
      { selected: "us-lax", suggested: false },
    ],
    [
      "an unknown request falls back to the country",
      "xx",
      "DE",
      { selected: "de-fra", suggested: true },
    ],
    ["no request: the country", null, "US", { selected: "us-nyc", suggested: true }],
    ["no country (geo-ip failed): nothing", null, null, { selected: null, suggested: false }],
    ["a country without a place: nothing", null, "JP", { selected: null, suggested: false }],
  ])("chooseLocation: %s", (_, requested, country, choice) => {
    expect(chooseLocation(SERVERS, requested, country)).toEqual(choice);
  });
});

describe("the place the checkout's URL asks for (SPEC §4)", () => {
  it("is the region for a server and the IP region for a static IP", () => {
    expect(locationParam("personalServer")).toBe("region");
    expect(locationParam("staticIp")).toBe("ip_region");
  });

  it("is read from its own parameter only", () => {
    const ip = new URLSearchParams({ [locationParam("staticIp")]: "NL" });
    expect(requestedLocation("staticIp", ip)).toBe("NL");
    expect(requestedLocation("personalServer", ip)).toBeNull();
    const placed = new URLSearchParams({ [locationParam("personalServer")]: "de-fra" });
    expect(requestedLocation("personalServer", placed)).toBe("de-fra");
    expect(requestedLocation("staticIp", placed)).toBeNull();
  });

  it.each([
    ["personalServer", "us-lax"],
    ["staticIp", "NL"],
  ] as const)("survives the URL beside the plan (%s)", (kind, id) => {
    const url = new URL(`https://example.com/order/checkout?plan=501&${locationParam(kind)}=${id}`);
    expect(requestedLocation(kind, url.searchParams)).toBe(id);
  });

  it("with both, keeps the chosen region and drops the IP region", () => {
    const both = new URLSearchParams("region=de-fra&ip_region=NL");
    expect(requestedLocation("personalServer", both)).toBe("de-fra");
    expect(requestedLocation("staticIp", both)).toBeNull();
  });

  it("takes the last value, trimmed", () => {
    expect(requestedLocation("staticIp", new URLSearchParams("ip_region=NL&ip_region=+DE+"))).toBe(
      "DE",
    );
  });

  it.each(["<script>", "a b", "x".repeat(65), "-de", ""])("drops a malformed place %j", (raw) => {
    expect(requestedLocation("personalServer", new URLSearchParams({ region: raw }))).toBeNull();
    expect(requestedLocation("staticIp", new URLSearchParams({ ip_region: raw }))).toBeNull();
  });
});

describe("upgradeRefusalKey", () => {
  it.each([
    ["HAS_LIFETIME", "addons.upgrade.refused.HAS_LIFETIME"],
    ["HAS_HIGHER_PLAN", "addons.upgrade.refused.HAS_HIGHER_PLAN"],
    ["OTHER", "addons.upgrade.refused.OTHER"],
    ["toString", "addons.upgrade.refused.OTHER"],
    ["SOMETHING_NEW", "addons.upgrade.refused.OTHER"],
  ])("%s → %s", (reason, key) => {
    expect(upgradeRefusalKey(reason)).toBe(key);
  });
});
