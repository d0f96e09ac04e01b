import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { errorMeta } from "~/seo/route-meta";

/**
 * The meta of the site's own legal pages (cookie policy, legal notice): their loaders build the
 * tags on the server (legal-head.server.ts), so the browser gets them ready and loads no meta
 * builder of its own for them.
 */
export const legalPageMeta: MetaFunction<() => Promise<{ head: MetaDescriptor[] }>> = ({
  data,
  matches,
  error,
}) => {
  if (!data || error) {
    return errorMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  }
  return data.head;
};
