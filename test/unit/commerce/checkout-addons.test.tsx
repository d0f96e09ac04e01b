import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UPGRADE_DEMO_TOKENS } from "../../../mocks/sales/upgrades";
import { TestimonialsBlock } from "~/content/blocks/grids";
import { loadOrderOutcome } from "~/commerce/order-outcome.server";
import type { BlockOf } from "~/page/Blocks";
import { postedLocation, locationSchema, plainIp } from "~/commerce/addons.server";
import type { FormReply } from "~/forms/reply";
import { getPurchaseUrlWithEmail } from "~/upstream/purchase.server";
import { checkUpgradePossibility } from "~/upstream/sales.server";
import {
  actionArgs,
  loaderArgs,
  returned,
  SESSION,
  sessionCookie,
  setupSandboxUpstream,
  thrown,
  upstreamUrl,
} from "../support/remix";
import { checkoutAction, checkoutLoader, contentPageLoader } from "../support/routes";

const upstream = setupSandboxUpstream();

const GEO_IP = "/orbitshield/geo-ip/";
const PURCHASE = "/orbitshield/purchase/url-with-email/";
const UPGRADE = "/orbitshield/sales/check-upgrade-possibility/";
/** Addresses the sandbox's geo-ip places in the Netherlands and the United States. */
const NL_IP = "198.51.100.7";
const US_IP = "192.0.2.7";

function load(path: string, options: { ip?: string; session?: string } = {}) {
  return returned(
    checkoutLoader(
      loaderArgs(path, {
        context: options.ip ? { clientIp: options.ip } : {},
        cookies: options.session ? { [SESSION]: options.session } : undefined,
      }),
    ),
  );
}

const CHECKOUT = {
  _form: "checkout",
  website_url: "",
  email: "sam@example.com",
  marketing: "on",
  method: "card",
};

function post(
  path: string,
  form: Record<string, string>,
  options: { session?: string; context?: Partial<AppLoadContext> } = {},
) {
  return returned(
    checkoutAction(
      actionArgs(path, {
        form,
        context: options.context,
        cookies: options.session ? { [SESSION]: options.session } : undefined,
      }),
    ),
  );
}

const replyOf = (data: unknown) => data as FormReply;
const orderOf = (location: string | null) => decodeURIComponent(location?.split("order=")[1] ?? "");

