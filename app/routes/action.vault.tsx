import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { readSession } from "~/account/session.server";
import { webVaultHref } from "~/account/vault";
import { getConfig } from "~/config/config.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";

/**
 * The web vault link of a visitor whose session holds an id: the id is added here, by the
 * server, so it never appears in a page's HTML or data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  const target = webVaultHref(getConfig().brand.webVaultUrl, session?.sessionId ?? null);
  return redirect(target, { status: 302, headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
