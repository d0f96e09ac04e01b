import { describe, expect, it } from "vitest";
import { DENIED_FEATURES, permissionsPolicy, strictTransportSecurity } from "~/security/headers";

describe("strictTransportSecurity", () => {
  it.each([
    [{ preload: false }, "max-age=63072000; includeSubDomains"],
    [{ preload: true }, "max-age=63072000; includeSubDomains; preload"],
  ])("with %j is %s", (options, expected) => {
    expect(strictTransportSecurity(options)).toBe(expected);
  });
});

describe("permissionsPolicy", () => {
  it.each([
    [[], "payment=(self)"],
    [["https://js.stripe.com"], 'payment=(self "https://js.stripe.com")'],
  ])("with payment frames %j allows %s", (frames, payment) => {
    const policy = permissionsPolicy(frames).split(", ");
    expect(policy.at(-1)).toBe(payment);
    expect(policy.filter((entry) => entry.startsWith("payment="))).toHaveLength(1);
  });

  it.each(["camera", "microphone", "geolocation", "usb", "browsing-topics"])(
    "denies %s to the site and every frame",
    (feature) => {
      expect(permissionsPolicy([]).split(", ")).toContain(`${feature}=()`);
    },
  );

  it("names each feature once", () => {
    expect(new Set(DENIED_FEATURES).size).toBe(DENIED_FEATURES.length);
    expect(DENIED_FEATURES).not.toContain("payment");
  });
});
