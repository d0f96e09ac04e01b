/**
 * A fuzz run against the built server: thousands of generated bad requests — odd paths, language
 * segments, query parameters, headers, cookies and form bodies to every action — and not one may
 * answer 5xx, redirect off the site, reflect input unescaped, or take longer than a few seconds.
 * Deterministic (seeded), so a failure names a case that can be replayed.
 * New routes, fields, parameters and cookies add their inputs to the pools below; a first test
 * fails when a route module with an action, or a query parameter the code reads, is missing.
 * Abuse inputs too: form ids written in every way a body can spell them, a session replayed after
 * its sign-out (it must never render as signed in), junk query parameters (a page asked with
 * them is never one shared caches keep), and junk language prefixes (`/zz/…`: one redirect to a
 * path without one, never a page), and other spellings of a path (case, percent-encoded letters,
 * mount paths such as `/%61pi/` and `/payment-st%61tus`): one 301 to the canonical path, never a
 * page or an action of their own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalPath } from "../../app/http/canonical-path";
import { storableQuery } from "../../app/page/page-params";
import { withoutUnknownPrefix } from "../../app/i18n/paths";
import { expect, test } from "./fixtures";
import { rawRequest, requestHead, type RawAnswer } from "./raw-http";
import { ACCOUNTS, signInApart } from "./sign-in-session";

/** At least 5,000 inputs; FUZZ_CASES runs more (or fewer, while working on one pool). */
const CASES = Number(process.env.FUZZ_CASES ?? 6_000);
const CONCURRENCY = 6;
const TIME_BOUND_MS = 5_000;
/** Where the site sends visitors on purpose: the configured download host and web vault. */
const EXTERNAL_TARGETS = ["https://download.orbitshield.example", "https://vault.keynest.example"];

