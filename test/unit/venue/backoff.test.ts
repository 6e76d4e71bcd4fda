import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Backoff, DEFAULT_BACKOFF, backoffCeilingMs, backoffDelayMs } from '../../../main/core/venue/index';

describe('reconnect backoff', () => {
  it('first retry within 1 s, never above 30 s, for any draw and attempt', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 10_000 }), (draw, attempt) => {
        const delay = backoffDelayMs(DEFAULT_BACKOFF, attempt, () => draw);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(attempt === 0 ? 1_000 : 30_000);
      }),
    );
    expect(backoffCeilingMs(DEFAULT_BACKOFF, 0)).toBe(1_000);
    expect(backoffCeilingMs(DEFAULT_BACKOFF, 4)).toBe(16_000);
    expect(backoffCeilingMs(DEFAULT_BACKOFF, 5)).toBe(30_000);
  });

  it('grows per attempt and resets after a connection stable for a minute', () => {
    const backoff = new Backoff(DEFAULT_BACKOFF, () => 0.999_999);
    const delays = Array.from({ length: 7 }, () => backoff.next());
    expect(delays).toEqual([999, 1_999, 3_999, 7_999, 15_999, 29_999, 29_999]);
    backoff.connectionEnded(59_999);
    expect(backoff.attempts).toBe(7);
    backoff.connectionEnded(60_000);
    expect(backoff.attempts).toBe(0);
    expect(backoff.next()).toBe(999);
  });
});
