import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config/config.server";
import { renderErrorPage } from "~/layout/error-page.server";
import { notFoundResponse } from "~/http/not-found";
import { logFailure } from "~/observability/log-repeats.server";
import {
  DOWNLOAD_PLATFORMS,
  downloadProducts,
  getDownload,
  type DownloadPlatform,
} from "~/upstream/provider.server";

const notFound = () => notFoundResponse(300);

/**
 * Content links such as `/api/{provider}/{product}-download/?platform=windows` (SPEC §2 treats
 * them as external): the server asks the provider service for the current installer and sends
 * the browser there. Only the download endpoints are reachable this way. Each address may follow
 * a limited number a minute (`downloadHandOffRateLimit`, mounted in app/server/site.server.ts).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const match = /^([a-z0-9-]+)-download\/?$/.exec(params["*"] ?? "");
  const product = match?.[1];
  const platform = new URL(request.url).searchParams.get("platform");
  if (
    params.provider !== getConfig().brand.provider ||
    !product ||
    !downloadProducts().includes(product) ||
    !DOWNLOAD_PLATFORMS.includes(platform as DownloadPlatform)
  ) {
    return notFound();
  }
  try {
    const { url } = await getDownload(product, platform as DownloadPlatform);
    if (!url.startsWith("https://")) throw new Error(`Refusing a non-https download URL: ${url}`);
    return redirect(url, { status: 302, headers: { "Cache-Control": "public, max-age=300" } });
  } catch (error) {
    // Every visitor who follows a link meets the same failure: logged once a minute, not each.
    logFailure(
      "error",
      "download hand-off",
      `Download link for ${product}/${platform} unavailable`,
      error,
    );
    return new Response(renderErrorPage(new URL(request.url).pathname, 503), {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      },
    });
  }
}
