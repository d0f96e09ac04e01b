import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PrerenderContext, Prerendered } from "~/render/Prerendered";
import { innerHtmlOf, PrerenderSession, startTagOf } from "~/render/prerender.server";

interface Item {
  label: string;
  note: string;
}

/** Called each time List renders. */
const rendered = vi.fn();
/** Called each time Shared renders. */
const sharedRendered = vi.fn();
const SHARED = ["a", "b"];

function Shared() {
  sharedRendered();
  return SHARED.map((item) => <li key={item}>{item}</li>);
}

function List({ items }: { items: Item[] }) {
  rendered();
  return (
    <ul>
      {items.map((item) => (
        <li key={item.label}>
          {item.label}
          {item.note}
          <nav aria-label="inner">
            <a href={`/${item.label}`}>x &lt; y</a>
          </nav>
        </li>
      ))}
    </ul>
  );
}

function Page({ items, path, store }: { items: Item[]; path: string; store: PrerenderSession }) {
  return (
    <PrerenderContext.Provider value={store}>
      <header>
        <nav aria-label="top">{path}</nav>
      </header>
      <Prerendered as="nav" className="menu" aria-label="Main" version={items} perPath>
        <List items={items} />
      </Prerendered>
      <Prerendered as="ul" className="shared" version={SHARED}>
        <Shared />
      </Prerendered>
    </PrerenderContext.Provider>
  );
}

/** A server render: the session serves known subtrees and learns the rest from the output. */
function render(items: Item[], path = "/a", lang = "en") {
  const store = new PrerenderSession({ lang, pathname: path });
  const html = renderToString(<Page items={items} path={path} store={store} />);
  if (store.learning) store.learn(html);
  return html;
}

describe("prerendered subtrees", () => {
  it("renders a subtree once, then writes the very same HTML from what it learned", () => {
    const items = [
      { label: "one", note: "first" },
      { label: "two", note: "<b>" },
    ];
    rendered.mockClear();
    const first = render(items);
    expect(rendered).toHaveBeenCalledTimes(1);
    const second = render(items);
    expect(rendered).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    // Adjacent text nodes keep React's separator, escaped text stays escaped.
    expect(second).toContain("one<!-- -->first");
    expect(second).toContain("&lt;b&gt;");
  });

  it("renders again for new data (a new version), another path (perPath) or language", () => {
    const items = [{ label: "one", note: "a" }];
    rendered.mockClear();
    render(items);
    render(items, "/b");
    expect(rendered).toHaveBeenCalledTimes(2);
    render(items, "/b", "de");
    expect(rendered).toHaveBeenCalledTimes(3);
    const changed = [{ label: "one", note: "b" }];
    const html = render(changed);
    expect(rendered).toHaveBeenCalledTimes(4);
    expect(html).toContain("one<!-- -->b");
    expect(render(changed)).toBe(html);
    expect(rendered).toHaveBeenCalledTimes(4);
  });

  it("shares a subtree without perPath between paths, not between languages", () => {
    sharedRendered.mockClear();
    const items = [{ label: "x", note: "y" }];
    render(items, "/p1", "fr");
    render(items, "/p2", "fr");
    expect(sharedRendered).toHaveBeenCalledTimes(1);
    render(items, "/p2", "es");
    expect(sharedRendered).toHaveBeenCalledTimes(2);
  });

  it("renders as usual without a store (the browser, development)", () => {
    const items = [{ label: "one", note: "a" }];
    rendered.mockClear();
    const element = (
      <Prerendered as="nav" className="menu" aria-label="Main" version={items} perPath>
        <List items={items} />
      </Prerendered>
    );
    const html = renderToString(element);
    renderToString(element);
    expect(rendered).toHaveBeenCalledTimes(2);
    expect(html).toMatch(/^<nav class="menu" aria-label="Main"><ul>/);
  });
});

describe("startTagOf", () => {
  it("writes attributes as React does", () => {
    expect(startTagOf("article", { className: "page", lang: undefined })).toBe(
      '<article class="page">',
    );
    expect(startTagOf("nav", { "aria-label": 'A "quoted" <label>' })).toBe(
      '<nav aria-label="A &quot;quoted&quot; &lt;label&gt;">',
    );
  });
});

describe("innerHtmlOf", () => {
  const start = '<nav class="menu">';

  it("finds the matching end tag past nested elements of the same name", () => {
    const html = `<nav>a</nav>${start}<nav>b<NAV x="1">c</NAV></nav><navbar></navbar></nav>d</nav>`;
    expect(innerHtmlOf(html, start, "nav")).toBe('<nav>b<NAV x="1">c</NAV></nav><navbar></navbar>');
  });

  it("takes a subtree rendered twice in the page when both copies are the same", () => {
    expect(innerHtmlOf(`${start}<i>a</i></nav><p>${start}<i>a</i></nav></p>`, start, "nav")).toBe(
      "<i>a</i>",
    );
  });

  it("gives up when the start tag is missing, starts different content, or never closes", () => {
    expect(innerHtmlOf("<nav>a</nav>", start, "nav")).toBeNull();
    expect(innerHtmlOf(`${start}a</nav>${start}b</nav>`, start, "nav")).toBeNull();
    expect(innerHtmlOf(`${start}<nav>a</nav>`, start, "nav")).toBeNull();
  });
});
