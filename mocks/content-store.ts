import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { LANG_CODES, type LangCode } from "../app/i18n/languages";

export interface Brand {
  brand: string;
  product: string;
  providerName: string;
  provider: string;
  supportEmail: string;
  /** Where vulnerabilities are reported: security.txt's first e-mail contact. */
  securityEmail: string;
  webVault: string;
}

/**
 * The sandbox's brand from the site's configured one (BRAND_NAME, PRODUCT_SLUG, …) and
 * security.txt's contacts (SECURITY_CONTACT): its first e-mail, else the support address.
 */
export function sandboxBrand(
  brand: {
    name: string;
    product: string;
    providerName: string;
    provider: string;
    supportEmail: string;
    webVaultUrl: string;
  },
  securityContacts: readonly string[] = [],
): Brand {
  const mail = securityContacts.find((contact) => contact.startsWith("mailto:"));
  return {
    brand: brand.name,
    product: brand.product,
    providerName: brand.providerName,
    provider: brand.provider,
    supportEmail: brand.supportEmail,
    securityEmail: mail ? mail.slice("mailto:".length) : brand.supportEmail,
    webVault: brand.webVaultUrl,
  };
}

export const DEMO_BRAND: Brand = {
  brand: "KeyNest",
  product: "keynest",
  providerName: "Orbitshield",
  provider: "orbitshield",
  supportEmail: "support@keynest.example",
  securityEmail: "security@keynest.example",
  webVault: "https://vault.keynest.example",
};

export interface StoredPage {
  path: string;
  lang: LangCode;
  data: Record<string, unknown> & {
    components?: unknown[];
    meta?: Record<string, unknown>;
    settings?: Record<string, unknown>;
  };
  /** All human-readable text of the page, lowercased, for search. */
  text: string;
  /** The text of the page's components in its own case (no title), for search excerpts. */
  body: string;
}

const CONTENT_DIR = fileURLToPath(new URL("./content", import.meta.url));

function listJson(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listJson(full);
    return name.endsWith(".json") ? [full] : [];
  });
}

/** Fills `{brand}`-style placeholders; values are JSON-escaped because they land inside strings. */
export function fillPlaceholders(raw: string, brand: Brand): string {
  return raw.replace(
    /\{(brand|product|providerName|provider|supportEmail|securityEmail|webVault)\}/g,
    (_, key) => JSON.stringify(brand[key as keyof Brand]).slice(1, -1),
  );
}

/**
 * Fields that are no text a reader reads on the page: links, images' files and descriptions,
 * a post's date, author and reading time (a search excerpt would open with them).
 */
const NOT_TEXT = [
  "src",
  "webp",
  "preview",
  "description",
  "btn-link",
  "to",
  "btn-type",
  "icon",
  "name",
  "id",
  "date",
  "author",
  "readingTime",
  // Settings of a block's look and kind, not words of the page.
  "align",
  "imagePosition",
  "background",
  "layout",
  "period",
  "kind",
  "tier",
  "extension-icon",
  "source",
];

/**
 * Fields that are text but no prose: headings, labels and buttons. A search excerpt is cut from
 * the page's prose alone, so it never runs a heading into a button's words ("See plans More
 * articles"); the search still matches them.
 */
const NOT_PROSE = [
  "title",
  "badge",
  "btn-text",
  "label",
  "value",
  "question",
  "term",
  "cells",
  "role",
  "summary",
  "note",
];

/** The page's text pieces; an HTML piece's paragraphs, items and headings each its own. */
function collectText(value: unknown, out: string[], skip: readonly string[] = NOT_TEXT): void {
  if (typeof value === "string") {
    const html = skip === NOT_TEXT ? value : value.replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/g, " ");
    for (const piece of html.split(/<\/(?:p|li|h[1-6]|td|th|div|blockquote)>/)) {
      const text = piece.replace(/<[^>]+>/g, " ").trim();
      if (text) out.push(text);
    }
  } else if (Array.isArray(value)) value.forEach((v) => collectText(v, out, skip));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (!skip.includes(key)) collectText(v, out, skip);
    }
  }
}

/** Pieces as one text: a piece without closing punctuation is followed by a full stop. */
function joinProse(pieces: string[]): string {
  return pieces
    .map((piece) => piece.replace(/\s+/g, " ").trim())
    .map((piece) => (/[.!?…:;。！？」)]$/u.test(piece) ? piece : `${piece}.`))
    .join(" ");
}

/** Everything the sandbox serves, read from mocks/content once at start-up. */
export class ContentStore {
  readonly pages = new Map<string, StoredPage>();
  readonly sites = new Map<LangCode, unknown>();
  readonly extras = new Map<string, unknown>();

  constructor(
    readonly brand: Brand = DEMO_BRAND,
    dir: string = CONTENT_DIR,
  ) {
    for (const lang of LANG_CODES) {
      const langDir = join(dir, lang);
      for (const file of listJson(langDir)) {
        const rel = relative(langDir, file).split(sep).join("/");
        const data = JSON.parse(fillPlaceholders(readFileSync(file, "utf8"), brand));
        if (rel.startsWith("pages/")) {
          const slug = fillPlaceholders(rel.slice("pages/".length, -".json".length), brand);
          const path = slug === "index" ? "/" : `/${slug.replace(/\/index$/, "")}`;
          const parts: string[] = [];
          collectText([data.meta?.title, data.meta?.description, data.components], parts);
          const text = parts.join(" ").replace(/\s+/g, " ").toLowerCase();
          const bodyParts: string[] = [];
          collectText([data.components], bodyParts, [...NOT_TEXT, ...NOT_PROSE]);
          const body = joinProse(bodyParts);
          this.pages.set(`${lang}:${path}`, { path, lang, data, text, body });
        } else if (rel === "site.json") {
          this.sites.set(lang, data);
        } else {
          this.extras.set(`${lang}:${rel.slice(0, -".json".length)}`, data);
        }
      }
    }
  }

  page(lang: LangCode, path: string): StoredPage | undefined {
    return this.pages.get(`${lang}:${path}`);
  }

  /** The languages a page is written in. */
  languagesOf(path: string): LangCode[] {
    return LANG_CODES.filter((lang) => this.pages.has(`${lang}:${path}`));
  }

  /** The page in `lang`, or in English when it is not translated. */
  pageOrEnglish(lang: LangCode, path: string): StoredPage | undefined {
    return this.page(lang, path) ?? this.page("en", path);
  }

  /** Direct children of `path`, in `lang` where translated, English otherwise. */
  children(lang: LangCode, path: string): StoredPage[] {
    const prefix = path === "/" ? "/" : `${path}/`;
    const paths = new Set<string>();
    for (const page of this.pages.values()) {
      if (page.path.startsWith(prefix) && page.path !== path) {
        const rest = page.path.slice(prefix.length);
        if (rest && !rest.includes("/")) paths.add(page.path);
      }
    }
    return [...paths]
      .map((p) => this.pageOrEnglish(lang, p))
      .filter((p): p is StoredPage => Boolean(p));
  }
}
