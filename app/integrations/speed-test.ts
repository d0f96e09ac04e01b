/**
 * Speed-test and audit agents (SPEC §7): the tag manager is skipped for them, so a measurement
 * shows the site and not the tags. Matched on the browser's own user agent, never on the
 * server's request (shared caches give one HTML to every anonymous visitor).
 */
const SPEED_TEST_AGENTS: readonly RegExp[] = [
  // Lighthouse, and PageSpeed Insights, which runs it ("Chrome-Lighthouse").
  /lighthouse/i,
  // PageSpeed Insights' older agent ("Google Page Speed Insights") and its variants.
  /page ?speed/i,
  /speed insights/i,
  // WebPageTest (and SpeedCurve, which runs it) mark their agent "PTST/<version>".
  /\bptst\b/i,
  /webpagetest/i,
  /gtmetrix/i,
  /pingdom/i,
  /dareboost/i,
  /debugbear/i,
];

/** True for a speed test or audit tool's user agent. */
export function isSpeedTestAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const ua = userAgent.slice(0, 1000);
  return SPEED_TEST_AGENTS.some((pattern) => pattern.test(ua));
}
