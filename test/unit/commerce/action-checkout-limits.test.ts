/**
 * The checkout's limits on what a post or its URL carries besides the e-mail: the place of a
 * personal server (64 characters, the longest id the service's list may hold) and the applied
 * bonus code the form posts back (200). At the limit the checkout goes on with the value; one
 * character more is refused on its field before anything is bought.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { requestedLocation } from "~/commerce/addons";
import { postedLocation } from "~/commerce/addons.server";
import type { FormReply } from "~/forms/reply";
import { LOCATIONS } from "../../../mocks/sales/catalogue";
import {
  actionArgs,
  loaderArgs,
  returned,
  setupSandboxUpstream,
  upstreamUrl,
} from "../support/remix";
import { checkoutAction, checkoutLoader } from "../support/routes";
import { textOfLength } from "../support/sized";

const upstream = setupSandboxUpstream();

const SERVERS = "/orbitshield/vpn/servers-locations-list/";
const PURCHASE = "/orbitshield/purchase/url-with-email/";
const GEO_IP = "/orbitshield/geo-ip/";
/** An address the sandbox's geo-ip places in the Netherlands. */
const NL_IP = "198.51.100.7";

const CHECKOUT = {
  _form: "checkout",
  website_url: "",
  email: "sam@example.com",
  method: "paypal",
};

/** A server place id of `length` characters. */
const placeOfLength = (length: number) => `us-${textOfLength(length - 3)}`;

/** The service lists a place of 64 characters beside its own. */
function listLongestPlace(): string {
  const place = placeOfLength(64);
  upstream.server.use(
    http.get(upstreamUrl(SERVERS), () =>
      HttpResponse.json({
        locations: [
          ...LOCATIONS.servers,
          { id: place, country: "US", city: "Far Away", name: "United States, Far Away" },
        ],
      }),
    ),
  );
  return place;
}

/** The purchase call takes any place, and keeps the bodies it was sent. */
function recordingPurchase(): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  upstream.server.use(
    http.post(upstreamUrl(PURCHASE), async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      const order = "501-0123456789ab-01234567";
      return HttpResponse.json({ url: `/sandbox/pay?order=${order}`, order });
    }),
  );
  return sent;
}

const buy = (form: Record<string, string>) =>
  returned(
    checkoutAction(
      actionArgs(`/order/checkout?plan=${form.plan}`, { form: { ...CHECKOUT, ...form } }),
    ),
  );

const errorsOf = (data: unknown) => (data as FormReply).result.error;

describe("a personal server's place", () => {
  it("of 64 characters is bought, of 65 refused on its field unbought", async () => {
    const longest = listLongestPlace();
    expect(longest).toHaveLength(64);
    const sent = recordingPurchase();
    const taken = await buy({ plan: "501", region: longest });
    expect(taken.status).toBe(303);
    expect(sent).toEqual([expect.objectContaining({ id: 501, location: longest })]);

    const tooLong = placeOfLength(65);
    expect(tooLong).toHaveLength(65);
    const refused = await buy({ plan: "501", region: tooLong });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data)).toEqual({ region: ["addons.location.unknown"] });
    expect(sent).toHaveLength(1);
  });

  it("of 65 characters is refused even when a list names it", () => {
    const options = [64, 65].map((length) => ({
      id: placeOfLength(length),
      label: `${length} characters`,
      country: "US",
    }));
    const addon = { kind: "personalServer" as const, param: "region", options, tiers: [] };
    const posted = (place: string) => {
      const form = new FormData();
      form.set("region", place);
      return postedLocation(form, addon);
    };
    expect(posted(placeOfLength(64))).toEqual({ ok: true, location: placeOfLength(64) });
    expect(posted(placeOfLength(65))).toEqual({ ok: false, message: "addons.location.unknown" });
  });

  it("of 64 characters in the URL is the one shown, of 65 replaced by the visitor's country's", async () => {
    const longest = listLongestPlace();
    const page = (place: string) =>
      returned(
        checkoutLoader(
          loaderArgs(`/order/checkout?plan=501&region=${place}`, { context: { clientIp: NL_IP } }),
        ),
      );
    expect((await page(longest)).data.location).toEqual({ selected: longest, suggested: false });
    expect(upstream.calls(GEO_IP)).toEqual([]);

    const replaced = await page(placeOfLength(65));
    expect(replaced.data.location).toEqual({ selected: "nl-ams", suggested: true });
    expect(upstream.calls(GEO_IP)).toHaveLength(1);
    // The URL's place is read as none at all, whatever the list holds.
    const url = new URLSearchParams({ region: placeOfLength(65) });
    expect(requestedLocation("personalServer", url)).toBeNull();
    url.set("region", longest);
    expect(requestedLocation("personalServer", url)).toBe(longest);
  });
});

describe("the checkout's applied bonus code", () => {
  it("of 200 characters is checked as a code, of 201 refused on its field unread", async () => {
    const checked = await buy({ plan: "102", code: textOfLength(200) });
    expect(checked.status).toBe(400);
    expect(errorsOf(checked.data)).toEqual({ "": ["validation.BONUS_CODE_INVALID"] });
    // The plan was read for it; no code of that shape is worth asking the service about.
    expect(upstream.calls().length).toBeGreaterThan(0);
    expect(upstream.calls("/orbitshield/sales/check-bonus-code/")).toEqual([]);
    expect(upstream.calls(PURCHASE)).toEqual([]);

    upstream.forget();
    const refused = await buy({ plan: "102", code: textOfLength(201) });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data)).toEqual({ code: ["validation.BONUS_CODE_INVALID"] });
    expect(upstream.calls()).toEqual([]);
  });
});
