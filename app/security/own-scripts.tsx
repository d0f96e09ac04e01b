/**
 * The inline scripts a page may run are those the site writes: Remix's `<Scripts>` (its context
 * and module scripts), `<ScrollRestoration>` and `<RemixServer>`'s loader data stream — the app
 * writes no inline script of its own. Each is noted as its writer hands it to React, and the
 * document's Content-Security-Policy names exactly those by their hashes (app/entry.server.tsx,
 * decision 042). Nothing reads them back from the finished HTML, where a script that came with
 * the upstream's content or a reflected value would look the same.
 *
 * In the browser there is nothing to note: these render Remix's components as they are.
 */
import { Scripts, ScrollRestoration } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";

/** Notes the inline scripts in what a writer returned, and gives it back to be rendered. */
export type NoteScripts = (written: ReactNode) => ReactNode;

/** The server's note-taker for the document being rendered; none in the browser. */
export const OwnScriptsContext = createContext<NoteScripts | null>(null);

/** Remix's `<Scripts>`, its inline scripts noted. */
export function NotedScripts(props: Parameters<typeof Scripts>[0]) {
  const note = useContext(OwnScriptsContext);
  // Called as a function (its hooks are this component's, called on every render), so its
  // output can be read.
  // oxlint-disable-next-line react/capitalized-calls
  const written = Scripts(props);
  return note ? note(written) : written;
}

/** Remix's `<ScrollRestoration>`, its inline script noted. */
export function NotedScrollRestoration(props: Parameters<typeof ScrollRestoration>[0]) {
  const note = useContext(OwnScriptsContext);
  // oxlint-disable-next-line react/capitalized-calls
  const written = ScrollRestoration(props);
  return note ? note(written) : written;
}
