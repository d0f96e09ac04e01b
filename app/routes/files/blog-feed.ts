/** The blog's Atom feed: `/blog/feed.xml`, `/de/blog/feed.xml`, … (app/page-routes.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { blogFeedResponse } from "~/content/blog-feed.server";

export const loader = ({ request }: LoaderFunctionArgs) => blogFeedResponse(request);
