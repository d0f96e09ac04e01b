/**
 * A failed upstream call: the upstream's own body (when it sent JSON) plus the HTTP status code.
 * Timeouts and network failures use 504 and 502, unparseable answers 502.
 */
export class UpstreamError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;

  constructor(statusCode: number, body: Record<string, unknown>, message?: string) {
    super(message ?? `Upstream answered ${statusCode}`);
    this.name = "UpstreamError";
    this.statusCode = statusCode;
    this.body = { ...body, statusCode };
  }

  /** The upstream's error key (such as INVALID_EMAIL) when it sent one. */
  get code(): string | undefined {
    const value = this.body.code ?? this.body.error ?? this.body.message;
    return typeof value === "string" ? value : undefined;
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/** An input the site never sends: refused before the call (to `path`), as the upstream would refuse it. */
export function invalidInput(path: string, reason: string): UpstreamError {
  return new UpstreamError(
    400,
    { message: "INVALID_INPUT", reason },
    `Not sent to ${path}: ${reason}`,
  );
}