let seed = 20261125;
function random(): number {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (p: number) => random() < p;

/**
 * The language segment in front of a page: the nine prefixes (English has none), codes the site
 * does not use or spells differently, and junk.
 */
const LANG_SEGMENTS = [
  "",
  "/de",
  "/fr",
  "/es",
  "/ru",
  "/tr",
  "/zh",
  "/jp",
  "/ua",
  "/en",
  "/ja",
  "/uk",
  "/xx",
  "/zz/yy",
  "/zz/de",
  "/DE",
  "/de-DE",
  "/%64e",
  "/de/de",
  "/jp/ua",
  "/{M}",
  "/%E0",
  "/..%2fde",
  "/" + "d".repeat(300),
];

/**
 * The query parameters the site reads, each with odd values; `{M}` is the reflection marker.
 * The first test checks that every `searchParams.get/getAll/has("…")` in app/ is listed here.
 */
const QUERY_PARAMS: Record<string, string[]> = {
  q: ["{M}", "%3CM%3E", "%22%3E%3Csvg%20onload%3D{M}%3E", "a".repeat(3000), "sandbox:fault"],
  page: ["-1", "0", "2", "99999999999999999999", "1e3", "NaN", "{M}", "%E0"],
  order: ["{M}", "102-0a1b2c3d4e5f-00000001", "102-0a1b2c3d4e5f-99999999", "../../etc", ""],
  hash: ["{M}", "0123456789abcdef0123456789abcdef", "0".repeat(500), "%00"],
  // An order link's signature (ORDER_KEY_PARAM): well-shaped but wrong, odd, huge, twice.
  key: ["{M}", "AAAAAAAAAAAAAAAAAAAAAA", "A".repeat(5000), "%E0", "k&key=k2", ""],
  plan: ["102", "109", "503", "601", "0", "-1", "1e9", "{M}", "102&plan=103"],
  method: ["card", "paypal", "amazon", "bitcoin", "applepay", "{M}", ""],
  region: ["nl-ams", "de", "{M}", "x".repeat(400)],
  ip_region: ["nl", "us", "{M}", ""],
  email: ["mia@example.com", "<{M}>@example.com", "{M}"],
  marketing: ["1", "0", "on", "{M}"],
  code: ["WELCOME20", "SUMMER2024", "A".repeat(65), "<{M}>", "%E0"],
  to: ["/features", "//evil.com", "/\\evil.com", "https://evil.com", "javascript:alert(1)", "{M}"],
  reason: ["expired", "{M}", "<{M}>"],
  fast: ["fast-active-2026", "{M}", "x".repeat(2000)],
  session: ["{M}", "sandbox-session", "%0d%0a"],
  changed: ["1", "0", "{M}"],
  linked: ["1", "0", "{M}"],
  platform: ["store", "windows", "{M}", "%E0"],
  download: ["appstore", "{M}"],
  v: ["{M}", "ac26d2052e13", ""],
  p: ["/features", "/" + "a/".repeat(200), "{M}"],
  length: ["16", "0", "-5", "99999", "1e2", "{M}"],
  lower: ["1", "0", "on", "{M}"],
  upper: ["1", "on", "%E0"],
  digits: ["1", "0"],
  symbols: ["on", "{M}"],
  similar: ["1", "{M}"],
  utm_source: ["%3CM%3E", "{M}"],
  gclid: ["1", "{M}"],
  _data: ["root", "routes/pages/content", "{M}"],
  index: ["", "1", "{M}"],
  lang: ["de", "{M}"],
};
const PAGES = [
  "/",
  "/contact",
  "/de/partners",
  "/de",
  "/features",
  "/jp/features",
  "/pricing",
  "/blog",
  "/blog/passkeys-explained",
  "/help/manuals",
  "/search",
  "/ua/search",
  "/search?q=password&page=2",
  "/search?q={M}&page={M}",
  "/de/search?q=%3Cscript%3E{M}&page=999",
  "/blog?page={M}",
  "/help/glossary",
  "/de/help/glossary",
  "/sandbox/children-fault",
  "/sign-in",
  "/sign-in?to={M}",
  "/de/sign-in?to=//evil.com/&reason=expired",
  "/sign-in?reason={M}",
  "/sign-in?fast={M}",
  "/sign-in?fast=fast-active-2026&to=//evil.com",
  "/de/sign-in?session={M}&to={M}",
  "/account",
  "/de/account?changed=1",
  "/account/change-password",
  "/blog?page=2",
  "/de/blog?page=99",
  "/downloads/windows",
  "/amazon/payment",
  "/features/amazon/payment",
  "/order/checkout?plan=102",
  "/de/order/checkout?plan=",
  "/order/checkout",
  "/payment-success?order=102-0a1b2c3d4e5f-00000001",
  "/de/payment-error?order={M}",
  "/sandbox/pay?order=102-0a1b2c3d4e5f-00000002",
  "/payment-success?hash={M}",
  "/fr/payment-success?hash=0123456789abcdef0123456789abcdef",
  "/payment-status?order={M}",
  "/payment-status?hash=0123456789abcdef&order=102-0a1b2c3d4e5f-00000001",
  "/order/checkout?plan=109",
  "/redeem",
  "/de/redeem",
  "/password-generator?length={M}&lower=1&symbols=on",
  "/de/password-generator?length=99999&upper=%E0&digits=1&similar=1",
  "/password-generator?lower=0&upper=0&digits=0&symbols=0",
  "/sitemap.xml",
  "/robots.txt",
  "/amazon/payment?order={M}",
  "/de/amazon/payment?order=102-0a1b2c3d4e5f-00000001",
  "/amazon/payment?order=101-0a1b2c3d4e5f-00000004&key={M}",
  "/payment-success?order=102-0a1b2c3d4e5f-00000001&key=AAAAAAAAAAAAAAAAAAAAAA",
  "/payment-status?order=102-0a1b2c3d4e5f-00000001&key=%E0",
  "/action/dismiss",
  "/action/logout",
  "/action/set-language",
  "/action/vault",
  "/api/orbitshield/keynest-download/",
  "/api/orbitshield/auth/user-info/",
  "/locales/de",
  "/site.webmanifest",
  "/__manifest",
  "/healthz",
  "/readyz",
  "/metrics",
  "/metrics?name[]={M}",
  "/admin/clear-cache",
  "/xx/features",
  "/zz",
  "/ja/features?plan=family",
  "/en/pricing",
  "/no-such-page-{M}",
];
/**
 * Where the site takes posts, by the route module whose action answers (paths without their
 * language segment; a post gets one from LANG_SEGMENTS). The first test fails when a module in
 * app/routes exports an action that is not listed here. `express:` entries are posts answered
 * before Remix.
 */
const ACTION_TARGETS: Record<string, string[]> = {
  "routes/pages/content.tsx": [
    "/contact",
    "/partners",
    "/help/manuals/how-to-install",
    "/downloads/windows",
    "/features",
    "/redeem",
    "/blog/passkeys-explained",
    "/{M}",
  ],
  "routes/pages/home.tsx": ["/"],
  // The legal pages take the footer's newsletter form.
  "routes/pages/cookies.tsx": ["/cookies"],
  "routes/pages/imprint.tsx": ["/imprint"],
  "routes/pages/search.tsx": ["/search", "/search?q={M}"],
  "routes/pages/order-checkout.tsx": [
    "/order/checkout?plan=102",
    "/order/checkout",
    "/order/checkout?plan=103",
    "/order/checkout?plan=503&region={M}",
    "/order/checkout?plan=601&ip_region=nl&region=de",
    "/order/checkout?plan=109",
  ],
  "routes/pages/amazon-payment.tsx": [
    "/amazon/payment?order=102-0a1b2c3d4e5f-00000001",
    "/amazon/payment?order={M}",
    "/amazon/payment?order=101-0a1b2c3d4e5f-00000004&key={M}",
    "/amazon/payment",
  ],
  "routes/pages/sign-in.tsx": [
    "/sign-in",
    "/sign-in?to=//evil.com",
    "/sign-in?to=%2F%2Fevil.com%2F",
    "/sign-in?fast=fast-active-2026",
  ],
  "routes/pages/account.tsx": ["/account", "/account?linked=1&to={M}"],
  "routes/pages/account-change-password.tsx": ["/account/change-password"],
  "routes/action.dismiss.tsx": ["/action/dismiss"],
  "routes/action.logout.tsx": ["/action/logout"],
  "routes/action.set-language.tsx": ["/action/set-language"],
  "express:sandbox-pay": ["/sandbox/pay"],
  "express:csp-report": ["/csp-report", "/csp-report?{M}"],
  "express:admin-clear-cache": ["/admin/clear-cache", "/admin/clear-cache?{M}"],
};

/** Path pieces an attacker reaches for; `{M}` is replaced by the case's reflection marker. */
const PATH_JUNK = [
  "/..",
  "/../..",
  "/%2e%2e/%2e%2e",
  "..%2f..%2f",
  "%00",
  "%0d%0aSet-Cookie:%20x=1",
  "%E0",
  "%",
  "%%",
  "%ZZ",
  "\\",
  "/\\evil.com",
  "//evil.com",
  "///evil.com/",
  "/.//evil.com/",
  "/",
  "//",
  "ü",
  "%C3%BC",
  "日本",
  "%E6%97%A5",
  "%F0%9F%94%91",
  ";jsessionid=1",
  "/%3CM%3E",
  "/{M}",
  "'\"",
  "/a".repeat(60),
  "/" + "b".repeat(1200),
  "/.well-known/security.txt",
  "/robots.txt",
  "/index.php",
];
const QUERIES = [
  "",
  "?q={M}",
  "?q=%3CM%3E",
  "?q=%22%3E%3CM%3E",
  "?page=-1",
  "?page=0",
  "?page=99999999999999999999",
  "?page=1e3",
  "?page=NaN",
  "?q=" + "a".repeat(3000),
  "?platform=store&download=appstore",
  "?platform={M}",
  "?utm_source=%3CM%3E&gclid=1",
  "?a[]=1&a[]=2",
  "?__proto__[x]=1",
  "?constructor={M}",
  "?_data=root",
  "?_data=page%2Fde%2Fcontent",
  "?_data={M}",
  "?p=/features&p=" + "/a".repeat(200) + "&version=x",
  "?q=%00%0d%0a",
  "?%E0=%E0",
  "?lang={M}&to=//evil.com",
  // Junk parameters no page reads: rendered as asked, never stored.
  "?anything={M}",
  "?zz=1&yy={M}",
  "?platform=store&junk=1",
  "?page=2&PAGE=3",
  "?platform=store&platform=store",
];
const HEADER_JUNK: Record<string, string>[] = [
  {},
  { "Accept-Language": "*;q=abc, de-DE;q=NaN, , ;;" },
  { "Accept-Language": "x".repeat(3000) },
  { "Accept-Language": "{M}" },
  { "Accept-Language": "ru, uk;q=0.9" },
  { "User-Agent": "" },
  { "User-Agent": "{M}" },
  { "User-Agent": "Googlebot/2.1" },
  { "X-Forwarded-Host": "www.evil.example" },
  { "X-Forwarded-Host": "{M}", "X-Forwarded-Proto": "gopher" },
  { "X-Forwarded-For": "1.2.3.4, {M}" },
  { Referer: "https://evil.example/{M}" },
  { Cookie: "dismissed=%E0; lang=%" },
  { Cookie: "lang={M}; dismissed={M}" },
  { Cookie: "__session={M}" },
  // A live session of a demo account (so the signed-in forms validate), one tampered with, and
  // one replayed after its sign-out (filled in when the run starts).
  { Cookie: "{SESSION}" },
  { Cookie: "{SESSION_TAMPERED}" },
  { Cookie: "{ENDED}" },
  { Cookie: "{ENDED}; lang=de" },
  { Cookie: "__session=v1." + "A".repeat(300) },
  { Cookie: "__session=" + "s".repeat(6000) },
  { Cookie: "a=" + "c".repeat(8000) },
  { Cookie: "dismissed=" + "cookie.".repeat(600) },
  { Cookie: ";;;=;=;" },
  { Cookie: "kn_flash={M}; kn_fb={M}" },
  { Cookie: "kn_flash=newsletter.ok; kn_fb=" + "abcdefg.".repeat(500) },
  { Cookie: "kn_flash=%E0; kn_fb=%" },
  { Cookie: "kn_flash=feedback.yes.yes; kn_fb=__proto__.constructor" },
  // The checkout's period-switch draft: a marker, broken spellings, one too long, and one the
  // site could have written whose e-mail is markup (it must come back escaped, if at all).
  { Cookie: "kn_draft={M}" },
  { Cookie: "kn_draft=%E0; kn_draft=%" },
  { Cookie: "kn_draft=" + "A".repeat(600) },
  { Cookie: "kn_draft={DRAFT}" },
  { Cookie: "kn_draft=" + Buffer.from('{"e":1,"m":2,"p":"__proto__"}').toString("base64url") },
  { Accept: "application/json" },
  { Accept: "*/*" },
  { "Accept-Encoding": "br;q=abc, gzip;q=0" },
  { "X-Request-Id": "{M}" },
  { Range: "bytes=0-10" },
  // The operators' endpoints' tokens, guessed (never the real ones).
  { Authorization: "Bearer {M}" },
  { Authorization: "Bearer " + "t".repeat(5000) },
  { Authorization: "Bearer e2e-admin-token-never-sent-by-any-test-012345678" },
  { Authorization: "Basic YWRtaW46YWRtaW4=" },
  { Authorization: "bearer\t\u00e9\u0000" },
  { "If-None-Match": "*" },
];
const HOSTS = [
  "localhost",
  "www.evil.example",
  "{M}",
  "",
  "a".repeat(300),
  "[::1]:99999",
  "localhost:0",
];
const FORM_BODIES = [
  "",
  "to={M}",
  "to=//evil.com/",
  "to=/\\evil.com",
  "to=https://evil.com",
  "to=javascript:alert(1)",
  "to=%2F%2Fevil.com",
  "to=/..//evil.com",
  "to=%ZZ",
  "notice={M}&to=/",
  "notice=cookie&to=//evil.com",
  "notice=rewards&notice=cookie",
  "lang={M}&to=/features",
  "lang=de&to=/features%0d%0aSet-Cookie:%20x=1",
  "lang[]=de&to[]=/",
  "to=" + "a".repeat(60_000),
  "=&=&&&==",
  "%E0=%E0",
];

/** The visitor forms (app/forms) and their fields; `{M}` is the reflection marker. */
const FORMS: Record<string, string[]> = {
  newsletter: ["email", "captcha"],
  feedback: ["step", "answer", "comment"],
  download: ["step", "answer", "comment"],
  contact: ["name", "email", "subject", "message"],
  partner: ["company", "name", "email", "website", "message"],
  checkout: [
    "plan",
    "email",
    "marketing",
    "method",
    "code",
    "seal",
    "region",
    "ip_region",
    "trial",
    "switch",
  ],
  "card-paid": ["order", "intent"],
  redeem: ["step", "code", "email"],
  "amazon-pay": ["order", "token"],
  bonus: ["plan", "code"],
  "sign-in": ["email", "password", "to"],
  "fast-login": ["code", "timezone", "to"],
  autologin: ["code", "to"],
  "change-password": ["current", "password", "repeat", "terms", "captcha"],
  "{M}": ["email"],
  __proto__: ["email"],
  "": ["email"],
};
const FIELD_VALUES = [
  "",
  " ",
  "mia@example.com",
  "MIA@EXAMPLE.COM",
  "mia@",
  "<{M}>@example.com",
  '"><svg onload={M}>',
  "<script>{M}</script>",
  "yes",
  "no",
  "vote",
  "comment",
  "maybe",
  "javascript:alert(1)",
  "https://acme.example",
  "sandbox-pass.0123456789abcdef",
  "sandbox-fail.0123456789abcdef",
  "Grüße, 日本, 🔑",
  "\u0000%00\r\n",
  "%E0",
  "a".repeat(6000),
  "x@" + "y".repeat(300) + ".io",
  "102",
  "999999",
  "-1",
  "card",
  "bitcoin",
  "on",
  "WELCOME20",
  "SUMMER2024",
  "MYREFERRAL",
  "ZERO100",
  "A".repeat(65),
  "503",
  "601",
  "nl-ams",
  "de",
  "1",
  "applepay",
  "paynow",
  "check",
  "apply",
  "GIFT-YEAR-2026",
  "REDEEM-3MONTHS",
  "GIFT-USED-0001",
  "102-0a1b2c3d4e5f-00000001",
  "pi_0123456789abcdef",
  "101-0a1b2c3d4e5f-00000004",
  "decline-demo",
  // A bonus seal's shape with a signature the server never made.
  "eyJjIjoiV0VMQ09NRTIwIiwicCI6OTksImsiOjEsImQiOjEsInQiOjAsImkiOjEwMiwiZSI6OTk5OTk5OTk5OTk5OX0.AAAA",
];

/**
 * The form field as a body may spell it: what the action decodes to `_form` is the form it
 * handles and counts against that form's limit; the others name no form.
 */
const FORM_FIELD_SPELLINGS = ["_form", "%5Fform", "%5F%66%6F%72%6D", "_FORM", "_form%00", "+_form"];

/** A url-encoded post for one of the visitor forms: odd values, missing and doubled fields. */
function formBody(fill: (text: string) => string): string {
  const id = pick(Object.keys(FORMS));
  const body = new URLSearchParams();
  if (!chance(0.05)) body.append("_form", fill(id));
  if (chance(0.1)) body.append("_form", pick(Object.keys(FORMS)));
  if (chance(0.9)) body.append("website_url", chance(0.1) ? fill("{M}") : "");
  if (chance(0.3)) body.append("_js", pick(["1", "0", fill("{M}")]));
  for (const field of FORMS[id] ?? []) {
    if (chance(0.15)) continue;
    body.append(field, fill(pick(FIELD_VALUES)));
    if (chance(0.1)) body.append(field, fill(pick(FIELD_VALUES)));
  }
  const text = body.toString();
  return chance(0.3) ? text.replaceAll("_form=", `${pick(FORM_FIELD_SPELLINGS)}=`) : text;
}

/** The session cookies the run fills in: a live one, a tampered one, one signed out. */
const sessions = { live: "", ended: "" };
function fillSessions(text: string): string {
  return text
    .replaceAll("{SESSION_TAMPERED}", `${sessions.live.slice(0, -4)}AAAA`)
    .replaceAll("{SESSION}", sessions.live)
    .replaceAll("{ENDED}", sessions.ended);
}

/** How often each action module, query parameter and language segment was fuzzed. */
const tally = {
  actions: new Map<string, number>(),
  params: new Map<string, number>(),
  langs: new Map<string, number>(),
  spellings: new Map<string, number>(),
};
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** A path already in a language, or no page at all, keeps its first segment. */
const NO_LANG_SEGMENT =
  /^\/([a-z]{2}(\/|\?|$)|action\/|api\/|locales\/|sandbox\/|__manifest|healthz|readyz|metrics|admin\/|csp-report)/;

/** The path with a language segment in front (half the time, where it can take one). */
function withLang(path: string, fill: (text: string) => string, p = 0.5): string {
  if (NO_LANG_SEGMENT.test(path) || !chance(p)) return path;
  const segment = pick(LANG_SEGMENTS);
  count(tally.langs, segment);
  return fill(segment) + (path === "/" && segment ? "" : path);
}

/** One to three of the site's query parameters with odd values, added to the path's own. */
function withParams(path: string, fill: (text: string) => string): string {
  const params: string[] = [];
  for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
    const name = pick(Object.keys(QUERY_PARAMS));
    count(tally.params, name);
    const value = fill(pick(QUERY_PARAMS[name]!));
    params.push(`${name}=${chance(0.7) ? encodeURIComponent(value) : value}`);
  }
  return `${path}${path.includes("?") ? "&" : "?"}${params.join("&")}`;
}