describe("checkout loader: add-ons", () => {
  it("a personal server: the server places, preselected from the visitor's country, and its tiers", async () => {
    const { status, data, headers } = await load("/order/checkout?plan=501", { ip: NL_IP });
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.addon?.kind).toBe("personalServer");
    expect(data.addon?.param).toBe("region");
    expect(data.plan?.summary).toMatchObject({
      line: "vpn",
      variant: { key: "commerce.plan.personalServerUnlimited" },
      period: { key: "commerce.duration.month", values: { count: 1 } },
      billing: { kind: "monthly" },
      trialDays: 0,
    });
    expect(data.addon?.options.map((o) => o.id)).toContain("de-fra");
    expect(data.location).toEqual({ selected: "nl-ams", suggested: true });
    expect(data.addon?.tiers.map((t) => [t.id, t.traffic, t.costCents, t.current])).toEqual([
      [502, 1, 999, false],
      [503, 2, 1499, false],
      [504, 3, 1999, false],
      [501, "unlimited", 2999, true],
    ]);
    expect(upstream.calls(GEO_IP).map((call) => call.query)).toEqual([{ ip: NL_IP }]);
    expect(upstream.calls("/orbitshield/sales/price-service/")).toHaveLength(1);
  });

  it("a static IP: the countries, preselected from the visitor's, no tiers", async () => {
    const { data } = await load("/de/order/checkout?plan=602", { ip: US_IP });
    expect(data.addon?.kind).toBe("staticIp");
    expect(data.addon?.param).toBe("ip_region");
    expect(data.plan?.summary).toMatchObject({
      line: "vpn",
      variant: { key: "commerce.plan.staticIp" },
      period: { key: "commerce.duration.year", values: { count: 1 } },
      billing: { kind: "yearly" },
    });
    expect(data.addon?.options).toContainEqual({ id: "NL", label: "Netherlands", country: "NL" });
    expect(data.addon?.tiers).toEqual([]);
    expect(data.location).toEqual({ selected: "US", suggested: true });
  });

  it("an IPv4 address in its IPv6 form is asked for as plain IPv4", async () => {
    const { data } = await load("/order/checkout?plan=601", { ip: `::ffff:${US_IP}` });
    expect(data.location?.selected).toBe("US");
    expect(upstream.calls(GEO_IP)[0]?.query).toEqual({ ip: US_IP });
  });

  it.each([
    ["/order/checkout?plan=501&region=us-lax", "us-lax"],
    ["/order/checkout?plan=601&ip_region=NL", "NL"],
  ])("keeps the place of the URL (%s) and asks no geo-ip", async (path, selected) => {
    const { data } = await load(path, { ip: US_IP });
    expect(data.location).toEqual({ selected, suggested: false });
    expect(upstream.calls(GEO_IP)).toEqual([]);
  });

  it("the server's place is the region: an ip_region of the URL is not it", async () => {
    const { data } = await load("/order/checkout?plan=501&ip_region=de-fra", { ip: US_IP });
    expect(data.location).toEqual({ selected: "us-nyc", suggested: true });
  });

  it("an unknown place of the URL is replaced by the visitor's country's", async () => {
    const { data } = await load("/order/checkout?plan=501&region=xx-nowhere", { ip: NL_IP });
    expect(data.location).toEqual({ selected: "nl-ams", suggested: true });
  });

  it.each([
    ["fails", () => HttpResponse.json({ message: "DOWN" }, { status: 500 })],
    ["answers nonsense", () => HttpResponse.json({ region: "EU" })],
    ["is unreachable", () => HttpResponse.error()],
  ])("when geo-ip %s: no preselection, the checkout still works", async (_, answer) => {
    upstream.server.use(http.get(upstreamUrl(GEO_IP), answer));
    const { status, data } = await load("/order/checkout?plan=501", { ip: NL_IP });
    expect(status).toBe(200);
    expect(data.plan?.id).toBe(501);
    expect(data.location).toEqual({ selected: null, suggested: false });
  });

  it("without a client address: no geo-ip call, no preselection", async () => {
    const { data } = await load("/order/checkout?plan=501");
    expect(data.location).toEqual({ selected: null, suggested: false });
    expect(upstream.calls(GEO_IP)).toEqual([]);
  });

  it("a plain plan: no add-on, no place, no location lists or geo-ip", async () => {
    const { data } = await load("/order/checkout?plan=102", { ip: NL_IP });
    expect(data.addon).toBeNull();
    expect(data.location).toBeNull();
    expect(upstream.calls(GEO_IP)).toEqual([]);
    expect(upstream.calls("/orbitshield/vpn/servers-locations-list/")).toEqual([]);
  });

  it("a failing add-on price list still sells the server by its own fields, without tiers", async () => {
    upstream.server.use(
      http.post(upstreamUrl("/orbitshield/sales/price-service/"), () => HttpResponse.error()),
    );
    const { status, data } = await load("/order/checkout?plan=503", { ip: NL_IP });
    expect(status).toBe(200);
    expect(data.addon?.kind).toBe("personalServer");
    expect(data.addon?.tiers).toEqual([]);
  });

  it("answers the seed's failure page when the places cannot be loaded", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/vpn/geo-locations-list/"), () => HttpResponse.error()),
    );
    const { status } = await thrown(checkoutLoader(loaderArgs("/order/checkout?plan=601")));
    expect(status).toBe(503);
  });
});

describe("checkout loader: upgrades", () => {
  it("without a session nothing is called", async () => {
    const { data } = await load("/order/checkout?plan=104");
    expect(data.upgrade).toBeNull();
    expect(upstream.calls(UPGRADE)).toEqual([]);
  });

  it.each([
    [UPGRADE_DEMO_TOKENS.lifetime, { possible: false, reason: "HAS_LIFETIME" }],
    [UPGRADE_DEMO_TOKENS.higherPlan, { possible: false, reason: "HAS_HIGHER_PLAN" }],
    [UPGRADE_DEMO_TOKENS.monthly, { possible: true }],
  ])("with the session of %s: %j", async (token, upgrade) => {
    const session = await sessionCookie({ authToken: token, accessToken: `${token}-access` });
    const { status, data } = await load("/order/checkout?plan=104", { session });
    expect(status).toBe(200);
    expect(data.upgrade).toEqual(upgrade);
    const calls = upstream.calls(UPGRADE);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get("X-Auth-Token")).toBe(token);
    expect(upstream.recorder.all("sales.check-upgrade-possibility")[0]?.body).toEqual({ id: 104 });
  });

  it("a failing check sells the plan as to anyone", async () => {
    upstream.server.use(http.post(upstreamUrl(UPGRADE), () => HttpResponse.error()));
    const session = await sessionCookie({ authToken: UPGRADE_DEMO_TOKENS.lifetime });
    const { status, data } = await load("/order/checkout?plan=104", { session });
    expect(status).toBe(200);
    expect(data.upgrade).toBeNull();
  });

  it("an unknown refusal reads as OTHER", async () => {
    upstream.server.use(
      http.post(upstreamUrl(UPGRADE), () =>
        HttpResponse.json({ possible: false, reason: "<b>NEW</b>" }),
      ),
    );
    await expect(checkUpgradePossibility(104, { authToken: "t" })).resolves.toEqual({
      possible: false,
      reason: "OTHER",
    });
  });
});

