/**
 * The Amazon Pay wallet page, `/amazon/payment?order=<id>`: no header, footer or banner around it
 * (SPEC §2). Private: it is about one order (app/commerce/wallet.server.ts).
 */
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData } from "@remix-run/react";
import { WalletOrderMissing, WalletPayment } from "~/commerce/WalletPage";
import { walletLoader } from "~/commerce/wallet.server";
import type { WalletReply } from "~/commerce/wallet.server";
import type { LoadsHandle } from "~/security/page-integrations";
import { errorMeta } from "~/seo/route-meta";

export { walletLoader as loader, walletAction as action } from "~/commerce/wallet.server";

/** The bare layout; the page loads the wallet's script, whose hosts only its policy names. */
export const handle = { layout: "bare", loads: ["wallet"] } satisfies LoadsHandle & {
  layout: string;
};

/** Every answer of this page is private, a post's and an error's too. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: MetaFunction<typeof walletLoader> = ({ data: result, matches, error }) => {
  if (!result || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  return [{ title: result.title }, { name: "robots", content: "noindex, nofollow" }];
};

export default function AmazonPaymentPage() {
  const data = useLoaderData<typeof walletLoader>();
  const reply = useActionData<WalletReply>() ?? null;
  if (data.state !== "ready") return <WalletOrderMissing data={data} />;
  return <WalletPayment data={data} reply={reply} />;
}

export { ContentErrorBoundary as ErrorBoundary } from "~/layout/ErrorBoundary";
