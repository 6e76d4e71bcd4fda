/**
 * Retry delays of a money movement: the venue's own backoff formula (venue/backoff.ts: exponential with full
 * jitter, capped, so many clients retrying never synchronise), with the cashier's bounds, and a venue's
 * retry_after honoured exactly.
 */
import { backoffCeilingMs } from '../venue/backoff';
import type { NextAttempt } from './types';

export interface RetryBounds {
  /** First backoff ceiling in ms. */
  readonly baseMs: number;
  /** Largest delay in ms, for backoff and for a venue's retry_after alike. */
  readonly maxMs: number;
}

export const DEFAULT_RETRY_BOUNDS: RetryBounds = { baseMs: 250, maxMs: 15_000 };

/** The delay ceiling for a backoff step: baseMs * 2^step, capped at maxMs. */
export function backoffCeiling(bounds: RetryBounds, step: number): number {
  return backoffCeilingMs({ baseMs: bounds.baseMs, capMs: bounds.maxMs, stableMs: 0 }, step);
}

/** The delay before the next attempt; `random` is in [0, 1). */
export function delayFor(next: NextAttempt, bounds: RetryBounds, random: number): number {
  // The venue said how long to wait (retry_after_sec): honour it exactly.
  if (next.delay.kind === 'fixed') return Math.max(0, next.delay.ms);
  return Math.floor(random * backoffCeiling(bounds, next.delay.step));
}
