/**
 * Reconnect delays: full-jitter exponential backoff (a uniform draw in [0, min(cap, base * 2^attempt)]), so a
 * venue restart is not met by every client at the same instant. The first retry comes within `baseMs` (1 s), no
 * wait exceeds `capMs` (30 s), and only a connection that actually opened and stayed healthy for `stableMs` (a minute)
 * resets the attempts: a refused or failed connect never does, so a long outage is met with ever longer waits.
 */

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly capMs: number;
  /** A connection open this long counts as stable: the next failure starts again from attempt 0. */
  readonly stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 30_000, stableMs: 60_000 };

/** The upper bound of the draw for `attempt` (0-based). */
export function backoffCeilingMs(policy: BackoffPolicy, attempt: number): number {
  // 2^attempt overflows nothing useful past ~30 doublings; clamp the exponent before it reaches Infinity.
  const exponent = Math.min(Math.max(0, attempt), 30);
  return Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
}

/** The delay before reconnect `attempt` (0-based), drawn with `random` in [0, 1). */
export function backoffDelayMs(policy: BackoffPolicy, attempt: number, random: () => number = Math.random): number {
  const draw = Math.min(Math.max(random(), 0), 1);
  return Math.floor(draw * backoffCeilingMs(policy, attempt));
}

/** Tracks the attempt counter across connections. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly policy: BackoffPolicy = DEFAULT_BACKOFF,
    private readonly random: () => number = Math.random,
  ) {}

  /** The attempt the next delay belongs to. */
  get attempts(): number {
    return this.attempt;
  }

  /** The delay before the next reconnect; advances the counter. */
  next(): number {
    const delay = backoffDelayMs(this.policy, this.attempt, this.random);
    this.attempt += 1;
    return delay;
  }

  /** The operator asked to try now ("Reconnect now"): the waits start again from the first. */
  reset(): void {
    this.attempt = 0;
  }

  /**
   * A connection ended after being healthy for `healthyForMs`, or null when it never became healthy (refused,
   * failed, or closed before its first frame): only a stable one resets the counter.
   */
  connectionEnded(healthyForMs: number | null): void {
    if (healthyForMs !== null && healthyForMs >= this.policy.stableMs) this.attempt = 0;
  }
}
