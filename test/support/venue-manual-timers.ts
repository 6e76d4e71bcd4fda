/**
 * A manual clock and timer queue for the live keeper (its `clock` and `timers` options): reconnect waits pass only
 * when the test fires them, so a 90-second outage runs in a moment while the sockets themselves stay real.
 */
import type { Clock, KeeperTimers } from '../../main/core/venue/index';

interface Pending {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

export class ManualTimers implements Clock, KeeperTimers {
  private time: number;
  private nextId = 1;
  private pending: Pending[] = [];

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId;
    this.nextId += 1;
    this.pending.push({ id, at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((timer) => timer.id !== handle);
  }

  /** When the earliest pending timer is due, or null when none is pending. */
  nextDue(): number | null {
    return this.pending.reduce<number | null>(
      (earliest, timer) => (earliest === null || timer.at < earliest ? timer.at : earliest),
      null,
    );
  }

  /** Moves time to the earliest pending timer and runs it; false when none is pending. */
  fireNext(): boolean {
    const due = this.nextDue();
    if (due === null) return false;
    const timer = this.pending.find((candidate) => candidate.at === due) as Pending;
    this.pending = this.pending.filter((candidate) => candidate !== timer);
    this.time = Math.max(this.time, due);
    timer.callback();
    return true;
  }
}

/** A small seeded uniform generator in [0, 1) (mulberry32), so a jittered schedule is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
