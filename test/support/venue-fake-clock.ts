/**
 * A manual clock for venue-core tests: `sleep` resolves only when the test advances time past its deadline.
 */
import type { Clock } from '../../main/core/venue/index';

interface Sleeper {
  readonly until: number;
  readonly resolve: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  private sleepers: Sleeper[] = [];
  /** Every sleep duration requested, in order. */
  readonly sleeps: number[] = [];

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      this.sleepers.push({ until: this.time + ms, resolve });
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }

  /** Pending sleepers. */
  get waiting(): number {
    return this.sleepers.length;
  }

  /** Moves time forward and wakes every sleeper whose deadline passed; lets their continuations run. */
  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.sleepers.filter((sleeper) => sleeper.until <= this.time);
    this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.time);
    for (const sleeper of due) sleeper.resolve();
    await flushMicrotasks();
  }
}

/** Lets queued promise continuations run. */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}

/** Lets queued work (promise continuations and immediate callbacks) run for `rounds` turns of the event loop. */
export async function settle(rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await flushMicrotasks();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
