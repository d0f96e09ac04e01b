import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { accountState } from "~/account/account.server";
import { clearSessionCookie } from "~/account/session.server";
import { visitorOf } from "~/account/user.server";
import { publicBrand } from "~/config/brand.server";
import { pageDate } from "~/config/clock.server";
import { publicCaptcha } from "~/forms/captcha.server";
import { FLASH_COOKIE } from "~/forms/flash";
import { readFlash } from "~/forms/flash.server";
import { readDismissed } from "~/layout/dismissals.server";
import { PRIVATE_NO_STORE } from "~/http/cache-control";
import { readCookie } from "~/http/cookies";
import { clearSiteCookie } from "~/http/set-cookie.server";
import { languageInputOf, requestLanguage } from "~/i18n/detection.server";
import { languageRedirect } from "~/i18n/redirect.server";
import { publicIntegrations } from "~/integrations/public.server";
import { getLanguage } from "~/i18n/languages";
import { splitLangPath } from "~/i18n/paths";
import { messagesHref, metaMessages } from "~/i18n/resources.server";
import { GenericErrorPage } from "~/layout/ErrorPages";
import { Newsletter } from "~/forms/Newsletter";
import { SiteChrome } from "~/layout/SiteChrome";
import { log } from "~/observability/log.server";
import { siteOrigin } from "~/config/origin.server";
import { PageEnd, RenderWithWholeBody } from "~/render/one-layout";
import { NotedScripts, NotedScrollRestoration } from "~/security/own-scripts";
import { FALLBACK_SITE_DATA, type SiteData } from "~/root-data";
import stylesheet from "~/styles/app.css?url";
import { getSite } from "~/upstream/coms.server";
import interLatin from "~/styles/fonts/inter-latin-wght-normal.woff2?url";

// The site's one stylesheet, linked: the browser keeps the file across pages (it is hashed and
// immutable), so a page is its HTML alone (decision 041 weighed inlining it).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

type UpstreamSite = Awaited<ReturnType<typeof getSite>>;

/**
 * The site data without its store listings: the downloads rules read them on the server, the
 * browser needs none.
 */
function browserSite(full: UpstreamSite | SiteData["site"]): SiteData["site"] {
  const { stores: _stores, ...rest } = full as UpstreamSite;
  return rest;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const input = languageInputOf(request);
  const to = await languageRedirect({ ...input, search: new URL(request.url).search }, request);
  if (to) throw redirect(to, { status: 302, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  const lang = await requestLanguage(input, request);
  const site = browserSite(
    await getSite(lang).catch((error: unknown) => {
      log.error("Site navigation unavailable", error);
      return FALLBACK_SITE_DATA.site;
    }),
  );
  const visitor = await visitorOf(request);
  const account = accountState(visitor, lang);
  // A flash is shown once: this answer also tells the browser to forget it.
  const flashed = readCookie(request.headers.get("cookie"), FLASH_COOKIE) !== null;
  const headers = new Headers();
  if (flashed) {
    headers.append("Set-Cookie", clearSiteCookie(FLASH_COOKIE));
  }
  // Only when configured: otherwise the page's data says nothing about third parties.
  const integrations = publicIntegrations();
  // The provider ended the session (401): the visitor is signed out (SPEC §4).
  if (visitor.state === "ended") headers.append("Set-Cookie", clearSessionCookie());
  return data(
    {
      lang,
      messages: metaMessages(lang),
      messagesHref: messagesHref(lang),
      site,
      brand: publicBrand(),
      origin: siteOrigin(),
      serverDate: pageDate(),
      account,
      // Read by the features that own these cookies; the page variant (app/page/page-variant.ts)
      // decides the Cache-Control choice on the same cookies.
      dismissed: readDismissed(request),
      flash: readFlash(request),
      captcha: publicCaptcha(),
      ...(integrations ? { integrations } : {}),
    } satisfies SiteData,
    { headers },
  );
}

/** Navigation, brand and UI strings only change with the language (or after a form post). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return splitLangPath(currentUrl.pathname).lang !== splitLangPath(nextUrl.pathname).lang;
};

export function Layout({ children }: { children: ReactNode }) {
  const site = (useRouteLoaderData("root") as SiteData | undefined) ?? FALLBACK_SITE_DATA;
  const translation = useTranslation();
  const iso = getLanguage(site.lang).iso;

  useEffect(() => {
    // The browser holds one language's UI strings: a client-side move to another language (rare:
    // the switcher reloads the document) loads the page anew in that language.
    if (site.messagesHref && translation.iso !== iso) window.location.reload();
  }, [translation.iso, iso, site.messagesHref]);

  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  // Third-party scripts and error reporting, only when configured: decided in the browser,
  // after hydration, once the page is idle (app/integrations/start.ts, its own chunk).
  const integrations = site.integrations;
  useEffect(() => {
    if (integrations) void import("~/integrations/start").then((m) => m.start(integrations));
  }, [integrations]);

  return (
    <html lang={iso} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="rgba(15,135,215,1)" />
        <Meta />
        <RenderWithWholeBody />
        <Links />
        {site.messagesHref ? (
          // Only hydration reads the UI strings: they load beside its scripts.
          <link
            rel="preload"
            as="fetch"
            href={site.messagesHref}
            crossOrigin="anonymous"
            data-i18n=""
          />
        ) : null}
      </head>
      <body>
        <SiteChrome newsletter={<Newsletter />}>{children}</SiteChrome>
        <PageEnd />
        {/* Remix's own, their inline scripts noted for the page's policy (decision 042). */}
        <NotedScrollRestoration />
        <NotedScripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GenericErrorPage />;
}
