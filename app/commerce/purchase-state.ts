import { isPaymentMethodId, type PaymentMethodId } from "./payment-methods";

/**
 * The purchase state of SPEC §3 (§4 region rules, §5 e-mail rules), read safely from URL search
 * params or a form body, so a reload or a no-JS post keeps the buyer's choices.
 */

export interface PurchaseState {
  /** The chosen purchase id. */
  plan: number | null;
  paymentMethod: PaymentMethodId | null;
  /** The region the buyer chose (a location code). */
  region: string | null;
  /** The region found from the buyer's IP address. */
  ipRegion: string | null;
  /** Trimmed and lowercased. */
  email: string;
  isValidEmail: boolean;
  receiveMarketingEmails: boolean;
  /** A well-formed code, or "". */
  bonusCode: string;
}

const INITIAL_PURCHASE: Readonly<PurchaseState> = {
  plan: null,
  paymentMethod: null,
  region: null,
  ipRegion: null,
  email: "",
  isValidEmail: false,
  receiveMarketingEmails: true,
  bonusCode: "",
};

const PURCHASE_LIMITS = {
  email: 254,
  bonusCode: 64,
  region: 64,
  planDigits: 12,
} as const;

/** The message of SPEC §5 for a malformed bonus code (the upstream's refusals have their own). */
export const BONUS_CODE_INVALID = "validation.BONUS_CODE_INVALID";

/**
 * The "standard pattern": the one zod's `.email()` uses, so the browser and the server's zod
 * schemas agree on every address (a test checks them side by side).
 */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
const REGION = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const BONUS_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const PLAN_ID = /^[1-9]\d*$/;

function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** SPEC §5: valid after lowercasing. An empty address is not valid, but is not *invalid* either. */
function isValidEmail(raw: string): boolean {
  const email = normalizeEmail(raw);
  return email !== "" && email.length <= PURCHASE_LIMITS.email && EMAIL.test(email);
}

/** A trimmed bonus code, "" for none, or null when it is malformed (too long, odd characters). */
export function normalizeBonusCode(raw: string): string | null {
  const code = raw.trim();
  if (code === "") return "";
  return code.length <= PURCHASE_LIMITS.bonusCode && BONUS_CODE.test(code) ? code : null;
}

function normalizeRegion(raw: string): string | null {
  const region = raw.trim();
  return region.length <= PURCHASE_LIMITS.region && REGION.test(region) ? region : null;
}

function setPlan(state: PurchaseState, plan: number): PurchaseState {
  if (!(Number.isSafeInteger(plan) && plan > 0)) return state;
  return { ...state, plan };
}

function setPaymentMethod(state: PurchaseState, paymentMethod: PaymentMethodId): PurchaseState {
  return { ...state, paymentMethod };
}

/** SPEC §4: choosing a region clears the IP region. A malformed region changes nothing. */
function setRegion(state: PurchaseState, raw: string): PurchaseState {
  const region = normalizeRegion(raw);
  return region === null ? state : { ...state, region, ipRegion: null };
}

/** SPEC §4: and the reverse — a region found from the IP address clears the chosen one. */
function setIpRegion(state: PurchaseState, raw: string): PurchaseState {
  const ipRegion = normalizeRegion(raw);
  return ipRegion === null ? state : { ...state, ipRegion, region: null };
}

function setEmail(state: PurchaseState, raw: string): PurchaseState {
  const email = normalizeEmail(raw);
  return { ...state, email, isValidEmail: isValidEmail(email) };
}

function setMarketingConsent(state: PurchaseState, receive: boolean): PurchaseState {
  return { ...state, receiveMarketingEmails: receive };
}

/** A malformed code is not kept: the form shows `BONUS_CODE_INVALID` and the state holds "". */
function setBonusCode(state: PurchaseState, raw: string): PurchaseState {
  return { ...state, bonusCode: normalizeBonusCode(raw) ?? "" };
}

/** The parameter names, in the URL and in the checkout form. */
export const PURCHASE_PARAMS = {
  plan: "plan",
  paymentMethod: "method",
  region: "region",
  ipRegion: "ip_region",
  email: "email",
  receiveMarketingEmails: "marketing",
  bonusCode: "code",
} as const;

/** URLSearchParams or FormData. */
export interface ParamSource {
  getAll(name: string): unknown[];
}

/**
 * The last string value of a parameter, or null when absent, not text (an uploaded file) or
 * longer than `max`. The last one wins so a hidden "0" before a checkbox's "1" reads as ticked.
 */
function last(source: ParamSource, name: string, max: number): string | null {
  const value = source.getAll(name).at(-1);
  return typeof value === "string" && value.length <= max ? value : null;
}

const YES = new Set(["1", "true", "on", "yes"]);
const NO = new Set(["0", "false", "off", "no"]);

/**
 * The state from parameters. Anything unknown, malformed or over-long is dropped (that field
 * keeps its initial value), never trusted: a tampered URL can only lose choices, not inject them.
 * Region and IP region together: the chosen region wins, as if it had been set last.
 * Absent marketing consent reads as the default (on): a form whose unticked box must say no puts
 * a hidden `marketing=0` before its checkbox.
 */
export function fromPurchaseParams(source: ParamSource): PurchaseState {
  const p = PURCHASE_PARAMS;
  let state: PurchaseState = { ...INITIAL_PURCHASE };
  const plan = last(source, p.plan, PURCHASE_LIMITS.planDigits);
  if (plan !== null && PLAN_ID.test(plan)) state = setPlan(state, Number(plan));
  const method = last(source, p.paymentMethod, 20);
  if (isPaymentMethodId(method)) state = setPaymentMethod(state, method);
  const ipRegion = last(source, p.ipRegion, PURCHASE_LIMITS.region);
  if (ipRegion !== null) state = setIpRegion(state, ipRegion);
  const region = last(source, p.region, PURCHASE_LIMITS.region);
  if (region !== null) state = setRegion(state, region);
  const email = last(source, p.email, PURCHASE_LIMITS.email + 20);
  if (email !== null && normalizeEmail(email).length <= PURCHASE_LIMITS.email) {
    state = setEmail(state, email);
  }
  const marketing = last(source, p.receiveMarketingEmails, 5)?.toLowerCase();
  if (marketing !== undefined && YES.has(marketing)) state = setMarketingConsent(state, true);
  if (marketing !== undefined && NO.has(marketing)) state = setMarketingConsent(state, false);
  const bonus = last(source, p.bonusCode, PURCHASE_LIMITS.bonusCode + 20);
  if (bonus !== null) state = setBonusCode(state, bonus);
  return state;
}
