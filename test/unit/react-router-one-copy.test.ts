import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * Remix 2 pins the React Router it renders with exactly, while package.json asks for caret ranges
 * (decision 025). The site reads React Router's contexts itself (`UNSAFE_DataRouterStateContext`
 * in app/forms/page-form.ts), so a second copy installed beside Remix's would give the site
 * another context than the one Remix fills: every package must resolve to the site's own copy.
 */
describe("one React Router for the site and Remix", () => {
  const site = createRequire(import.meta.url);
  const uses: [string, string[]][] = [
    ["@remix-run/react", ["react-router", "react-router-dom", "@remix-run/router"]],
    ["@remix-run/server-runtime", ["@remix-run/router"]],
    ["react-router-dom", ["react-router", "@remix-run/router"]],
    ["react-router", ["@remix-run/router"]],
  ];

  it.each(uses)("%s loads the site's copy of %j", (user, dependencies) => {
    const theirs = createRequire(site.resolve(user));
    for (const dependency of dependencies)
      expect(theirs.resolve(dependency), `${user} → ${dependency}`).toBe(site.resolve(dependency));
  });
});
