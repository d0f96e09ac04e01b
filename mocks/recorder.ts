export interface Recorded {
  kind: string;
  body: unknown;
  at: number;
}

/**
 * What the sandbox upstream received (subscriptions, surveys, purchases), so tests can assert on
 * what the site sent.
 */
export class Recorder {
  private readonly entries: Recorded[] = [];

  record(kind: string, body: unknown): void {
    this.entries.push({ kind, body, at: Date.now() });
    if (this.entries.length > 500) this.entries.shift();
  }

  all(kind?: string): Recorded[] {
    return kind ? this.entries.filter((e) => e.kind === kind) : [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}
