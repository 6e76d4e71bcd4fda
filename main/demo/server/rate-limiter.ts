/** A sliding one-minute window per key: at most `perMinute` hits in any 60 s. */

const WINDOW_MS = 60_000;

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSec: number };

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new Error(`a rate limit must be a positive integer, got ${perMinute}`);
  }

  /** Counts one hit for `key` unless it would exceed the budget. */
  take(key: string): RateDecision {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= this.perMinute) {
      this.hits.set(key, recent);
      const oldest = recent[0] as number;
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }
}
