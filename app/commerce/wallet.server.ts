import { consumeSharedAddressPost } from "~/forms/form-limit.server";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { summaryOfPrice, type PurchaseSummary } from "~/commerce/purchase-summary";
import { WALLET_FORM, type WalletSession } from "~/commerce/wallet-script";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { readForm } from "~/http/form.server";
import { getT } from "~/i18n/i18n.server";
import type { LangCode } from "~/i18n/languages";
import { localizePath, splitLangPath } from "~/i18n/paths";
import { log } from "~/observability/log.server";
import { isUpstreamError } from "~/upstream/errors";
import {
  getAmazonPaySession,
  getAmazonUserInfo,
  getTransactionId,
  validateAmazonPayment,
} from "~/upstream/purchase.server";
import { WALLET_TOKEN_PATTERN } from "~/upstream/payment.schemas";
import { ORDER_PATTERN, type OrderStatus } from "~/upstream/sales.schemas";
import { checkCode, TRIES_SPENT } from "~/forms/limits/guesses.server";
import { failureMessage } from "~/forms/pipeline.server";
import { isOwnOrderLink, ownOrderHref } from "./order-link.server";
import { FORM_FIELD } from "~/forms/names";

/**
 * The Amazon Pay wallet page, `/amazon/payment?order=<id>` (bare layout, private): the checkout
 * sends a buyer here when they chose Amazon Pay. The loader shows the order and fetches the
 * wallet session (the preparatory step); the browser then loads the wallet's script
 * (app/commerce/wallet-script.ts), and its payment-authorized callback posts the wallet's token
 * to the action, which charges the order and sends the buyer to its outcome page.
 */

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** What the page shows of the order. */
export interface WalletOrder {
  id: string;
  planId: number;
  /** What is bought, or null when only the service's text is known. */
  summary: PurchaseSummary | null;
  planDescription: string;
  total: number;
  currency: string;
  email: string;
}

export type WalletPageData =
  | { state: "notFound"; lang: LangCode }
  | { state: "unavailable"; lang: LangCode }
  | {
      state: "ready";
      lang: LangCode;
      order: WalletOrder;
      /** Back to the checkout of the same plan, to choose another method. */
      checkoutHref: string;
      /** Where the wallet's form posts: this page's order, and its key when the link had one. */
      postTo: string;
      /** The wallet's script and session; null when the preparatory step failed. */
      wallet: { scriptUrl: string; session: WalletSession } | null;
    };

export interface WalletReply {
  form: typeof WALLET_FORM;
  /** A UI-string key. */
  error: string;
}

/** `?order=`: an order id of the accepted shape, else null. */
function orderParam(url: URL): string | null {
  const order = url.searchParams.get("order") ?? "";
  return ORDER_PATTERN.test(order) ? order : null;
}

/**
 * The outcome page of an order's status, in the page's language: the buyer's own link (signed)
 * when the wallet page was reached through one, else the plain `?order=` link.
 */
function outcomeHref(order: string, status: OrderStatus, lang: LangCode, own: boolean) {
  const path = localizePath(status === "failed" ? "/payment-error" : "/payment-success", lang);
  return own ? ownOrderHref(path, order) : `${path}?order=${encodeURIComponent(order)}`;
}

/** The order as the wallet page may sell it: an Amazon Pay order the service knows, or null. */
async function walletOrder(id: string) {
  try {
    const info = await getAmazonUserInfo(id);
    return info.method === "amazon" ? info : null;
  } catch (error) {
    if (isUpstreamError(error) && [400, 404, 409].includes(error.statusCode)) return null;
    throw error;
  }
}

/** The page's title in its language: root data carries only the site-wide meta strings. */
const TITLES: Record<WalletPageData["state"], string> = {
  ready: "wallet.title",
  notFound: "wallet.notFoundTitle",
  unavailable: "wallet.unavailableTitle",
};

function page(body: WalletPageData, status: number) {
  const title = `${getT(body.lang)(TITLES[body.state])} | ${getConfig().brand.name}`;
  return data({ ...body, title }, { status, headers: NO_STORE });
}

