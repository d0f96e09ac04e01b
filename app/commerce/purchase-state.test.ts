import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromPurchaseParams, normalizeBonusCode, type PurchaseState } from "./purchase-state";

const EMPTY: PurchaseState = {
  plan: null,
  paymentMethod: null,
  region: null,
  ipRegion: null,
  email: "",
  isValidEmail: false,
  receiveMarketingEmails: true,
  bonusCode: "",
};

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

/** The state a query string (or its fields) reads as. */
const read = (query: string | Record<string, string>) =>
  fromPurchaseParams(new URLSearchParams(query));

describe("the purchase state (SPEC §3)", () => {
  it("starts empty, with marketing e-mails on", () => {
    expect(read("")).toEqual(EMPTY);
  });

  it("holds one place: the region or the IP region, the chosen region winning (SPEC §4)", () => {
    expect(read("ip_region=us")).toMatchObject({ region: null, ipRegion: "us" });
    expect(read("region=de")).toMatchObject({ region: "de", ipRegion: null });
    expect(read("ip_region=us&region=de")).toMatchObject({ region: "de", ipRegion: null });
    expect(read("region=de&ip_region=us")).toMatchObject({ region: "de", ipRegion: null });
  });

  it.each(["", " ", "<script>", "de/../x", "a".repeat(65), "-de"])(
    "ignores the malformed region %j",
    (region) => {
      expect(read({ ip_region: "us", region })).toMatchObject({ region: null, ipRegion: "us" });
      expect(read({ region })).toEqual(EMPTY);
      expect(read({ ip_region: region })).toEqual(EMPTY);
    },
  );

  it("keeps well-formed region codes, trimmed", () => {
    expect(read({ region: " us-east_1.a " }).region).toBe("us-east_1.a");
    expect(read({ ip_region: " us-east_1.a " }).ipRegion).toBe("us-east_1.a");
  });

  it("starts every read afresh", () => {
    expect(read("plan=42&method=card&region=de&email=ann%40example.com&marketing=0")).toEqual({
      ...chosen,
      bonusCode: "",
    });
    expect(read("")).toEqual(EMPTY);
  });
});

describe("e-mail (SPEC §5)", () => {
  it.each<[string, Partial<PurchaseState>]>([
    ["Ann@Example.COM", { email: "ann@example.com", isValidEmail: true }],
    ["  bob@example.org ", { email: "bob@example.org", isValidEmail: true }],
    [
      "first.last+tag@sub.example.co.uk",
      { email: "first.last+tag@sub.example.co.uk", isValidEmail: true },
    ],
    ["", {}],
    ["   ", {}],
    ["ann", { email: "ann", isValidEmail: false }],
    ["ann@", { email: "ann@", isValidEmail: false }],
    ["ann@example", { email: "ann@example", isValidEmail: false }],
    ["ann@@example.com", { email: "ann@@example.com", isValidEmail: false }],
    [".ann@example.com", { email: ".ann@example.com", isValidEmail: false }],
    ["a..b@example.com", { email: "a..b@example.com", isValidEmail: false }],
    ["ann@example.c", { email: "ann@example.c", isValidEmail: false }],
    ["ann smith@example.com", { email: "ann smith@example.com", isValidEmail: false }],
    ["<script>@x.com", { email: "<script>@x.com", isValidEmail: false }],
    [`${"a".repeat(249)}@x.io`, { email: `${"a".repeat(249)}@x.io`, isValidEmail: true }],
    [`${"a".repeat(250)}@x.io`, {}],
  ])("%j reads as %j", (raw, expected) => {
    expect(read({ email: raw })).toEqual({ ...EMPTY, ...expected });
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
    expect(read({ email: raw }).isValidEmail).toBe(zod);
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
    expect(read({ code: raw }).bonusCode).toBe(code ?? "");
  });
});

describe("the state in URL params or a form body", () => {
  it("reads a form body with the buyer's details", () => {
    const fields: [string, string][] = [
      ["plan", "42"],
      ["method", "card"],
      ["region", "de"],
      ["email", "Ann@Example.com"],
      ["marketing", "0"],
      ["code", "WELCOME-10"],
    ];
    expect(fromPurchaseParams(new URLSearchParams(fields))).toEqual(chosen);
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    expect(fromPurchaseParams(form)).toEqual(chosen);
  });

  it("reads a ticked marketing box after its hidden no", () => {
    const form = new FormData();
    form.append("marketing", "0");
    form.append("marketing", "on");
    expect(fromPurchaseParams(form).receiveMarketingEmails).toBe(true);
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
    ["method=paypal", { paymentMethod: "paypal" }],
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
    expect(read(query)).toEqual({ ...EMPTY, ...expected });
  });

  it("ignores uploaded files in a form body", () => {
    const form = new FormData();
    form.append("email", new Blob(["ann@example.com"]), "email.txt");
    form.append("plan", "5");
    expect(fromPurchaseParams(form)).toEqual({ ...EMPTY, plan: 5 });
  });
});
