import { createHash, randomBytes } from "node:crypto";
import { isPrefixedLang } from "../../app/i18n/languages";
import {
  CATALOGUE,
  CURRENCY,
  planById,
  type BonusCodeAnswer,
  type DemoPlan,
  type OrderStatus,
} from "./catalogue";

/**
 * An order id: `<plan id>-<12 hex of the buyer's hash>-<8 hex nonce>`, e.g.
 * `102-3f9a1c2b7d4e-a1b2c3d4`. It names the plan and a hash of the buyer (the lowercased e-mail,
 * or the signed-in visitor's token), never the e-mail itself.
 */
export const ORDER_ID = /^([1-9]\d{0,8})-([0-9a-f]{12})-([0-9a-f]{8})$/;

/** Where the sandbox's payment page for an order is, relative to the site (served by the site). */
export function sandboxPaymentPath(order: string): string {
  return `/sandbox/pay?order=${encodeURIComponent(order)}`;
}

export interface SandboxOrder {
  order: string;
  planId: number;
  status: OrderStatus;
  method: string;
  /** The buyer's e-mail, masked ("d***@keynest.example"). */
  email: string;
  code?: string;
  cost: number;
  discount: number;
  total: number;
  currency: string;
  /** The buyer's language, when the purchase call named one (the payment page returns to it). */
  lang?: string;
  /** Where a personal server or static IP is placed: the place's id and name. */
  location?: string;
  locationName?: string;
  /** A free trial's last day (`trial-accrual/` orders: paid, nothing charged). */
  trialEndsAt?: string;
  /** "Leave pending" on the payment page: the order turns paid at this many more status checks. */
  checksUntilPaid?: number;
}

/**
 * The hash of the link the provider e-mails a buyer (`purchase-detail-by-hash/`): 32 hex,
 * derived from the order id so the standing orders have fixed ones.
 */
export function orderHash(order: string): string {
  return createHash("sha256").update(`purchase-link:${order}`).digest("hex").slice(0, 32);
}

/** A date `days` after `from`, as YYYY-MM-DD. */
function daysAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** "dana@example.com" → "d***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function buyerHash(buyer: string): string {
  return createHash("sha256").update(buyer).digest("hex").slice(0, 12);
}

const MAX_ORDERS = 1000;

function standingOrders(): Map<string, SandboxOrder> {
  const orders = new Map<string, SandboxOrder>();
  for (const o of CATALOGUE.orders) {
    const plan = planById(o.planId);
    if (!plan || !ORDER_ID.test(o.order)) throw new Error(`Standing order ${o.order} is invalid`);
    orders.set(o.order, {
      ...o,
      cost: plan.cost,
      discount: 0,
      total: plan.cost,
      currency: CURRENCY,
    });
  }
  return orders;
}

/**
 * The sandbox's orders, in memory. `purchase/url…` creates a pending order; the sandbox payment
 * page (served by the site at `/sandbox/pay`) or a test settles it as paid or failed; the standing
 * orders of catalogue.json (one paid, one pending, one failed) are always there.
 */
export class SandboxOrders {
  private orders = standingOrders();
  private readonly standing = new Set(this.orders.keys());

  create(input: {
    plan: DemoPlan;
    /** Who buys: the lowercased e-mail, or the visitor's token; only its hash is kept. */
    buyer: string;
    email: string;
    method: string;
    bonus?: Extract<BonusCodeAnswer, { ok: true }>;
    lang?: string;
    location?: { id: string; name: string };
  }): SandboxOrder {
    const order = `${input.plan.id}-${buyerHash(input.buyer)}-${randomBytes(4).toString("hex")}`;
    const discount = input.bonus?.discount ?? 0;
    const created: SandboxOrder = {
      order,
      planId: input.plan.id,
      status: "pending",
      method: input.method,
      email: input.email,
      ...(input.bonus ? { code: input.bonus.code } : {}),
      cost: input.plan.cost,
      discount,
      total: input.plan.cost - discount,
      currency: CURRENCY,
      ...(input.lang ? { lang: input.lang } : {}),
      ...(input.location ? { location: input.location.id, locationName: input.location.name } : {}),
    };
    this.add(created);
    return created;
  }

