import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  clearPurchase,
  emailMessage,
  fromPurchaseParams,
  INITIAL_PURCHASE,
  isValidEmail,
  normalizeBonusCode,
  setBonusCode,
  setEmail,
  setIpRegion,
  setMarketingConsent,
  setPaymentMethod,
  setPlan,
  setRegion,
  toPurchaseParams,
  type PurchaseState,
} from "./purchase-state";

const chosen: PurchaseState = {
  plan: 42,
  paymentMethod: "card",
  region: "de",
  ipRegion: null,
  email: "ann@example.com",
  isValidEmail: true,
  receiveMarketingEmails: false,
  bonusCode: "WELCOME-10",
};

describe("the purchase state (SPEC §3)", () => {
  it("starts empty, with marketing e-mails on", () => {
    expect(INITIAL_PURCHASE).toEqual({
      plan: null,
      paymentMethod: null,
      region: null,
      ipRegion: null,
      email: "",
      isValidEmail: false,
      receiveMarketingEmails: true,
      bonusCode: "",
    });
  });

  it("setting the region clears the IP region, and the reverse (SPEC §4)", () => {
    const fromIp = setIpRegion(INITIAL_PURCHASE, "us");
    expect(fromIp).toMatchObject({ region: null, ipRegion: "us" });
    const chosenRegion = setRegion(fromIp, "de");
    expect(chosenRegion).toMatchObject({ region: "de", ipRegion: null });
    expect(setIpRegion(chosenRegion, "fr")).toMatchObject({ region: null, ipRegion: "fr" });
  });

  it("clears just one region when set to none", () => {
    const both = { ...INITIAL_PURCHASE, region: "de", ipRegion: "us" };
    expect(setRegion(both, null)).toMatchObject({ region: null, ipRegion: "us" });
    expect(setIpRegion(both, null)).toMatchObject({ region: "de", ipRegion: null });
  });

  it.each(["", " ", "<script>", "de/../x", "a".repeat(65), "-de"])(
    "ignores the malformed region %j",
    (region) => {
      const state = setIpRegion(INITIAL_PURCHASE, "us");
      expect(setRegion(state, region)).toBe(state);
      expect(setIpRegion(chosen, region)).toBe(chosen);
    },
  );

  it("keeps well-formed region codes, trimmed", () => {
    expect(setRegion(INITIAL_PURCHASE, " us-east_1.a ").region).toBe("us-east_1.a");
  });

  it("clearing a purchase resets plan, method and both regions, and keeps the buyer's details", () => {
    expect(clearPurchase({ ...chosen, ipRegion: "us" })).toEqual({
      ...chosen,
      plan: null,
      paymentMethod: null,
      region: null,
      ipRegion: null,
    });
  });

  it("sets a plan by a positive whole id only", () => {
    expect(setPlan(INITIAL_PURCHASE, 7).plan).toBe(7);
    expect(setPlan(chosen, null).plan).toBeNull();
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(setPlan(chosen, bad)).toBe(chosen);
  });

  it("sets the method and the marketing consent", () => {
    expect(setPaymentMethod(INITIAL_PURCHASE, "paypal").paymentMethod).toBe("paypal");
    expect(setPaymentMethod(chosen, null).paymentMethod).toBeNull();
    expect(setMarketingConsent(INITIAL_PURCHASE, false).receiveMarketingEmails).toBe(false);
  });

  it("never changes the state it is given", () => {
    const frozen = Object.freeze({ ...chosen });
    expect(() => clearPurchase(setRegion(setEmail(frozen, "X@Y.io"), "us"))).not.toThrow();
    expect(frozen).toEqual(chosen);
  });
});

describe("e-mail (SPEC §5)", () => {
  it.each<[string, string, boolean]>([
    ["Ann@Example.COM", "ann@example.com", true],
    ["  bob@example.org ", "bob@example.org", true],
    ["first.last+tag@sub.example.co.uk", "first.last+tag@sub.example.co.uk", true],
    ["", "", false],
    ["   ", "", false],
    ["ann", "ann", false],
    ["ann@", "ann@", false],
    ["ann@example", "ann@example", false],
    ["ann@@example.com", "ann@@example.com", false],
    [".ann@example.com", ".ann@example.com", false],
    ["a..b@example.com", "a..b@example.com", false],
    ["ann@example.c", "ann@example.c", false],
    ["ann smith@example.com", "ann smith@example.com", false],
    ["<script>@x.com", "<script>@x.com", false],
    [`${"a".repeat(250)}@x.io`, `${"a".repeat(250)}@x.io`, false],
  ])("%j is kept as %j, valid: %s", (raw, email, valid) => {
    expect(setEmail(INITIAL_PURCHASE, raw)).toMatchObject({ email, isValidEmail: valid });
  });

  it.each([
    "Ann@Example.com",
    "ann.o'neil@example.ie",
    "x@y.zz",
    "x@-y.com",
    "x@y-.com",
    "x_@y.com",
    "x.@y.com",
    "a@b.c0m",
    "ünï@example.com",
    "ann@[127.0.0.1]",
    "ann@example.museum",
  ])("agrees with the server's zod check on %j", (raw) => {
    const zod = z.string().email().safeParse(raw.trim().toLowerCase()).success;
    expect(isValidEmail(raw)).toBe(zod);
  });

  it.each<[string, boolean, string | null]>([
    ["", true, null],
    ["ann", false, null],
    ["ann", true, "validation.INVALID_EMAIL"],
    ["Ann@Example.com", true, null],
  ])("%j after a change: %s → %s", (raw, changed, message) => {
    expect(emailMessage(raw, changed)).toBe(message);
  });
});