describe("checkout action: add-ons", () => {
  it("buys a server in the chosen place; the order and its success page keep it", async () => {
    const { status, location } = await post("/order/checkout?plan=501", {
      ...CHECKOUT,
      plan: "501",
      region: "us-lax",
    });
    expect(status).toBe(303);
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).toMatchObject({
      id: 501,
      location: "us-lax",
    });
    const order = orderOf(location);
    expect(upstream.orders.get(order)).toMatchObject({
      location: "us-lax",
      locationName: "United States, Los Angeles",
    });
    const outcome = await loadOrderOutcome(
      new URL(`https://www.keynest.test/payment-success?order=${order}`),
    );
    expect(outcome?.location).toBe("United States, Los Angeles");
  });

  it("buys a static IP in the chosen country (ip_region)", async () => {
    const { status } = await post("/order/checkout?plan=601", {
      ...CHECKOUT,
      plan: "601",
      ip_region: "NL",
    });
    expect(status).toBe(303);
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).toMatchObject({
      id: 601,
      location: "NL",
    });
  });

  it.each([
    ["no place", "501", {}, "region", "addons.location.required"],
    ["an empty place", "501", { region: "" }, "region", "addons.location.required"],
    ["an unknown place", "501", { region: "xx-nowhere" }, "region", "addons.location.unknown"],
    ["a place of the other list", "501", { region: "NL" }, "region", "addons.location.unknown"],
    ["a differently cased place", "501", { region: "DE-FRA" }, "region", "addons.location.unknown"],
    ["an over-long place", "501", { region: "a".repeat(300) }, "region", "addons.location.unknown"],
    [
      "a static IP's place as region",
      "601",
      { region: "NL" },
      "ip_region",
      "addons.location.required",
    ],
    [
      "a server place for a static IP",
      "601",
      { ip_region: "de-fra" },
      "ip_region",
      "addons.location.unknown",
    ],
  ])("refuses %s with 400 and buys nothing", async (_, plan, extra, field, key) => {
    const { status, data } = await post(`/order/checkout?plan=${plan}`, {
      ...CHECKOUT,
      plan,
      ...extra,
    });
    expect(status).toBe(400);
    expect(replyOf(data).result.error?.[field]).toEqual([key]);
    expect(replyOf(data).result.initialValue).toMatchObject({ email: CHECKOUT.email });
    expect(upstream.calls(PURCHASE)).toEqual([]);
  });

  it("a plain plan sends no place, whatever was posted", async () => {
    const { status } = await post("/order/checkout?plan=102", {
      ...CHECKOUT,
      plan: "102",
      region: "de-fra",
    });
    expect(status).toBe(303);
    expect(upstream.recorder.all("purchase.url-with-email")[0]?.body).not.toHaveProperty(
      "location",
    );
  });

  it("answers 502 when the places cannot be loaded, and buys nothing", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/vpn/servers-locations-list/"), () => HttpResponse.error()),
    );
    const { status, data } = await post("/order/checkout?plan=501", {
      ...CHECKOUT,
      plan: "501",
      region: "de-fra",
    });
    expect(status).toBe(502);
    expect(replyOf(data).result.error?.[""]).toEqual(["errors.undefinedError"]);
    expect(upstream.calls(PURCHASE)).toEqual([]);
  });

  it("refuses a signed-in account the plan cannot be added to (409), and buys nothing", async () => {
    const session = await sessionCookie({ authToken: UPGRADE_DEMO_TOKENS.lifetime });
    const { status, data } = await post(
      "/order/checkout?plan=104",
      { ...CHECKOUT, plan: "104" },
      { session },
    );
    expect(status).toBe(409);
    expect(replyOf(data).result.error?.[""]).toEqual(["addons.upgrade.refused.HAS_LIFETIME"]);
    expect(upstream.calls(PURCHASE)).toEqual([]);
  });

  it("sells an upgrade to a signed-in account that may have it", async () => {
    const session = await sessionCookie({ authToken: UPGRADE_DEMO_TOKENS.monthly });
    const { status } = await post(
      "/order/checkout?plan=104",
      { ...CHECKOUT, plan: "104" },
      { session },
    );
    expect(status).toBe(303);
    // Bought for the account: its token goes with the purchase.
    const [purchase] = upstream.calls(PURCHASE);
    expect(purchase?.headers.get("X-Auth-Token")).toBe(UPGRADE_DEMO_TOKENS.monthly);
  });

  it("an anonymous buyer's purchase carries no account token", async () => {
    const { status } = await post("/order/checkout?plan=104", { ...CHECKOUT, plan: "104" });
    expect(status).toBe(303);
    expect(upstream.calls(PURCHASE)[0]?.headers.get("X-Auth-Token")).toBeNull();
  });
});

