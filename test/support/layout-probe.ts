/**
 * What a visitor sees, measured in the page: shared by the Playwright layout checks (Chromium)
 * and the engines suite (WebKit, Firefox). Every function here runs inside the page, so each is
 * self-contained: only its source crosses into the browser.
 */

/** What overflows at the window's current width. */
export interface Overflow {
  /** How far the page is wider than the window (0 when it is not). */
  sideways: number;
  /** Header items that wrap onto a second line, or end outside the window. */
  broken: string[];
  /** How many header items were on screen to measure (the logo is one at every width). */
  measured: number;
}

/** Runs in the page: sideways scroll and the header items that wrap or leave the window. */
export function headerOverflow(): Overflow {
  const width = window.innerWidth;
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  /** The most lines any visible run of the element's text takes (1 when none wraps). */
  const lines = (el: Element) => {
    let most = 1;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // A visually hidden label (1 px, clipped) is no line a visitor sees.
      const rects = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
      most = Math.max(most, new Set(rects.map((r) => Math.round(r.top))).size);
    }
    return most;
  };
  const broken: string[] = [];
  let measured = 0;
  const header = document.querySelector(".site-header__bar");
  const items = header?.querySelectorAll(
    ".logo, .nav__list > li > .nav__link, .header-search, .lang-switch__current, .header__signin, .header__account > *, .menu__toggle",
  );
  for (const el of items ?? []) {
    if (!visible(el)) continue;
    measured += 1;
    const box = el.getBoundingClientRect();
    const name = (el.textContent ?? "").trim().slice(0, 30) || el.className;
    if (box.right > width + 0.5 || box.left < -0.5) broken.push(`${name}: outside the window`);
    else if (!el.matches(".header-search, .header__account > *") && lines(el) > 1) {
      broken.push(`${name}: ${lines(el)} lines`);
    }
  }
  // The search field's placeholder, measured in the field's own font, fits its text box.
  const search = header?.querySelector<HTMLInputElement>(".header-search input");
  if (search && visible(search) && search.placeholder) {
    const style = getComputedStyle(search);
    const context = document.createElement("canvas").getContext("2d");
    if (context) {
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        search.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = context.measureText(search.placeholder).width;
      if (needed > room + 0.5) {
        broken.push(
          `search placeholder "${search.placeholder}": ${Math.ceil(needed)} px in ${room}`,
        );
      }
    }
  }
  return { sideways: document.documentElement.scrollWidth - width, broken, measured };
}

/** The plan badges on screen, and those of them that wrap. */
export interface Pills {
  /** How many badges were on screen to measure. */
  measured: number;
  /** Each badge of more than one line, named with its text and lines. */
  wrapped: string[];
}

/**
 * Runs in the page: the plan badges (short labels drawn as pills on a card's edge) that wrap onto
 * a second line — a pill of two lines reads as broken.
 */
export function wrappedPills(): Pills {
  const wrapped: string[] = [];
  let measured = 0;
  for (const el of document.querySelectorAll(".plan__badge")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    measured += 1;
    const style = getComputedStyle(el);
    const text = box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const lines = Math.round(text / parseFloat(style.lineHeight));
    if (lines > 1) wrapped.push(`${(el.textContent ?? "").trim()}: ${lines} lines`);
  }
  return { measured, wrapped };
}

/** Where the cookie notice sits against the page's content and in the tab order. */
export interface NoticePlace {
  /** How far the notice reaches into <main> (≤ 0: above it, covering nothing). */
  overlap: number;
  /** Tab-order index of the notice's first control, and of <main>'s first one. */
  firstInNotice: number;
  firstInMain: number;
}

/** Runs in the page: the cookie notice's place, or null when there is none. */
export function cookieNoticePlace(): NoticePlace | null {
  const notice = document.querySelector(".cookie-notice");
  const main = document.querySelector("main");
  if (!notice || !main) return null;
  const focusable = [...document.querySelectorAll("a[href], button, input, select")];
  return {
    overlap: notice.getBoundingClientRect().bottom - main.getBoundingClientRect().top,
    firstInNotice: focusable.findIndex((el) => el.closest(".cookie-notice")),
    firstInMain: focusable.findIndex((el) => el.closest("main")),
  };
}

