import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatLifetime } from "~/legal/lifetime";
import { cookieRows, guardedCookies, SITE_COOKIES } from "~/legal/site-cookies.server";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const SOURCES = sourceFiles("app").map((path) => ({ path, text: readFileSync(path, "utf8") }));
const NAMES = new Set(SITE_COOKIES.flatMap((notice) => [notice.names.https, notice.names.http]));

describe("the site's cookie list", () => {
  it("holds every cookie name the code declares", () => {
    const declared: string[] = [];
    for (const { text } of SOURCES) {
      for (const match of text.matchAll(/export const \w+_COOKIE = "([^"]+)"/g)) {
        declared.push(match[1]!);
      }
      for (const match of text.matchAll(
        /export const \w+_COOKIES = \{ https: "([^"]+)", http: "([^"]+)" \}/g,
      )) {
        declared.push(match[1]!, match[2]!);
      }
    }
    expect(declared.length).toBeGreaterThanOrEqual(9);
    expect(declared.filter((name) => !NAMES.has(name))).toEqual([]);
    expect([...NAMES].sort()).toEqual([...new Set(declared)].sort());
  });

  it("is where every cookie the code writes comes from: each write names a declared cookie", () => {
    const writes: string[] = [];
    for (const { path, text } of SOURCES) {
      if (path.endsWith("set-cookie.ts") || path.endsWith("set-cookie.server.ts")) continue;
      for (const match of text.matchAll(
        /\b(?:siteCookie|setCookieHeader|clearSiteCookie)\(\s*([^,)]+)/g,
      )) {
        writes.push(`${path}: ${match[1]!.trim()}`);
      }
    }
    expect(writes.length).toBeGreaterThanOrEqual(8);
    // A constant of a declared cookie, or the function choosing its https or http name.
    const unknown = writes.filter((write) => !/: (?:[A-Z_]+_COOKIE|\w+CookieName\()$/.test(write));
    expect(unknown).toEqual([]);
  });

  it("gives the guard every name with what clearing it repeats", () => {
    const own = guardedCookies();
    expect(Object.keys(own).sort()).toEqual([...NAMES].sort());
    expect(own.lang).toEqual({ shared: true });
    expect(own.dismissed).toEqual({ shared: true });
    expect(own.kn_fb).toEqual({ scriptReadable: true });
    expect(own["__Host-session"]).toEqual({});
    expect(own.kn_device).toEqual({});
  });

  it("gives the policy one row per cookie under the name the site's scheme sets", () => {
    const https = cookieRows(true);
    expect(https.map((row) => row.name)).toEqual([
      "lang",
      "dismissed",
      "__Host-session",
      "__Host-kn_device",
      "kn_flash",
      "kn_draft",
      "kn_fb",
    ]);
    expect(cookieRows(false).map((row) => row.name)).toContain("__session");
    const byName = Object.fromEntries(https.map((row) => [row.name, row]));
    expect(byName.lang).toMatchObject({ maxAgeS: 31_536_000, shared: true, scriptReadable: false });
    expect(byName.kn_draft).toMatchObject({ maxAgeS: 300, purpose: "checkoutDraft" });
    expect(byName.kn_flash?.maxAgeS).toBe(60);
    expect(byName.kn_fb).toMatchObject({ scriptReadable: true });
    // SESSION_MAX_AGE_HOURS' default.
    expect(byName["__Host-session"]?.maxAgeS).toBeGreaterThan(3600);
  });
});

describe("formatLifetime", () => {
  it("says a lifetime in the largest unit that measures it, in the language", () => {
    expect(formatLifetime(31_536_000, "en")).toBe("1 year");
    expect(formatLifetime(300, "en")).toBe("5 minutes");
    expect(formatLifetime(60, "en")).toBe("1 minute");
    expect(formatLifetime(12 * 3600, "en")).toBe("12 hours");
    expect(formatLifetime(30 * 86_400, "de")).toBe("30 Tage");
    expect(formatLifetime(31_536_000, "de")).toBe("1 Jahr");
    expect(formatLifetime(300, "ru")).toBe("5 минут");
    expect(formatLifetime(45, "en")).toBe("45 seconds");
  });

  it("keeps a smaller unit rather than round: 90 minutes are no 2 hours", () => {
    expect(formatLifetime(90 * 60, "en")).toBe("90 minutes");
  });
});
