import { describe, expect, it, vi } from "vitest";
import type { TaggingScript } from "~/integrations/tagging";
import { addInOrder, tagManagerStart } from "~/integrations/tagging-loader";

const consent: TaggingScript = { kind: "consent", src: "https://cmp.example/c.js", attributes: {} };
const tags: TaggingScript = {
  kind: "tag-manager",
  src: "https://gtm.example/gtm.js",
  attributes: {},
};

describe("addInOrder", () => {
  it("requests the tag manager only once the consent script has loaded", async () => {
    const events: string[] = [];
    let finishConsent: (loaded: boolean) => void = () => undefined;
    const addScript = (script: TaggingScript) => {
      events.push(`request ${script.kind}`);
      return script.kind === "consent"
        ? new Promise<boolean>((resolve) => (finishConsent = resolve))
        : Promise.resolve(true);
    };
    const done = addInOrder([consent, tags], addScript, () => events.push("data layer"));
    await Promise.resolve();
    expect(events).toEqual(["request consent"]);
    finishConsent(true);
    expect(await done).toEqual(["consent", "tag-manager"]);
    expect(events).toEqual(["request consent", "data layer", "request tag-manager"]);
  });

  it("loads no tag manager when the consent script failed", async () => {
    const requested: string[] = [];
    const prepare = vi.fn();
    const loaded = await addInOrder(
      [consent, tags],
      async (script) => {
        requested.push(script.kind);
        return script.kind !== "consent";
      },
      prepare,
    );
    expect(loaded).toEqual([]);
    expect(requested).toEqual(["consent"]);
    expect(prepare).not.toHaveBeenCalled();
  });

  it("loads the tag manager alone when no consent script is configured", async () => {
    const loaded = await addInOrder(
      [tags],
      async () => true,
      () => undefined,
    );
    expect(loaded).toEqual(["tag-manager"]);
  });

  it("starts the container with Tag Manager's gtm.js event", () => {
    expect(tagManagerStart(1_700_000_000_000)).toEqual({
      "gtm.start": 1_700_000_000_000,
      event: "gtm.js",
    });
  });
});
