import { describe, expect, it } from "vitest";
import { isFilePath } from "~/http/not-found";

describe("isFilePath", () => {
  it.each([
    "/assets/entry.client-AbC123.js",
    "/favicon.svg",
    "/images/missing.PNG",
    "/de/robots.txt",
    "/wp-login.php",
    "/.env",
    "/backup.sql",
    "/site.webmanifest",
  ])("%s names a file", (path) => {
    expect(isFilePath(path)).toBe(true);
  });

  it.each([
    "/",
    "/pricing",
    "/pricing.data",
    "/blog/whats-new-3.5",
    "/help/version-2.0",
    "/de/features",
    "/search.",
  ])("%s is a page (or the framework's data for one)", (path) => {
    expect(isFilePath(path)).toBe(false);
  });
});
