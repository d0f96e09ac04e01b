// No imports: the benchmark's limit server (scripts/bench/limit-server.ts) runs this file on
// Node's own type stripping, without the app's bundler or aliases.

/** The client takes gzip (and did not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((entry) => {
    const [coding = "", ...params] = entry.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}