/** The path spelled another way: some letters in upper case, some percent-encoded. */
function respelled(path: string): string {
  const [pathname = "", query] = path.split(/(?=\?)/, 2);
  const spelled = pathname.replace(/[a-z]/g, (c) =>
    chance(0.2) ? c.toUpperCase() : chance(0.15) ? `%${c.charCodeAt(0).toString(16)}` : c,
  );
  count(tally.spellings, spelled === pathname ? "same" : "other");
  return spelled + (query ?? "");
}

interface Case {
  id: number;
  method: string;
  target: string;
  headers: Record<string, string>;
  body: Buffer;
  host: string;
}

function makeCase(id: number, origin: string): Case {
  const marker = `zq${id}x`;
  const fill = (text: string) => text.replaceAll("{M}", marker);
  const post = chance(0.35);
  const headers: Record<string, string> = {
    Accept: "text/html",
    "User-Agent": "Mozilla/5.0 Chrome/156.0",
    ...(chance(0.6) ? pick(HEADER_JUNK) : {}),
  };
  // A draft as the site writes it (base64url of its JSON), its e-mail markup around the marker.
  const draft = Buffer.from(
    JSON.stringify({ e: `"><svg onload=${marker}>@example.com`, m: 1, p: "card" }),
  ).toString("base64url");
  for (const [name, value] of Object.entries(headers))
    headers[name] = fillSessions(fill(value)).replace("{DRAFT}", draft);
  if (!post) {
    let path = withLang(pick(PAGES), fill);
    if (chance(0.25)) path = respelled(path);
    for (let i = Math.floor(random() * 3); i > 0; i--) path += pick(PATH_JUNK);
    const method = chance(0.1)
      ? pick(["HEAD", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "PROPFIND"])
      : "GET";
    const host = chance(0.15) ? fill(pick(HOSTS)) : "localhost";
    const target = chance(0.5) ? withParams(fill(path), fill) : fill(path + pick(QUERIES));
    return { id, method, target, headers, body: Buffer.alloc(0), host };
  }
  const visitorForm = chance(0.5);
  let body = Buffer.from(visitorForm ? formBody(fill) : fill(pick(FORM_BODIES)));
  const type = pick([
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=utf-16",
    "multipart/form-data; boundary=zz",
    "multipart/form-data",
    "application/json",
    "text/plain",
    "application/xml",
    "application/csp-report",
    "application/reports+json",
    "",
  ]);
  if (type.startsWith("application/json"))
    body = Buffer.from(`{"to":"//evil.com","x":"${marker}"}`);
  // Violation reports as browsers send them, and as an attacker would.
  if (type === "application/csp-report" || type === "application/reports+json")
    body = Buffer.from(
      pick([
        `{"csp-report":{"document-uri":"http://localhost/<${marker}>","violated-directive":"script-src","blocked-uri":"javascript:${marker}"}}`,
        `[{"type":"csp-violation","url":"http://localhost/","body":{"blockedURL":"<${marker}>","effectiveDirective":"img-src"}}]`,
        `{"csp-report":`,
        "[".repeat(5000),
        `{"__proto__":{"polluted":"${marker}"},"csp-report":{"constructor":{"prototype":1}}}`,
        `{"csp-report":{"document-uri":"${"u".repeat(40_000)}"}}`,
      ]),
    );
  if (type.startsWith("multipart"))
    body = Buffer.from(
      pick([
        `--zz\r\nContent-Disposition: form-data; name="to"\r\n\r\n${marker}\r\n--zz--`,
        `--zz\r\nContent-Disposition: form-data; name="_form"\r\n\r\n${pick(Object.keys(FORMS))}\r\n--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\n${marker}@example.com\r\n--zz--\r\n`,
      ]),
    );
  if (chance(0.05)) body = Buffer.alloc(70 * 1024 + Math.floor(random() * 100_000), "a");
  if (type) headers["Content-Type"] = type;
  headers["Content-Length"] = String(body.length);
  headers.Origin = chance(0.85) ? origin : pick(["https://evil.example", "null", fill("{M}")]);
  // Many visitors, as behind a proxy (the suite's server trusts loopback): the per-IP form limit
  // answers some posts 429, most reach validation.
  headers["X-Forwarded-For"] ??= `203.0.113.${1 + Math.floor(random() * 254)}`;
  const module = pick(Object.keys(ACTION_TARGETS));
  count(tally.actions, module);
  let target = withLang(fill(pick(ACTION_TARGETS[module]!)), fill, 0.6);
  if (chance(0.1)) target = respelled(target);
  if (chance(0.2)) target = chance(0.5) ? withParams(target, fill) : target + fill(pick(QUERIES));
  return {
    id,
    method: "POST",
    target,
    headers,
    body,
    host: "localhost",
  };
}

