/**
 * The one place that decides when the renderer gets a new snapshot: pushes are coalesced to at most one per frame
 * (FRAME_MS), and every window or page publishes each push the moment it arrives (renderer/shared/snapshot-store.ts
 * keeps no clock of its own). A change after a quiet period goes out at the end of the current task (one input often
 * notifies several times synchronously: the table, then the cashier), so it costs no timer delay; changes inside a
 * frame are folded into one push at the end of it.
 */

export interface CoalescerTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: CoalescerTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * One frame at 60 Hz (16.7 ms), rounded up: pushes this far apart do not fall two into one frame of a 60 Hz screen,
 * and the page renders every push it gets (it has no frame clock of its own).
 */
export const FRAME_MS = 17;

export class Coalescer {
  private lastFlush = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private microtaskPending = false;

  constructor(
    private readonly flush: () => void,
    private readonly frameMs = FRAME_MS,
    private readonly timers: CoalescerTimers = realTimers,
  ) {}

  /** Something changed: flush now if a frame has passed since the last flush, else once at the frame's end. */
  poke(): void {
    if (this.timer !== null || this.microtaskPending) return;
    const wait = this.lastFlush + this.frameMs - this.timers.now();
    if (wait <= 0) {
      this.microtaskPending = true;
      queueMicrotask(() => {
        if (!this.microtaskPending) return;
        this.microtaskPending = false;
        this.run();
      });
      return;
    }
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.run();
    }, wait);
  }

  /** Drops a pending flush (on close). */
  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.microtaskPending = false;
  }

  private run(): void {
    this.lastFlush = this.timers.now();
    this.flush();
  }
}