  /**
   * A free trial (`trial-accrual/`): an order settled at once, nothing charged, which ends
   * `trialDays` from now.
   */
  createTrial(input: { plan: DemoPlan; buyer: string; email: string; lang?: string }) {
    const order = `${input.plan.id}-${buyerHash(input.buyer)}-${randomBytes(4).toString("hex")}`;
    const created: SandboxOrder = {
      order,
      planId: input.plan.id,
      status: "paid",
      method: "trial",
      email: input.email,
      cost: input.plan.cost,
      discount: input.plan.cost,
      total: 0,
      currency: CURRENCY,
      trialEndsAt: daysAfter(new Date(), input.plan.trialDays ?? 7),
      ...(input.lang ? { lang: input.lang } : {}),
    };
    this.add(created);
    return created;
  }

  private add(created: SandboxOrder): void {
    this.orders.set(created.order, created);
    if (this.orders.size > MAX_ORDERS + this.standing.size) {
      for (const key of this.orders.keys()) {
        if (!this.standing.has(key)) {
          this.orders.delete(key);
          break;
        }
      }
    }
  }

  get(order: string): SandboxOrder | undefined {
    return this.orders.get(order);
  }

  /** Marks a pending order paid or failed; the standing orders and settled ones do not change. */
  settle(order: string, outcome: "paid" | "failed"): SandboxOrder | undefined {
    const found = this.orders.get(order);
    if (!found || this.standing.has(order) || found.status !== "pending") return found;
    found.status = outcome;
    return found;
  }

  /** The order an e-mailed link's hash names. */
  byHash(hash: string): SandboxOrder | undefined {
    for (const order of this.orders.values()) {
      if (orderHash(order.order) === hash) return order;
    }
    return undefined;
  }

  /** "Leave pending": a pending order turns paid at the `checks`-th status check from now. */
  payLater(order: string, checks: number): SandboxOrder | undefined {
    const found = this.orders.get(order);
    if (!found || this.standing.has(order) || found.status !== "pending") return found;
    found.checksUntilPaid = Math.max(1, checks);
    return found;
  }

  /** A status check (`check-payment-status/`): counts down a "pay later" order, then paid. */
  check(order: string): SandboxOrder | undefined {
    const found = this.orders.get(order);
    if (found?.status === "pending" && found.checksUntilPaid !== undefined) {
      found.checksUntilPaid -= 1;
      if (found.checksUntilPaid <= 0) {
        found.status = "paid";
        delete found.checksUntilPaid;
      }
    }
    return found;
  }

  /** Forgets every created order (tests). */
  reset(): void {
    this.orders = standingOrders();
    this.intents.clear();
  }

  /** The PaymentIntent id of each order paid on the card step (never shown in an order). */
  private readonly intents = new Map<string, string>();

  /**
   * A PaymentIntent for a pending order paid with Stripe.js: its id and client secret
   * (`pi_…_secret_…`), as the card provider would create them for the service.
   */
  attachIntent(order: string): { id: string; clientSecret: string } | undefined {
    const found = this.orders.get(order);
    if (!found || found.status !== "pending" || this.standing.has(order)) return undefined;
    const id = `pi_sbx${randomBytes(12).toString("hex")}`;
    this.intents.set(order, id);
    if (this.intents.size > MAX_ORDERS) {
      for (const key of this.intents.keys()) {
        if (!this.orders.has(key)) this.intents.delete(key);
      }
    }
    return { id, clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}` };
  }

  /**
   * The confirmation the site sends once Stripe.js reports the payment: the order becomes paid
   * only when the intent is the one created for it (the real service asks the card provider
   * instead). A wrong or unknown intent changes nothing: "mismatch".
   */
  confirmIntent(order: string, intent: string): SandboxOrder | "mismatch" | undefined {
    const found = this.orders.get(order);
    if (!found) return undefined;
    const expected = this.intents.get(order);
    if (!expected || expected !== intent) return "mismatch";
    return this.settle(order, "paid");
  }
}

/**
 * Where an order paid with Amazon Pay is paid: the site's own wallet page, in the buyer's
 * language (`/de/amazon/payment?order=…`); every other method goes to the sandbox payment page.
 */
export function paymentPathFor(order: { order: string; method: string; lang?: string }): string {
  if (order.method !== "amazon") return sandboxPaymentPath(order.order);
  const prefix = isPrefixedLang(order.lang) ? `/${order.lang}` : "";
  return `${prefix}/amazon/payment?order=${encodeURIComponent(order.order)}`;
}

/** The transaction id the sandbox charges an order under (and shows once it is paid). */
export function sandboxTransactionId(order: string): string {
  return `SBX-${order.slice(-8)}`;
}