function problems(c: Case, answer: RawAnswer, baseURL: string): string[] {
  const found: string[] = [];
  if (!(answer.status >= 200 && answer.status < 500)) found.push(`status ${answer.status}`);
  if (answer.ms > TIME_BOUND_MS) found.push(`took ${Math.round(answer.ms)} ms`);
  const location = answer.headers.location;
  if (location !== undefined) {
    const to = new URL(location, baseURL);
    const allowed = to.origin === new URL(baseURL).origin || EXTERNAL_TARGETS.includes(to.origin);
    if (!allowed || /^\/[/\\]/.test(location)) found.push(`redirect off-site: ${location}`);
  }
  if (
    c.headers.Cookie?.includes(sessions.ended) &&
    answer.body.includes('action="/action/logout"')
  ) {
    found.push("a signed-out session rendered as signed in");
  }
  const path = c.target.split("?", 1)[0]!;
  if ((c.method === "GET" || c.method === "HEAD") && withoutUnknownPrefix(path) !== null) {
    if (answer.status < 300) found.push(`a junk language prefix answered ${answer.status}`);
    if (location !== undefined && withoutUnknownPrefix(new URL(location, baseURL).pathname)) {
      found.push(`a junk language prefix redirected to another: ${location}`);
    }
  }
  // Another spelling of a path is one 301 to the canonical one (or refused), never answered.
  const canonical = path.includes("\\") ? null : canonicalPath(path);
  if (canonical !== null && canonical !== path) {
    if (c.method === "POST" && answer.status < 400) {
      found.push(`a post to another spelling answered ${answer.status}`);
    }
    if (c.method !== "POST" && answer.status < 300) {
      found.push(`another spelling answered ${answer.status}`);
    }
    if (location !== undefined && answer.status === 301) {
      const to = new URL(location, baseURL).pathname;
      if (canonicalPath(to) !== to) found.push(`another spelling redirected to another: ${to}`);
    }
  }
  const cacheControl = answer.headers["cache-control"] ?? "";
  if (c.method === "GET" && answer.status === 200 && /\bs-maxage=/.test(cacheControl)) {
    const url = URL.canParse(c.target, baseURL) ? new URL(c.target, baseURL) : null;
    if (!url || storableQuery(url.pathname, url.search) === null) {
      found.push(`a query the page does not read was answered for shared caches (${cacheControl})`);
    }
  }
  const marker = `zq${c.id}x`;
  if (answer.body.includes(`<${marker}`) || answer.body.includes(`<svg onload=${marker}`)) {
    found.push("input reflected unescaped");
  }
  if (answer.body.includes("    at ") || /Error: /.test(answer.body.slice(0, 2000))) {
    found.push("stack trace in the answer");
  }
  return found;
}

