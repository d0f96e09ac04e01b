import { describe, expect, it } from "vitest";
import { splitLangPath } from "~/i18n/paths";
import {
  FEEDBACK_REMEMBERED,
  feedbackHash,
  feedbackPanelFor,
  isAnswered,
  parseAnswered,
  rememberAnswer,
} from "~/forms/feedback";

/** The panel of a URL path, judged (as the site does) without its language prefix. */
const panelOf = (url: string) => feedbackPanelFor(splitLangPath(url).path);

describe("feedbackPanelFor", () => {
  it.each([
    ["/help/about-keynest", "page"],
    ["/help/manuals", "page"],
    ["/help/manuals/how-to-install", "page"],
    ["/de/help/manuals/how-to-install", "page"],
    ["/jp/help/use-cases/for-families", "page"],
    ["/help/use-cases", "page"],
    ["/zh/help/use-cases/for-travelers", "page"],
    ["/downloads/windows", "download"],
    ["/de/downloads/windows", "download"],
    ["/ua/downloads/chrome", "download"],
  ])("asks on %s: %s", (url, kind) => {
    expect(panelOf(url)).toBe(kind);
  });

  it.each([
    "/",
    "/de",
    "/help",
    "/de/help",
    "/downloads",
    "/fr/downloads",
    "/helpful",
    "/help-center/x",
    "/downloads-old/windows",
    "/features",
    "/blog/passkeys-explained",
    "/pricing",
    "/search",
    "/de/search",
  ])("asks nothing on %s", (url) => {
    expect(panelOf(url)).toBeNull();
  });
});

describe("the answered-pages cookie", () => {
  it("names a page by a short hash of kind and unprefixed path", () => {
    const hash = feedbackHash("page", "/help/manuals");
    expect(hash).toMatch(/^[0-9a-z]{1,7}$/);
    expect(feedbackHash("page", "/help/manuals")).toBe(hash);
    expect(feedbackHash("download", "/help/manuals")).not.toBe(hash);
    expect(feedbackHash("page", "/help/manuals/how-to-install")).not.toBe(hash);
  });

  it("remembers a page once, in any language", () => {
    const once = rememberAnswer(null, "page", "/help/manuals");
    const twice = rememberAnswer(once, "page", "/help/manuals");
    expect(twice).toBe(once);
    expect(isAnswered(twice, "page", "/help/manuals")).toBe(true);
    expect(isAnswered(twice, "download", "/help/manuals")).toBe(false);
    expect(isAnswered(twice, "page", "/help/use-cases")).toBe(false);
  });

  it(`keeps the last ${FEEDBACK_REMEMBERED} pages, the newest last`, () => {
    let value: string | null = null;
    for (let i = 0; i < 80; i++) value = rememberAnswer(value, "page", `/help/page-${i}`);
    const entries = parseAnswered(value);
    expect(entries).toHaveLength(FEEDBACK_REMEMBERED);
    expect(value!.length).toBeLessThanOrEqual(FEEDBACK_REMEMBERED * 8);
    expect(isAnswered(value, "page", "/help/page-79")).toBe(true);
    expect(isAnswered(value, "page", "/help/page-30")).toBe(true);
    expect(isAnswered(value, "page", "/help/page-29")).toBe(false);
    // Answering an old page again makes it the newest.
    const again = rememberAnswer(value, "page", "/help/page-30");
    expect(parseAnswered(again).at(-1)).toBe(feedbackHash("page", "/help/page-30"));
    expect(parseAnswered(again)).toHaveLength(FEEDBACK_REMEMBERED);
  });

  it.each([
    [null, []],
    ["", []],
    ["abc.ABC.x y.toolong12.ok", ["abc", "ok"]],
    ["a.a.b", ["a", "b"]],
    ["%E0", []],
    ["x".repeat(5000), []],
  ])("reads %j as %j, ignoring what is malformed", (raw, entries) => {
    expect(parseAnswered(raw)).toEqual(entries);
  });
});
