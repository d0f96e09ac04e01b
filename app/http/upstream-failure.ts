/**
 * How a page answers when an upstream call it needs fails (decision 017): a call that timed out
 * (ours after 20 s, or a gateway's in front of the service) is a 504; an unreachable, failing,
 * overloaded (429) or garbled service, or one the circuit breaker has stopped calling, is a
 * temporary 503 with Retry-After; a refusal of the site's own request (another 4xx) is a 500.
 * Never stored. A 404 is not a failure: the loaders turn it into the not-found page first.
 */
export function upstreamFailureInit(upstreamStatus: number): ResponseInit {
  const noStore = { "Cache-Control": "no-store" };
  if (upstreamStatus === 504) return { status: 504, headers: noStore };
  if (upstreamStatus >= 500 || upstreamStatus === 429) {
    return { status: 503, headers: { ...noStore, "Retry-After": "30" } };
  }
  return { status: 500, headers: noStore };
}
