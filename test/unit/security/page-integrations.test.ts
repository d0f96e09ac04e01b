import { describe, expect, it } from "vitest";
import { pageIntegrationsOf } from "~/security/page-integrations";

describe("pageIntegrationsOf", () => {
  it.each([
    [[], []],
    [[undefined, { layout: "bare" }], []],
    [[undefined, { layout: "bare", loads: ["wallet"] }], ["wallet"]],
    [[{ loads: ["wallet"] }, { loads: ["wallet", "tag-manager"] }], ["wallet"]],
    [[{ loads: "wallet" }, { loads: null }, "wallet"], []],
  ])("reads %j as %j", (handles, names) => {
    expect(pageIntegrationsOf(handles)).toEqual(names);
  });
});
