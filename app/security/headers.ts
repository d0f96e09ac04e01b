/** Two years: what the HSTS preload list asks for, and the Observatory's "at least six months". */
const HSTS_MAX_AGE_S = 63_072_000;

/** `Strict-Transport-Security` for a site served over https; `preload` only when asked for. */
export function strictTransportSecurity(options: { preload: boolean }): string {
  return `max-age=${HSTS_MAX_AGE_S}; includeSubDomains${options.preload ? "; preload" : ""}`;
}

/**
 * Powerful features no page of the site uses: denied to the site and to every frame it embeds.
 * Only names Chromium knows: an unknown one (`bluetooth`, in Chromium 156) is a console warning
 * on every page.
 */
export const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
] as const;

/**
 * `Permissions-Policy`: the denied features, and the Payment Request API for the site itself
 * plus the payment frames that call it (the card provider's, whose Apple Pay / Pay Now button
 * lives in its own iframe).
 */
export function permissionsPolicy(paymentFrameOrigins: readonly string[]): string {
  const payment = ["self", ...paymentFrameOrigins.map((origin) => `"${origin}"`)].join(" ");
  return [...DENIED_FEATURES.map((feature) => `${feature}=()`), `payment=(${payment})`].join(", ");
}
