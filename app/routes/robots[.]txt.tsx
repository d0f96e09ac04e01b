import { siteOrigin } from "~/config/origin.server";
import { renderRobots } from "~/seo/sitemap";

/** `/robots.txt`: keeps crawlers off checkout, outcomes, search and the sandbox; names the sitemap. */
export function loader() {
  return new Response(renderRobots(siteOrigin()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
