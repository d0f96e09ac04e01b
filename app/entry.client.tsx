import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { installChunkErrorReload, pointLinksAtRealSite } from "~/layout/browser-guards.client";
import { isCacheViewerHost } from "~/layout/progress";

if (isCacheViewerHost(window.location.hostname)) {
  // A search engine's cached copy: keep the server HTML as it is and send visitors to the site.
  pointLinksAtRealSite();
} else {
  installChunkErrorReload();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