const APP = fileURLToPath(new URL("../../app", import.meta.url));

/** Source files of the site (no tests), relative to app/. */
function sourceFiles(dir = APP, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(join(dir, entry.name), `${relative}/`);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [relative] : [];
  });
}

test("the pools hold every action and every query parameter the site reads", () => {
  const files = sourceFiles();
  const read = (file: string) => readFileSync(join(APP, file), "utf8");
  const withActions = files.filter(
    (file) =>
      file.startsWith("routes/") &&
      /export (async )?function action\b|export const action\b/.test(read(file)),
  );
  expect(withActions.length).toBeGreaterThan(5);
  expect(withActions.filter((file) => !(file in ACTION_TARGETS))).toEqual([]);
  const named = new Set<string>();
  for (const file of files) {
    for (const match of read(file).matchAll(/searchParams\.(?:get|getAll|has)\("([^"]+)"\)/g)) {
      named.add(match[1]!);
    }
  }
  // The generator's and the checkout's parameter lists.
  for (const list of [
    /PASSWORD_PARAMS = \[([^\]]+)\]/.exec(read("password-generator/password-query.ts"))?.[1],
    /function locationParam[^{]+\{([^}]+)\}/.exec(read("commerce/addons.ts"))?.[1],
  ]) {
    expect(list).toBeTruthy();
    for (const match of list!.matchAll(/"([a-z_]+)"/g)) named.add(match[1]!);
  }
  expect(named.size).toBeGreaterThan(15);
  expect([...named].filter((name) => !(name in QUERY_PARAMS))).toEqual([]);
});

