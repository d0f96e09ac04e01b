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
