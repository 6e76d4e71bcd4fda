/**
 * The venue's 429 pause over one client's reads: after a 429 every read waits until the venue's stated
 * `retry_after_sec` has passed (a later 429 may only lengthen it), and a call that would wait longer than it should
 * fails at once with RateLimitedError while the pause still holds for the venue's full time.
 */
import type { Clock } from './clock';
import { RateLimitedError } from './errors';
import { MAX_RATE_PAUSE_SEC } from './limits';

/** A 429 without `retry_after_sec` still pauses the budget this long: the venue said "slow down" without a time. */
const DEFAULT_RETRY_AFTER_SEC = 5;

/** One client's read pause. */
export class ReadPause {
  /** Until when (clock ms) the venue asked every read to wait, after its last 429; 0 when not paused. */
  private pausedUntil = 0;

  constructor(
    private readonly clock: Clock,
    /** The longest pause a call waits out before failing instead. */
    private readonly maxWaitMs: number,
  ) {}

  /** Until when (clock ms) reads are paused, or null when they are not. */
  get until(): number | null {
    return this.pausedUntil > this.clock.now() ? this.pausedUntil : null;
  }

  /** A 429: every read waits until the venue's stated time, at most a day (a later 429 may only lengthen the pause). */
  hold(retryAfterSec: number | null): void {
    const stated =
      retryAfterSec !== null && Number.isFinite(retryAfterSec) && retryAfterSec > 0
        ? retryAfterSec
        : DEFAULT_RETRY_AFTER_SEC;
    const seconds = Math.min(stated, MAX_RATE_PAUSE_SEC);
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.ceil(seconds * 1000));
  }

  /** True when what is left of the pause is short enough for a call to wait it out. */
  withinCap(): boolean {
    return this.pausedUntil - this.clock.now() <= this.maxWaitMs;
  }

  /** Waits out the venue's pause, or fails at once when it is longer than a call should wait. */
  async waitOut(signal?: AbortSignal): Promise<void> {
    for (
      let remaining = this.pausedUntil - this.clock.now();
      remaining > 0;
      remaining = this.pausedUntil - this.clock.now()
    ) {
      if (remaining > this.maxWaitMs) {
        const retryAfterSec = Math.ceil(remaining / 1000);
        throw new RateLimitedError(
          429,
          'rate_limited',
          retryAfterSec,
          null,
          `the venue asked for a pause of ${retryAfterSec} s`,
        );
      }
      await this.clock.sleep(remaining, signal);
    }
  }
}