describe("location validation", () => {
  const options = [{ id: "de-fra", label: "Germany, Frankfurt", country: "DE" }];

  it.each([
    ["de-fra", true],
    ["", false],
    [undefined, false],
    [7, false],
    ["de-fra ", false],
  ])("locationSchema(%j): %s", (value, ok) => {
    expect(locationSchema(options).safeParse(value).success).toBe(ok);
  });

  it("reads the last posted value, and a file as none", () => {
    const addon = {
      kind: "personalServer" as const,
      param: "region",
      options,
      tiers: [],
    };
    const form = new FormData();
    form.append("region", "xx");
    form.append("region", "de-fra");
    expect(postedLocation(form, addon)).toEqual({ ok: true, location: "de-fra" });
    const file = new FormData();
    file.append("region", new Blob(["de-fra"]), "de-fra");
    expect(postedLocation(file, addon)).toEqual({ ok: false, message: "addons.location.required" });
  });

  it.each([
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:10.0.0.1", "10.0.0.1"],
    ["2001:db8::1", "2001:db8::1"],
    ["::ffff:abcd", "::ffff:abcd"],
    ["", null],
    [undefined, null],
  ])("plainIp(%j) = %j", (ip, plain) => {
    expect(plainIp(ip)).toBe(plain);
  });

  it("the sandbox refuses a purchase of an add-on without a known place", async () => {
    const base = { planId: 501, method: "card" as const, email: "sam@example.com" };
    await expect(getPurchaseUrlWithEmail(base)).rejects.toMatchObject({
      code: "LOCATION_REQUIRED",
    });
    await expect(getPurchaseUrlWithEmail({ ...base, location: "NL" })).rejects.toMatchObject({
      code: "UNKNOWN_LOCATION",
    });
    await expect(getPurchaseUrlWithEmail({ ...base, location: "a b" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(
      getPurchaseUrlWithEmail({ ...base, planId: 102, location: "de-fra" }),
    ).rejects.toMatchObject({ code: "NO_LOCATION" });
  });
});

type TestimonialsData = BlockOf<"testimonials">["data"];

/** The block as a page gives it (a comments block has no children). */
function Testimonials({ data }: { data: TestimonialsData }) {
  return <TestimonialsBlock data={data} blocks={[]} />;
}

function testimonialsOf(data: unknown): TestimonialsData | undefined {
  const blocks = (data as { blocks: { name: string; data: unknown }[] }).blocks;
  return blocks.find((block) => block.name === "testimonials")?.data as
    TestimonialsData | undefined;
}

describe("testimonials on /pricing", () => {
  it("shows the sales service's comments in the page's language", async () => {
    const en = testimonialsOf((await returned(contentPageLoader(loaderArgs("/pricing")))).data);
    expect(en?.items.length).toBeGreaterThan(0);
    expect(en?.items[0]).toMatchObject({ rating: expect.any(Number) });
    const de = testimonialsOf((await returned(contentPageLoader(loaderArgs("/de/pricing")))).data);
    expect(de?.items.map((item) => item.author)).toContain("Maren K.");
    expect(de?.items.some((item) => item.quote.includes("KeyNest"))).toBe(true);
    expect(upstream.calls("/orbitshield/sales/comments/").map((call) => call.query.lang)).toEqual([
      "en",
      "de",
    ]);
  });

  it("gives the next render the same testimonials while the comments stay the same", async () => {
    const first = testimonialsOf((await returned(contentPageLoader(loaderArgs("/pricing")))).data);
    const second = testimonialsOf((await returned(contentPageLoader(loaderArgs("/pricing")))).data);
    expect(second).toEqual(first);
    expect(second?.items.length).toBeGreaterThan(0);
  });

  it("a failing comments call leaves the block empty, the page whole", async () => {
    upstream.server.use(
      http.get(upstreamUrl("/orbitshield/sales/comments/"), () => HttpResponse.error()),
    );
    const { status, data } = await returned(contentPageLoader(loaderArgs("/pricing")));
    expect(status).toBe(200);
    expect(testimonialsOf(data)?.items).toEqual([]);
  });

  it("renders comments as escaped text, with the rating in words", () => {
    const html = renderToString(
      <Testimonials
        data={{
          source: "comments",
          items: [
            {
              quote: `<script>alert("x")</script>`,
              author: `<img src=x onerror=alert(1)>`,
              rating: 4,
            },
          ],
        }}
      />,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('aria-label="addons.testimonials.rating"');
    expect(html).toContain("addons.testimonials.title");
  });

  it("renders nothing without items", () => {
    const html = renderToString(<Testimonials data={{ items: [] }} />);
    expect(html).toBe("");
  });
});