/** What a buyer would call a rough edge on the page at the window's current width. */
export interface RoughEdges {
  /** How far the page is wider than the window (0 when it is not). */
  sideways: number;
  /** Headings, stats, bullets and buttons whose last line holds one character or sign alone. */
  lone: string[];
  /** Buttons and badges whose words take more than one line. */
  wrapped: string[];
  /** Cards of one row whose buttons do not sit at the same height. */
  ragged: string[];
  /** How many texts were measured (so a page that drew nothing fails). */
  measured: number;
}

/** Runs in the page: sideways scroll, lone characters, wrapped buttons, ragged card buttons. */
export function roughEdges(): RoughEdges {
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 1 && box.height > 1 && style.visibility !== "hidden";
  };
  const name = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
  /** The element's visible characters with the line (rounded top) each sits on. */
  const charLines = (el: Element) => {
    const out: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!text.trim() || !parent || !visible(parent)) continue;
      if (parent.closest(".sr-only, [aria-hidden='true'], small, code")) continue;
      const range = document.createRange();
      for (let i = 0; i < text.length; i += 1) {
        if (/\s/.test(text[i]!)) continue;
        // A surrogate pair is one character.
        const end = text.codePointAt(i)! > 0xffff ? i + 2 : i + 1;
        range.setStart(node, i);
        range.setEnd(node, end);
        const rect = range.getClientRects()[0];
        if (rect && rect.width > 0)
          out.push({ char: text.slice(i, end), top: Math.round(rect.top) });
        i = end - 1;
      }
    }
    return out;
  };
  const lone: string[] = [];
  const wrapped: string[] = [];
  const ragged: string[] = [];
  let measured = 0;
  const texts = document.querySelectorAll(
    "main h1, main h2, main h3, main h4, main .stat__value, main .stat__label, main li, main .btn__label, main .store-badge strong, main .badge, main .plan__badge",
  );
  for (const el of texts) {
    if (!visible(el) || el.closest("[data-changes], .rich-text, .search-result__excerpt")) continue;
    // A list item holding blocks of its own is measured by those.
    if (el.matches("li") && el.querySelector("h2, h3, h4, p, div, ul, ol")) continue;
    const chars = charLines(el);
    if (chars.length < 2) continue;
    measured += 1;
    const tops = [...new Set(chars.map((c) => c.top))].sort((a, b) => a - b);
    if (tops.length < 2) continue;
    // Lines closer than half a line are one line (a raised sign, a mark).
    const last = tops.at(-1)!;
    const before = tops.at(-2)!;
    if (last - before < 4) continue;
    const onLast = chars.filter((c) => c.top === last);
    if (onLast.length === 1) lone.push(`${name(el)}: "${onLast[0]!.char}" alone`);
  }
  for (const el of document.querySelectorAll("main .btn, main .store-badge")) {
    if (!visible(el) || el.closest("[data-changes]")) continue;
    const label = el.querySelector(".btn__label, .store-badge__text strong") ?? el;
    const first = [...label.childNodes].find((n) => n.nodeType === 3 && n.textContent?.trim());
    if (!first) continue;
    const range = document.createRange();
    range.selectNodeContents(first);
    const rects = [...range.getClientRects()].filter((r) => r.width > 1);
    if (new Set(rects.map((r) => Math.round(r.top))).size > 1) wrapped.push(name(el));
  }
  // Each row of cards: the cards' own buttons at one height (their foot).
  for (const grid of document.querySelectorAll("main .grid, main .platform-grid")) {
    const rows = new Map<number, number[]>();
    for (const card of grid.children) {
      if (!visible(card)) continue;
      const buttons = [...card.querySelectorAll(".btn, .store-badge")].filter(visible);
      const button = buttons.at(-1);
      if (!button) continue;
      const edge = card.getBoundingClientRect().right;
      for (const each of buttons) {
        if (each.getBoundingClientRect().right > edge + 1)
          wrapped.push(`${name(each)}: past its card`);
      }
      const top = Math.round(card.getBoundingClientRect().top);
      const list = rows.get(top) ?? [];
      list.push(Math.round(button.getBoundingClientRect().bottom));
      rows.set(top, list);
    }
    for (const bottoms of rows.values()) {
      if (bottoms.length > 1 && Math.max(...bottoms) - Math.min(...bottoms) > 2) {
        ragged.push(`${name(grid).slice(0, 30)}: buttons end at ${bottoms.join(", ")}`);
      }
    }
  }
  return {
    sideways: document.documentElement.scrollWidth - window.innerWidth,
    lone,
    wrapped,
    ragged,
    measured,
  };
}
