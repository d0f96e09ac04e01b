import { PassThrough } from "node:stream";
import { createContext, Fragment, Suspense, useContext, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hashSource } from "~/security/inline-hashes";
import { OwnScriptsContext, type NoteScripts } from "~/security/own-scripts";
import { ownScriptNotes } from "~/security/own-scripts.server";

/** The whole document React writes for `node`, once everything under it has rendered. */
function render(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const out = new PassThrough();
        let html = "";
        out.on("data", (chunk: Buffer) => (html += chunk.toString("utf8")));
        out.on("end", () => resolve(html));
        pipe(out);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

const INJECTED = "alert(1)";
const CONTEXT = 'window.__remixContext = {"basename":"/"};';
const MODULE = ';\nimport * as route0 from "/assets/root-1.js";\nimport("/assets/entry-1.js");';
const RESTORE = '(() => {})("positions", null)';

/** As Remix's <Scripts> hands its output to React: preload links, then two inline scripts. */
function WrittenLikeScripts() {
  return (
    <>
      <link rel="modulepreload" href="/assets/entry-1.js" />
      <>
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONTEXT }} />
        <script type="module" async dangerouslySetInnerHTML={{ __html: MODULE }} />
      </>
    </>
  );
}

/** As Remix's data stream: one script a chunk, each chunk read later (it suspends first). */
function StreamedLikeRemix({
  chunks,
  at,
  ready,
}: {
  chunks: string[];
  at: number;
  ready: Set<number>;
}) {
  if (!ready.has(at)) {
    throw new Promise<void>((resolve) =>
      setTimeout(() => {
        ready.add(at);
        resolve();
      }, 1),
    );
  }
  const script = (
    <script
      dangerouslySetInnerHTML={{
        __html: `window.__remixContext.streamController.enqueue(${JSON.stringify(chunks[at])});`,
      }}
    />
  );
  if (at === chunks.length - 1) {
    return (
      <>
        {script}
        <script
          dangerouslySetInnerHTML={{ __html: "window.__remixContext.streamController.close();" }}
        />
      </>
    );
  }
  return (
    <>
      {script}
      <Suspense>
        <StreamedLikeRemix chunks={chunks} at={at + 1} ready={ready} />
      </Suspense>
    </>
  );
}

const AppContext = createContext("");

/** The page itself: content whose HTML carries a script, and a script element of its own. */
function Page() {
  const text = useContext(AppContext);
  return (
    <main>
      <div dangerouslySetInnerHTML={{ __html: `<p>${text}</p><script>${INJECTED}</script>` }} />
      <script dangerouslySetInnerHTML={{ __html: "window.fromContent = 1" }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: "{}" }} />
    </main>
  );
}

/** The shape RemixServer returns: the app under a provider, then the data stream beside it. */
function remixLikeTree(note: NoteScripts, chunks: string[]) {
  const written = (
    <>
      <AppContext.Provider value="Upstream text">
        <Page />
        {note(<WrittenLikeScripts />)}
      </AppContext.Provider>
      <Suspense>
        <StreamedLikeRemix chunks={chunks} at={0} ready={new Set()} />
      </Suspense>
    </>
  );
  return (
    <OwnScriptsContext.Provider value={note}>
      <html lang="en">
        <body>{note(written)}</body>
      </html>
    </OwnScriptsContext.Provider>
  );
}

describe("ownScriptNotes", () => {
  it("hashes exactly the scripts the writers hand React, never one that reached the page otherwise", async () => {
    const notes = ownScriptNotes();
    const chunks = ['[{"_1":2},"loaderData"]', '"<\\u0026>"'];
    const html = await render(remixLikeTree(notes.note, chunks));
    // The injected script is in the page, as it would be had the content not been cleaned…
    expect(html).toContain(`<script>${INJECTED}</script>`);
    // …and the writers' scripts are there as noted.
    const streamed = chunks.map(
      (chunk) => `window.__remixContext.streamController.enqueue(${JSON.stringify(chunk)});`,
    );
    const own = [CONTEXT, MODULE, ...streamed, "window.__remixContext.streamController.close();"];
    for (const text of own) expect(html).toContain(`>${text}</script>`);
    expect(new Set(notes.hashes())).toEqual(new Set(own.map(hashSource)));
    expect(notes.hashes()).not.toContain(hashSource(INJECTED));
    expect(notes.hashes()).not.toContain(hashSource("window.fromContent = 1"));
  });

  it("names a text written twice once, and nothing for a document without writers", async () => {
    const notes = ownScriptNotes();
    await render(
      <div>
        {notes.note(<script dangerouslySetInnerHTML={{ __html: RESTORE }} />)}
        {notes.note(<script dangerouslySetInnerHTML={{ __html: RESTORE }} />)}
        {notes.note(<script src="/assets/a.js" />)}
      </div>,
    );
    expect(notes.hashes()).toEqual([hashSource(RESTORE)]);
    const none = ownScriptNotes();
    await render(<Page />);
    expect(none.hashes()).toEqual([]);
  });

  it("leaves the markup as the writers wrote it", async () => {
    const plain = await render(<WrittenLikeScripts />);
    const notes = ownScriptNotes();
    expect(await render(<Fragment>{notes.note(<WrittenLikeScripts />)}</Fragment>)).toBe(plain);
  });
});
