import { isbot } from "isbot";
import { LanguageDetector, type LanguageDetectorOption } from "remix-i18next/server";
import { langCookie, readLangCookie } from "./cookie.server";
import { DEFAULT_LANG, getLanguage, LANGUAGES, langFromIso, type LangCode } from "./languages";
import { splitLangPath } from "./paths";

/** What the language of a request depends on. */
export interface LanguageInput {
  method: string;
  pathname: string;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  userAgent: string | null | undefined;
}

/** isbot's answers kept per User-Agent (bounded: a crawler may vary its string freely). */
const MAX_KEPT_AGENTS = 1_000;
const MAX_KEPT_AGENT_LENGTH = 512;
const crawlers = new Map<string, boolean>();

/**
 * Whether a User-Agent is a crawler's: isbot's one large regular expression costs ~2 µs, and
 * every visit to an unprefixed page asks; browsers send few distinct strings.
 */
export function isCrawler(userAgent: string): boolean {
  const kept = crawlers.get(userAgent);
  if (kept !== undefined) return kept;
  const bot = isbot(userAgent);
  if (userAgent.length <= MAX_KEPT_AGENT_LENGTH) {
    if (crawlers.size >= MAX_KEPT_AGENTS) crawlers.clear();
    crawlers.set(userAgent, bot);
  }
  return bot;
}

/**
 * The language the path itself settles: its prefix, or English for an unprefixed request that is
 * never sent elsewhere (not a GET, or a crawler: each URL keeps one language for search
 * engines). Null for a person's GET of an unprefixed page: their cookie, then their browser
 * decide, and the page redirects there.
 */
export function pathLanguage(input: Pick<LanguageInput, "method" | "pathname" | "userAgent">) {
  const { prefixed, lang } = splitLangPath(input.pathname);
  if (prefixed) return lang;
  if (input.method !== "GET" && input.method !== "HEAD") return lang;
  if (!input.userAgent || isCrawler(input.userAgent)) return lang;
  return null;
}

/** The parts of a Fetch request its language depends on. */
export function languageInputOf(request: Request): LanguageInput {
  return {
    method: request.method,
    pathname: new URL(request.url).pathname,
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
    userAgent: request.headers.get("user-agent"),
  };
}

/**
 * remix-i18next's language detection, as its documentation sets it up: the language from the path
 * first, then the `lang` cookie, then Accept-Language (the visitor's first choice, if the site
 * speaks it), else English. It works with ISO tags (`ja`, `uk`), which is what browsers send; the
 * URL codes (`jp`, `ua`) are mapped at the edges. `remixI18n` (i18n.server.ts) is built on the
 * same options; this module stays free of the UI strings, so the Express-level steps before
 * Remix can use it too.
 */
export const DETECTION: LanguageDetectorOption = {
  supportedLanguages: LANGUAGES.map((language) => language.iso),
  fallbackLanguage: getLanguage(DEFAULT_LANG).iso,
  cookie: langCookie,
  order: ["custom", "cookie", "header"],
  findLocale: async (request) => {
    const lang = pathLanguage(languageInputOf(request));
    return lang === null ? null : getLanguage(lang).iso;
  },
};

const detector = new LanguageDetector(DETECTION);

/** Detections kept: a bound, not a target (browsers send few distinct Accept-Language values). */
const MAX_KEPT_DETECTIONS = 1_000;
/** Longer Accept-Language values are detected each time and never kept. */
const MAX_KEPT_HEADER_LENGTH = 200;
const detected = new Map<string, LangCode>();

function detectionKey(input: Pick<LanguageInput, "cookie" | "acceptLanguage">): string {
  return `${readLangCookie(input.cookie ?? null) ?? ""}\n${input.acceptLanguage ?? ""}`;
}

/**
 * `requestLanguage`'s answer when it is known at once — the path settles it, or the same cookie
 * and Accept-Language were detected before — else undefined, and the detection runs.
 */
export function knownLanguage(input: LanguageInput): LangCode | undefined {
  return pathLanguage(input) ?? detected.get(detectionKey(input));
}

/**
 * The language a request is answered in — or, for a person's GET of an unprefixed page, the one
 * it is redirected to (`languageRedirect`). remix-i18next's detection, kept per cookie value and
 * Accept-Language: the same two values always give the same language (`request`, when the caller
 * has one, is used as is).
 */
export async function requestLanguage(input: LanguageInput, request?: Request): Promise<LangCode> {
  const known = knownLanguage(input);
  if (known !== undefined) return known;
  return detectAndKeep(detector, input, request);
}

/**
 * The detection as it goes for a person's GET of an unprefixed page, whoever sent the request:
 * the `lang` cookie, then Accept-Language, else English (what `detector` finds once `findLocale`
 * has nothing to say).
 */
const personDetector = new LanguageDetector({ ...DETECTION, order: ["cookie", "header"] });

/**
 * The language a person sending this request's cookie and Accept-Language would be answered in on
 * an unprefixed page, when known at once (the `lang` cookie, no Accept-Language, or the same two
 * values detected before); else undefined.
 */
export function knownPersonLanguage(
  input: Pick<LanguageInput, "cookie" | "acceptLanguage">,
): LangCode | undefined {
  const cookie = readLangCookie(input.cookie ?? null);
  if (cookie !== null) return cookie;
  if (!input.acceptLanguage) return DEFAULT_LANG;
  return detected.get(detectionKey(input));
}

/** `knownPersonLanguage`, detected (and kept for next time) when it is not known yet. */
export async function personLanguage(input: LanguageInput): Promise<LangCode> {
  return knownPersonLanguage(input) ?? detectAndKeep(personDetector, input);
}

async function detectAndKeep(
  using: LanguageDetector,
  input: LanguageInput,
  request?: Request,
): Promise<LangCode> {
  const header = input.acceptLanguage ?? "";
  const key = detectionKey(input);
  const lang =
    langFromIso(
      await using.detect(
        request ??
          new Request(`http://site.invalid${input.pathname}`, {
            method: input.method,
            headers: {
              cookie: input.cookie ?? "",
              "accept-language": header,
              "user-agent": input.userAgent ?? "",
            },
          }),
      ),
    ) ?? DEFAULT_LANG;
  if (header.length <= MAX_KEPT_HEADER_LENGTH) {
    if (detected.size >= MAX_KEPT_DETECTIONS) detected.clear();
    detected.set(key, lang);
  }
  return lang;
}
