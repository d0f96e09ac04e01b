export interface BreakerPolicy {
  /** Consecutive failures that open the circuit. */
  threshold: number;
  /** The first pause after opening; doubled after each failed trial, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export type BreakerState = "closed" | "open" | "half-open";

export const DEFAULT_BREAKER: BreakerPolicy = {
  threshold: 3,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
};

/**
 * A simple circuit breaker for one upstream: after `threshold` failures in a row (timeouts,
 * unreachable, 5xx) calls fail at once for a pause; then a single trial call is let through —
 * success closes the circuit, failure opens it again for twice as long.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private backoff: number;
  private trialRunning = false;

  constructor(
    private readonly policy: BreakerPolicy = DEFAULT_BREAKER,
    private readonly now: () => number = Date.now,
  ) {
    this.backoff = policy.backoffMs;
  }

  get state(): BreakerState {
    if (this.failures < this.policy.threshold) return "closed";
    return this.now() < this.openUntil ? "open" : "half-open";
  }

  /** Whether a call may go out now; in half-open state only the first caller gets through. */
  allow(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.trialRunning) return false;
    this.trialRunning = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.trialRunning = false;
    this.backoff = this.policy.backoffMs;
  }

  /** Ends a call that says nothing about the upstream (the caller gave up): no verdict. */
  release(): void {
    this.trialRunning = false;
  }

  failure(): void {
    const wasTrial = this.trialRunning;
    this.trialRunning = false;
    this.failures += 1;
    if (this.failures < this.policy.threshold) return;
    if (wasTrial) this.backoff = Math.min(this.backoff * 2, this.policy.maxBackoffMs);
    this.openUntil = this.now() + this.backoff;
  }
}
