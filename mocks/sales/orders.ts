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
    };
    this.orders.set(order, created);
    if (this.orders.size > MAX_ORDERS + this.standing.size) {
      for (const key of this.orders.keys()) {
        if (!this.standing.has(key)) {
          this.orders.delete(key);
          break;
        }
      }
    }
    return created;
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

  /** Forgets every created order (tests). */
  reset(): void {
    this.orders = standingOrders();
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
