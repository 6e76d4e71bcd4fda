/**
 * A client-side request budget: at most `limit` starts in any sliding `windowMs`. The venue counts per key per
 * minute; a token bucket would allow a full bucket plus a minute of refill inside one minute, so this keeps the
 * exact start times of the last `limit` requests and makes a caller WAIT (never fail) until the oldest leaves
 * the window. Waiters are served in arrival order.
 */
import type { Clock } from './clock';

/** Sliding-window limiter; `take()` resolves when the caller may start one request. */
export class RateBudget {
  // Ring of the last `limit` start times (ms). Slot `next` holds the oldest once the ring is full.
  private readonly starts: number[] = [];
  private next = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`budget limit must be a positive integer, got ${limit}`);
  }

  /** Milliseconds until one more start fits the window (0 when it fits now). */
  waitMs(): number {
    if (this.starts.length < this.limit) return 0;
    const oldest = this.starts[this.next] as number;
    return Math.max(0, oldest + this.windowMs - this.clock.now());
  }

  /** Waits for room, then records a start. Rejects only if `signal` aborts while waiting. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.acquire(signal));
    // A caller that aborted must not block the ones behind it.
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    for (let wait = this.waitMs(); wait > 0; wait = this.waitMs()) await this.clock.sleep(wait, signal);
    this.record(this.clock.now());
  }

  private record(at: number): void {
    if (this.starts.length < this.limit) {
      this.starts.push(at);
      return;
    }
    this.starts[this.next] = at;
    this.next = (this.next + 1) % this.limit;
  }
}
