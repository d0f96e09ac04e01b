import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFoundResponse } from "~/http/not-found";
import { isLangCode } from "~/i18n/languages";
import { messagesJson } from "~/i18n/resources.server";

/** A language's UI strings for the browser's i18next; versioned by `?v=`, so cached for good. */
export function loader({ params, request }: LoaderFunctionArgs) {
  if (!isLangCode(params.lng)) {
    return notFoundResponse(60);
  }
  const { json, version } = messagesJson(params.lng);
  const current = new URL(request.url).searchParams.get("v") === version;
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
