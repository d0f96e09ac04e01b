import { createContext, useContext } from "react";
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
  if (css !== null || inlinedByServer) {
    // The browser keeps the server's text: React does not rewrite this element when hydrating.
    // The Content-Security-Policy allows it by its hash (style-src).
    return (
      <style
        data-app-css=""
        dangerouslySetInnerHTML={{ __html: css ?? "" }}
        suppressHydrationWarning
      />
    );
  }
  return <link rel="stylesheet" href={stylesheet} />;
}
