import { describe, expect, it } from 'vitest';
import { Coalescer, type CoalescerTimers } from '../../../main/core/session/coalescer';

/** A hand-driven clock: timers fire only when the test advances time. */
class FakeTimers implements CoalescerTimers {
  time = 0;
  private pending: Array<{ at: number; callback: () => void; id: number }> = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.pending.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((timer) => timer.id !== handle);
  };
  advance(ms: number): void {
    this.time += ms;
    const due = this.pending.filter((timer) => timer.at <= this.time);
    this.pending = this.pending.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.callback();
  }
}

describe('Coalescer', () => {
  it('flushes a change after a quiet period at the end of the current task, once for several pokes', async () => {
    const timers = new FakeTimers();
    const flushes: number[] = [];
    const coalescer = new Coalescer(() => flushes.push(timers.time), 16, timers);
    timers.time = 100;
    coalescer.poke();
    coalescer.poke();
    expect(flushes).toEqual([]);
    await Promise.resolve();
    expect(flushes).toEqual([100]);
    // 20 ms later (a new frame) the same happens again: no leftover timer delays it.
    timers.advance(20);
    coalescer.poke();
    coalescer.poke();
    await Promise.resolve();
    expect(flushes).toEqual([100, 120]);
  });

  it('folds a burst of changes into at most one flush per frame', async () => {
    const timers = new FakeTimers();
    const flushes: number[] = [];
    const coalescer = new Coalescer(() => flushes.push(timers.time), 16, timers);
    timers.time = 100;
    // 5,000 changes over 200 ms, one every 0.04 ms.
    for (let change = 0; change < 5000; change += 1) {
      coalescer.poke();
      await Promise.resolve();
      timers.advance(0.04);
    }
    timers.advance(16);
    const gaps = flushes.slice(1).map((at, index) => at - (flushes[index] as number));
    expect(gaps.every((gap) => gap >= 16 - 1e-9)).toBe(true);
    expect(flushes.length).toBeLessThanOrEqual(Math.ceil(200 / 16) + 2);
    // The last change is never lost: a flush happens after the final poke.
    expect(flushes.at(-1)).toBeGreaterThanOrEqual(300 - 16);
  });

  it('drops a pending flush on cancel', async () => {
    const timers = new FakeTimers();
    const flushes: number[] = [];
    const coalescer = new Coalescer(() => flushes.push(timers.time), 16, timers);
    timers.time = 100;
    coalescer.poke();
    await Promise.resolve();
    coalescer.poke();
    coalescer.cancel();
    timers.advance(100);
    await Promise.resolve();
    expect(flushes).toEqual([100]);
  });
});
