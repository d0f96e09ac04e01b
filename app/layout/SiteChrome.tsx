import type { ReactNode } from "react";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** Header, main content and footer around every page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
