import { describe, expect, it } from "vitest";
import { bearerMatches } from "~/observability/metrics-endpoint.server";

const TOKEN = "s3cret-metrics-token";

describe("the metrics token", () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer  ${TOKEN} `, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [`Basic ${TOKEN}`, false],
    [TOKEN, false],
    ["Bearer ", false],
    ["", false],
    [undefined, false],
  ])("%o → %s", (header, matches) => {
    expect(bearerMatches(header, TOKEN)).toBe(matches);
  });
});
