import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_TEXT } from "~/http/not-found";
import { startCompiledSite, type CompiledSite } from "../support/compiled-site";

/**
 * The compiled server's answers about what is no page: `/assets` is no folder to redirect into.
 */

let site: CompiledSite;

beforeAll(async () => {
  site = await startCompiledSite({ SANDBOX: "1" });
}, 60_000);

afterAll(async () => {
  await site?.stop();
});

const get = (path: string) =>
  fetch(`${site.url}${path}`, {
    redirect: "manual",
    headers: { Accept: "text/html", "Accept-Language": "en" },
  });

describe("the built files' folder", { retry: 2, timeout: 60_000 }, () => {
  it.each(["/assets", "/assets/", "/ASSETS", "/assets//", "/Assets/"])(
    "%s ends at the plain 404 within one redirect",
    async (start) => {
      let path = start;
      let redirects = 0;
      let answer = await get(path);
      while (answer.status >= 300 && answer.status < 400 && redirects < 5) {
        redirects += 1;
        path = new URL(answer.headers.get("location")!, site.url).pathname;
        answer = await get(path);
      }
      expect(redirects, `${start} → ${path}`).toBeLessThanOrEqual(1);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(NOT_FOUND_TEXT);
    },
  );
});