test(`${CASES} bad requests: no 5xx, no off-site redirect, no unescaped reflection`, async ({
  playwright,
  baseURL,
  request,
}) => {
  test.setTimeout(600_000);
  sessions.live = await signInApart(playwright, baseURL!, ACCOUNTS.expired);
  sessions.ended = await signInApart(playwright, baseURL!, ACCOUNTS.expired);
  const signOut = await request.post("/action/logout", {
    headers: { Origin: baseURL!, Cookie: sessions.ended },
    form: { to: "/" },
    maxRedirects: 0,
  });
  expect(signOut.status()).toBe(303);
  const cases = Array.from({ length: CASES }, (_, id) => makeCase(id, baseURL!));
  const failures: string[] = [];
  let next = 0;
  const statuses = new Map<number, number>();
  async function worker() {
    while (next < cases.length) {
      const c = cases[next++]!;
      let answer: RawAnswer;
      try {
        answer = await rawRequest(
          baseURL!,
          requestHead(c.method, c.target, c.headers, c.host),
          c.body,
          TIME_BOUND_MS * 2,
        );
      } catch (error) {
        failures.push(`#${c.id} ${c.method} ${c.target.slice(0, 120)}: ${String(error)}`);
        continue;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const found = problems(c, answer, baseURL!);
      if (found.length)
        failures.push(
          `#${c.id} ${c.method} ${c.target.slice(0, 120)} ${JSON.stringify(c.headers).slice(0, 200)}: ${found.join("; ")}`,
        );
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  console.log(
    `fuzz: ${cases.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(`fuzz: actions ${JSON.stringify(Object.fromEntries(tally.actions))}`);
  expect(failures.slice(0, 30), `${failures.length} of ${cases.length} cases failed`).toEqual([]);
  // Every action, query parameter and language segment was among the inputs, many times.
  const least = (map: Map<string, number>, keys: string[]) =>
    Math.min(...keys.map((key) => map.get(key) ?? 0));
  if (CASES >= 5_000) {
    expect(least(tally.actions, Object.keys(ACTION_TARGETS))).toBeGreaterThanOrEqual(50);
    expect(least(tally.params, Object.keys(QUERY_PARAMS))).toBeGreaterThanOrEqual(20);
    expect(least(tally.langs, LANG_SEGMENTS)).toBeGreaterThanOrEqual(20);
    expect(tally.spellings.get("other") ?? 0).toBeGreaterThanOrEqual(200);
  }
  const health = await rawRequest(baseURL!, requestHead("GET", "/healthz"));
  expect(health.status).toBe(200);
});
