import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { isPrefixedLang } from "../app/i18n/languages";
import { planById } from "./sales/catalogue";
import { ORDER_ID, type SandboxOrder, type SandboxOrders } from "./sales/orders";

/**
 * The sandbox's payment page, standing in for a provider's hosted checkout: `GET /sandbox/pay`
 * shows an order (plan, amount, masked e-mail) with Pay, Leave pending and Fail buttons;
 * `POST /sandbox/pay` settles it and sends the buyer to the site's outcome page in their language.
 * "Leave pending" keeps the order pending, as when the buyer returns before the provider confirms:
 * it turns paid at the PAY_LATER_CHECKS-th status check (`check-payment-status/`). Served by the site
 * only while the sandbox upstream runs (app/server/site.server.ts); a POST reaches it after the site's POST guard
 * (same-origin check), whose raw body it reads.
 */
export const SANDBOX_PAY_PATH = "/sandbox/pay";

/** How many status checks a "Leave pending" order stays pending for (the outcome page makes one). */
export const PAY_LATER_CHECKS = 2;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency }).format(cents / 100);
}

/** Where the buyer lands after paying or failing: `/de/payment-success?order=…` and so on. */
export function outcomePath(order: SandboxOrder, outcome: "paid" | "failed"): string {
  const slug = outcome === "paid" ? "payment-success" : "payment-error";
  const prefix = isPrefixedLang(order.lang) ? `/${order.lang}` : "";
  return `${prefix}/${slug}?order=${encodeURIComponent(order.order)}`;
}

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">
body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#16202b}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
form{display:inline-block;margin-right:.5rem}button{font:inherit;padding:.6rem 1.4rem;cursor:pointer}
.note{color:#5b6573;font-size:.9rem}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function orderPage(order: SandboxOrder, nonce: string): string {
  const plan = planById(order.planId);
  const value = escapeHtml(order.order);
  const button = (outcome: string, label: string) =>
    `<form method="post" action="${SANDBOX_PAY_PATH}"><input type="hidden" name="order" value="${value}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
  const actions =
    order.status === "pending"
      ? `${button("paid", "Pay")}${button("later", "Leave pending")}${button("failed", "Fail")}`
      : `<p>This order is already ${escapeHtml(order.status)}.</p>`;
  return page(
    "Sandbox payment",
    `<dl>
<dt>Order</dt><dd>${value}</dd>
<dt>Plan</dt><dd>${escapeHtml(plan ? `${plan.key} (${plan.description})` : String(order.planId))}</dd>
<dt>Amount</dt><dd>${escapeHtml(money(order.total, order.currency))}</dd>
<dt>E-mail</dt><dd>${escapeHtml(order.email)}</dd>
<dt>Method</dt><dd>${escapeHtml(order.method)}</dd>
</dl>
${actions}
<p class="note">A stand-in for the payment provider's page: no money moves.</p>`,
    nonce,
  );
}

function notFound(nonce: string): string {
  return page("Order not found", "<p>This sandbox order does not exist.</p>", nonce);
}

function orderOf(value: unknown, orders: SandboxOrders): SandboxOrder | undefined {
  return typeof value === "string" && ORDER_ID.test(value) ? orders.get(value) : undefined;
}

/**
 * A provider's hosted page has its own policy, not the site's (whose hashes cover the site's own
 * scripts): this one allows its one stylesheet by a nonce of its own, the site's icon (which browsers ask for) and posts only to itself.
 */
function send(res: Parameters<RequestHandler>[1], status: number, html: (nonce: string) => string) {
  const nonce = randomBytes(16).toString("base64");
  res
    .status(status)
    .type("html")
    .set("Cache-Control", "private, no-store")
    .removeHeader("Content-Security-Policy-Report-Only");
  res.set(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  res.send(html(nonce));
}

/** The Express handlers of the sandbox payment page, over the sandbox's orders. */
export function sandboxPayPage(orders: SandboxOrders): {
  show: RequestHandler;
  settle: RequestHandler;
} {
  return {
    show(req, res) {
      const order = orderOf(req.query.order, orders);
      if (!order) return send(res, 404, notFound);
      send(res, 200, (nonce) => orderPage(order, nonce));
    },
    settle(req, res) {
      const body = Buffer.isBuffer(req.body)
        ? new URLSearchParams(req.body.toString("utf8"))
        : null;
      const outcome = body?.get("outcome");
      if (outcome !== "paid" && outcome !== "failed" && outcome !== "later") {
        return send(res, 400, (nonce) =>
          page("Bad request", "<p>Choose Pay, Leave pending or Fail.</p>", nonce),
        );
      }
      const order = orderOf(body?.get("order"), orders);
      if (!order) return send(res, 404, notFound);
      const settled =
        (outcome === "later"
          ? orders.payLater(order.order, PAY_LATER_CHECKS)
          : orders.settle(order.order, outcome)) ?? order;
      res
        .set("Cache-Control", "private, no-store")
        .redirect(303, outcomePath(settled, settled.status === "failed" ? "failed" : "paid"));
    },
  };
}
