// Minimal typings for the parts of autocannon 8 the soak (scripts/soak.ts) uses (the package ships none).
declare module "autocannon" {
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
    timeout?: number;
  }

  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: { p50: number; p99: number; max: number };
    requests: { mean: number };
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, RequestParams, RequestSpec, Result };
}
