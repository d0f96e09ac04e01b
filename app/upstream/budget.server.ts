import { AsyncLocalStorage } from "node:async_hooks";

interface Budget {
  /** When the request's upstream time is up (performance.now() clock). */
  deadline: number;
}

const current = new AsyncLocalStorage<Budget>();

/** A visitor's request waits at most this long for the upstream in all: one call's timeout. */
const REQUEST_BUDGET_MS = 20_000;

/**
 * Runs one visitor request's work with an upstream budget: every call it makes (its loaders, its
 * action, the refreshes it starts) gets at most what is left of `ms`, so a page that needs four
 * calls to a slow upstream answers within one timeout instead of four (decision 017).
 */
export function withUpstreamBudget<T>(ms: number, work: () => T): T {
  return current.run({ deadline: performance.now() + ms }, work);
}

/**
 * Runs work that serves many visitors (the sitemap's build) outside the request that happened to
 * start it: its calls get their own timeouts, not what is left of that request's budget.
 */
export function withoutUpstreamBudget<T>(work: () => T): T {
  return current.exit(work);
}

/** Milliseconds left of the current request's budget; Infinity outside a request. */
export function upstreamBudgetLeft(): number {
  const budget = current.getStore();
  return budget ? Math.max(0, budget.deadline - performance.now()) : Infinity;
}

/** A visitor's request (the Express server wraps each one that reaches Remix in this). */
export function withRequestBudget<T>(work: () => T): T {
  return withUpstreamBudget(REQUEST_BUDGET_MS, work);
}
