// Minimal typings for the parts of autocannon 8 the benchmark and the soak use (the package ships none).
declare module "autocannon" {
  interface Histogram {
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  /** One entry of `requests`: `context` is the connection's own object. */
  interface RequestSpec extends RequestParams {
    setupRequest?: (request: RequestParams, context: object) => RequestParams;
    onResponse?: (status: number, body: string, context: object) => void;
  }

  interface Options {
    url: string;
    requests?: RequestSpec[];
    connections?: number;
    duration?: number;
    workers?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }

  interface Result {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, RequestParams, RequestSpec, Result };
}
