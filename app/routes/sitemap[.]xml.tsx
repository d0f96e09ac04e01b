import { log } from "~/observability/log.server";
import { siteOrigin } from "~/config/origin.server";
import { sitemapXml } from "~/seo/sitemap.server";
import { isUpstreamError } from "~/upstream/errors";

/** `/sitemap.xml`: every content page in every language it is translated into. */
export async function loader() {
  try {
    const xml = await sitemapXml(siteOrigin());
    return new Response(xml, {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Cache-Control": "public, max-age=300",
      },
    });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    log.error("Sitemap unavailable", error);
    return new Response("Service unavailable\n", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      },
    });
  }
}
