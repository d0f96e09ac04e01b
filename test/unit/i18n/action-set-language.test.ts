import { describe, expect, it } from "vitest";
import { actionArgs, returned, setupSandboxUpstream } from "../support/remix";
import { setLanguageAction } from "../support/routes";

const upstream = setupSandboxUpstream();

describe("language switcher action", () => {
  it("stores the choice and goes to the same page in that language (303)", async () => {
    const args = actionArgs("/action/set-language", {
      form: { lang: "de", to: "/pricing?plan=family#compare" },
    });
    expect(args.request.headers.get("Origin")).toBe("https://www.keynest.test");
    const { status, location, headers } = await returned(setLanguageAction(args));
    expect(status).toBe(303);
    expect(location).toBe("/de/pricing?plan=family#compare");
    expect(headers.get("Set-Cookie")).toMatch(
      /^lang=de; Max-Age=31536000; Path=\/; HttpOnly;.* SameSite=Lax$/,
    );
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(upstream.calls()).toEqual([]);
  });

  it("moves a German page to English without a prefix", async () => {
    const args = actionArgs("/action/set-language", { form: { lang: "en", to: "/de/features" } });
    const { location } = await returned(setLanguageAction(args));
    expect(location).toBe("/features");
  });

  it("never leaves the site and ignores an unknown language", async () => {
    const offSite = actionArgs("/action/set-language", {
      form: { lang: "de", to: "https://evil.example/" },
    });
    expect((await returned(setLanguageAction(offSite))).location).toBe("/de");
    const unknown = actionArgs("/action/set-language", { form: { lang: "xx", to: "/pricing" } });
    const { location, headers } = await returned(setLanguageAction(unknown));
    expect(location).toBe("/pricing");
    expect(headers.get("Set-Cookie")).toBeNull();
  });
});