describe("bonus code", () => {
  it.each<[string, string | null]>([
    ["WELCOME-10", "WELCOME-10"],
    ["  abc_123 ", "abc_123"],
    ["", ""],
    ["  ", ""],
    ["<script>alert(1)</script>", null],
    ["code with spaces", null],
    ["-leading", null],
    ["a".repeat(64), "a".repeat(64)],
    ["a".repeat(65), null],
    ["ÄÖÜ", null],
  ])("%j → %j", (raw, code) => {
    expect(normalizeBonusCode(raw)).toBe(code);
    expect(setBonusCode(chosen, raw).bonusCode).toBe(code ?? "");
  });
});

describe("the state in URL params or a form body", () => {
  it("keeps everything but the buyer's details in a URL", () => {
    expect(toPurchaseParams({ ...chosen, region: null, ipRegion: "us" }).toString()).toBe(
      "plan=42&method=card&ip_region=us&marketing=0",
    );
    expect(toPurchaseParams(INITIAL_PURCHASE).toString()).toBe("marketing=1");
  });

  it("round-trips through a form body with the buyer's details", () => {
    const params = toPurchaseParams(chosen, { personal: true });
    expect(params.toString()).toBe(
      "plan=42&method=card&region=de&email=ann%40example.com&marketing=0&code=WELCOME-10",
    );
    expect(fromPurchaseParams(params)).toEqual(chosen);
    const form = new FormData();
    for (const [name, value] of params) form.append(name, value);
    expect(fromPurchaseParams(form)).toEqual(chosen);
  });

  it("round-trips a URL without them", () => {
    const state = { ...chosen, email: "", isValidEmail: false, bonusCode: "" };
    expect(fromPurchaseParams(toPurchaseParams(state))).toEqual(state);
  });

  it.each<[string, Partial<PurchaseState>]>([
    ["", {}],
    ["plan=0", {}],
    ["plan=-3", {}],
    ["plan=1.5", {}],
    ["plan=07", {}],
    ["plan=1e3", {}],
    ["plan=9999999999999", {}],
    ["plan=123456789012", { plan: 123456789012 }],
    ["plan=%20%2042", {}],
    ["method=bank", {}],
    ["method=CARD", {}],
    ["method=__proto__", {}],
    ["region=%3Cscript%3E", {}],
    [`region=${"a".repeat(65)}`, {}],
    ["region=de&ip_region=us", { region: "de" }],
    ["ip_region=us&region=bad%2F", { ipRegion: "us" }],
    ["email=ANN%40example.com", { email: "ann@example.com", isValidEmail: true }],
    ["email=ann", { email: "ann", isValidEmail: false }],
    [`email=${"a".repeat(260)}%40x.io`, {}],
    ["marketing=0", { receiveMarketingEmails: false }],
    ["marketing=off", { receiveMarketingEmails: false }],
    ["marketing=maybe", {}],
    ["marketing=0&marketing=1", {}],
    ["marketing=1&marketing=0", { receiveMarketingEmails: false }],
    ["code=%3Cb%3E", {}],
    [`code=${"A".repeat(65)}`, {}],
    ["plan=1&plan=2", { plan: 2 }],
    ["plan=1&plan=x", {}],
  ])("reads %j safely", (query, expected) => {
    expect(fromPurchaseParams(new URLSearchParams(query))).toEqual({
      ...INITIAL_PURCHASE,
      ...expected,
    });
  });

  it("ignores uploaded files in a form body", () => {
    const form = new FormData();
    form.append("email", new Blob(["ann@example.com"]), "email.txt");
    form.append("plan", "5");
    expect(fromPurchaseParams(form)).toEqual({ ...INITIAL_PURCHASE, plan: 5 });
  });
});