export async function walletLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { lang } = splitLangPath(url.pathname);
  const id = orderParam(url);
  if (id === null) return page({ state: "notFound", lang }, 404);

  // The buyer's own link (order-link.server.ts) is never limited; any other is a look-up of an
  // order id, counted with the outcome pages' (decision 022): past the limit every order, pending,
  // settled or unknown, is "not found", and nothing is asked upstream.
  const own = isOwnOrderLink(url, id);
  let info;
  try {
    const found = own
      ? await walletOrder(id)
      : await checkCode(
          "order",
          context.clientIp,
          () => walletOrder(id),
          (o) => o === null,
        );
    if (found === TRIES_SPENT)
      log.warn("Wallet page: this address's wrong order look-ups are used up");
    if (found === null || found === TRIES_SPENT) return page({ state: "notFound", lang }, 404);
    info = found;
  } catch (error) {
    log.error(`Wallet page: order ${id} could not be loaded`, error);
    return page({ state: "unavailable", lang }, 503);
  }
  // A settled order has nothing left to pay: its outcome page says how it ended.
  if (info.status !== "pending") {
    return redirect(outcomeHref(info.order, info.status, lang, own), {
      status: 303,
      headers: NO_STORE,
    });
  }

  const order: WalletOrder = {
    id: info.order,
    planId: info.plan.id,
    summary: summaryOfPrice(info.plan),
    planDescription: info.plan.description,
    total: info.total,
    currency: info.currency,
    email: info.email,
  };

  // The preparatory step: the wallet session. Without it the wallet cannot load.
  let wallet: { scriptUrl: string; session: WalletSession } | null = null;
  try {
    const answer = await getAmazonPaySession(id, lang);
    const session: WalletSession = {
      merchantId: answer.merchantId,
      publicKeyId: answer.publicKeyId,
      ledgerCurrency: answer.ledgerCurrency,
      checkoutLanguage: answer.checkoutLanguage,
      productType: answer.productType,
      placement: answer.placement,
      sandbox: answer.sandbox,
      amount: answer.amount,
      payloadJSON: answer.payloadJSON,
      signature: answer.signature,
    };
    wallet = { scriptUrl: getConfig().amazonPayScriptUrl, session };
  } catch (error) {
    log.error(`Wallet page: no wallet session for order ${id}`, error);
  }

  return page(
    {
      state: "ready",
      lang,
      order,
      checkoutHref: `${localizePath("/order/checkout", lang)}?plan=${order.planId}`,
      postTo: own ? ownOrderHref("", id) : `?order=${encodeURIComponent(id)}`,
      wallet,
    },
    200,
  );
}

const walletSchema = z.object({
  [FORM_FIELD]: z.literal(WALLET_FORM),
  order: z.string().regex(ORDER_PATTERN),
  token: z.string().regex(WALLET_TOKEN_PATTERN),
});

function fail(status: number, error: string) {
  return data({ form: WALLET_FORM, error } satisfies WalletReply, { status, headers: NO_STORE });
}

/**
 * The wallet's post (its payment-authorized callback): rate limit (429) → zod (400) → the order
 * of the form must be the page's → `transaction-id/` → `amazon-validate/` with the wallet's token
 * → 303 to the outcome page (paid: success; declined: error). An order the service does not know
 * or will not charge is refused (404/400); a failing service answers 502 with the seed's message.
 */
export async function walletAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (!(await consumeSharedAddressPost(WALLET_FORM, context.clientIp)))
    return fail(429, "api.TOO_MANY_REQUESTS");
  const submission = parseWithZod(form, { schema: walletSchema });
  if (submission.status !== "success") return fail(400, "wallet.notConfirmed");
  const { order, token } = submission.value;
  const url = new URL(request.url);
  if (url.searchParams.has("order") && url.searchParams.get("order") !== order) {
    log.warn(`Wallet post for order ${order} on the page of another order: refused`);
    return fail(400, "wallet.notConfirmed");
  }

  const { lang } = splitLangPath(url.pathname);
  const own = isOwnOrderLink(url, order);
  try {
    // As on the page: a post without the buyer's key is an order look-up under the guess limits,
    // and an order the service does not know or will not charge is a wrong one.
    const charged = own
      ? await charge(order, token)
      : await checkCode(
          "order",
          context.clientIp,
          () => charge(order, token),
          (c) => !c.ok,
        );
    if (charged === TRIES_SPENT) return fail(404, "wallet.notFound");
    if (!charged.ok) return fail(charged.status, charged.message);
    return redirect(outcomeHref(order, charged.status, lang, own), {
      status: 303,
      headers: NO_STORE,
    });
  } catch (error) {
    log.error(`Wallet post for order ${order} could not be sent upstream`, error);
    return fail(502, failureMessage(error));
  }
}

type Charged =
  { ok: true; status: OrderStatus } | { ok: false; status: 400 | 404; message: string };

/**
 * `transaction-id/` → `amazon-validate/` with the wallet's token: the order's status after it, or
 * why the service refused it (unknown order 404, refused token 400). A failing service throws.
 */
async function charge(order: string, token: string): Promise<Charged> {
  try {
    const { transactionId } = await getTransactionId(order);
    const result = await validateAmazonPayment({ order, token, transactionId });
    return { ok: true, status: result.status };
  } catch (error) {
    if (isUpstreamError(error) && error.statusCode === 404) {
      return { ok: false, status: 404, message: "wallet.notFound" };
    }
    if (isUpstreamError(error) && [400, 409].includes(error.statusCode)) {
      log.warn(`Wallet post for order ${order} refused upstream`, error);
      return { ok: false, status: 400, message: "wallet.notConfirmed" };
    }
    throw error;
  }
}
