import { createContext, useContext } from "react";
import { useNonce } from "~/security/nonce";
import stylesheet from "~/styles/app.css?url";

export { stylesheet };

/**
 * The site's stylesheet, inlined into the page's <head> by the server (one request less before the
 * first paint). The server fills this context from the built file; in the browser it stays empty.
 */
export const InlineCssContext = createContext<string | null>(null);

// In the browser: did the server inline the stylesheet? Read once, before hydration renders.
const inlinedByServer =
  typeof document !== "undefined" && document.querySelector("style[data-app-css]") !== null;

export function AppStyles() {
  const css = useContext(InlineCssContext);
  const nonce = useNonce();
  if (css !== null || inlinedByServer) {
    // The browser keeps the server's text and nonce: React does not rewrite this element when
    // hydrating. The nonce lets the Content-Security-Policy allow it (style-src).
    return (
      <style
        data-app-css=""
        nonce={nonce || undefined}
        dangerouslySetInnerHTML={{ __html: css ?? "" }}
        suppressHydrationWarning
      />
    );
  }
  return <link rel="stylesheet" href={stylesheet} />;
}
