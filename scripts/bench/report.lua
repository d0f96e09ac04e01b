-- wrk's report for the bench (scripts/bench/load.ts): after its own summary, one line of JSON
-- with what a run yields. Durations and latencies in microseconds, as wrk counts them; errors.status
-- counts the answers with a status above 399. No request() or response(): wrk then sends one fixed
-- request (the -H headers) and never hands a body to Lua, so it keeps up with the limit server.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"requestsPerSec":%.1f,' ..
      '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"max":%d},' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    summary.requests / math.max(summary.duration, 1) * 1e6,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
