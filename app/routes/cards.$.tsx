/**
 * `/cards/<lang>/<path>.png`: the social card of the page at `<path>` in `<lang>` (the home
 * page's is `index.png`), drawn from what the page itself says (app/social). Only pages that
 * exist have one; the card asked for with its current `?v=` is kept a year, like any asset.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentCardText } from "~/page/page-card.server";
import { findContentPage } from "~/page/page.server";
import { upstreamFailureInit } from "~/http/upstream-failure";
import { GLOSSARY_PATH } from "~/help/breadcrumbs";
import { glossaryCardText } from "~/page/glossary-page.server";
import type { LangCode } from "~/i18n/languages";
import { pageRouteCardText } from "~/page-cards.server";
import { logFailure } from "~/observability/log-repeats.server";
import { cardPng, parseCardPath, type CardText } from "~/social/card.server";
import { cardBrand } from "~/social/card-link.server";
import { isUpstreamError } from "~/upstream/errors";

/** What the card of a page says, asked of the page's owner; null when no page is there. */
async function cardText(lang: LangCode, path: string): Promise<CardText | null> {
  const page = pageRouteCardText(lang, path);
  if (page) return page;
  if (path === GLOSSARY_PATH) return glossaryCardText(lang);
  const loaded = await findContentPage(lang, path);
  return loaded ? contentCardText(path, loaded.page, loaded.contentLang) : null;
}

function notFound(): Response {
  return new Response("No such card\n", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parseCardPath(url.pathname);
  if (!page) return notFound();
  let text: CardText | null;
  try {
    text = await cardText(page.lang, page.path);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logFailure("error", "social card", `Card unavailable for ${url.pathname}`, error);
    const init = upstreamFailureInit(error.statusCode);
    const headers = new Headers(init.headers);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response("Card unavailable\n", { status: init.status, headers });
  }
  if (!text) return notFound();
  const { png, version } = await cardPng(text, cardBrand());
  const etag = `"${version}"`;
  const current = url.searchParams.get("v") === version;
  const headers = {
    "Content-Type": "image/png",
    ETag: etag,
    // The current version never changes; an old or missing one shows today's card for a day.
    "Cache-Control": current
      ? "public, max-age=31536000, immutable"
      : "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400",
  };
  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.length), {
    headers: { ...headers, "Content-Length": String(png.length) },
  });
}
