/**
 * The retry table: every status the spec names, plus connection resets before and after sending. For each: the
 * state the movement moves to, whether it retries, with which key (always the same one: only the cashier's
 * explicit send-again mints a new key), and the backoff bounds.
 */
import { describe, expect, it } from 'vitest';
import { backoffCeiling, delayFor } from '../../../main/core/cashier/backoff';
import { reduceMovement } from '../../../main/core/cashier/machine';
import type { Movement, MovementState } from '../../../main/core/cashier/index';
import type { TransactionAttempt } from '../../../main/core/venue/transaction';
import { T0, answer, movementFixture, resetAfterSend, resetBeforeSend } from '../../support/cashier-fixtures';

const appliedBody = {
  ok: true,
  kind: 'buy_in',
  player_name: 'Alice',
  player_id: 'p-alice',
  seat_id: 1,
  amount: 50,
  delta: 50,
  stack_before: 100,
  stack_after: 150,
  session_closed: false,
};
const refusedBody = { ok: false, reason: 'unknown_player', message: 'Nobody named Alice is seated.' };

interface Row {
  readonly name: string;
  readonly attempt: TransactionAttempt;
  readonly state: MovementState;
  /** Whether another attempt (same key) is scheduled by the movement itself. */
  readonly retries: boolean;
  readonly reachedHost: boolean;
  readonly delay?: 'backoff' | 'fixed';
}

const ROWS: readonly Row[] = [
  { name: '200 applied', attempt: answer(200, appliedBody), state: 'applied', retries: false, reachedHost: true },
  {
    name: '200 refused (ok false)',
    attempt: answer(200, refusedBody),
    state: 'refused',
    retries: false,
    reachedHost: false,
  },
  {
    name: '200 replayed applied',
    attempt: answer(200, appliedBody, { replay: true }),
    state: 'applied',
    retries: false,
    reachedHost: true,
  },
  {
    name: '200 replayed refusal',
    attempt: answer(200, refusedBody, { replay: true }),
    state: 'refused',
    retries: false,
    reachedHost: false,
  },
  {
    name: '400 bad_body',
    attempt: answer(400, { error: 'bad_body' }),
    state: 'refused',
    retries: false,
    reachedHost: false,
  },
  {
    name: '400 idempotency_key_required',
    attempt: answer(400, { error: 'idempotency_key_required' }),
    state: 'refused',
    retries: false,
    reachedHost: false,
  },
  {
    name: '400 bad_player_name',
    attempt: answer(400, { error: 'bad_player_name' }),
    state: 'refused',
    retries: false,
    reachedHost: false,
  },
  {
    name: '400 bad_amount',
    attempt: answer(400, { error: 'bad_amount' }),
    state: 'refused',
    retries: false,
    reachedHost: false,
  },
  {
    name: '401 unauthorized (never sent before)',
    attempt: answer(401, { error: 'unauthorized' }),
    state: 'queued',
    retries: false,
    reachedHost: false,
  },
  {
    name: '409 hand_in_progress',
    attempt: answer(409, { error: 'hand_in_progress' }),
    state: 'queued',
    retries: false,
    reachedHost: false,
  },
  {
    name: '409 in_progress',
    attempt: answer(409, { error: 'in_progress' }),
    state: 'with-host',
    retries: true,
    reachedHost: true,
    delay: 'backoff',
  },
  {
    name: '409 outcome_unknown',
    attempt: answer(409, { error: 'outcome_unknown' }),
    state: 'in-doubt',
    retries: true,
    reachedHost: true,
    delay: 'backoff',
  },
  {
    name: '429 rate_limited',
    attempt: answer(429, { error: 'rate_limited', retry_after_sec: 3 }, { retryAfterSec: 3 }),
    state: 'sending',
    retries: true,
    reachedHost: false,
    delay: 'fixed',
  },
  {
    name: '503 host_offline',
    attempt: answer(503, { error: 'host_offline' }),
    state: 'sending',
    retries: true,
    reachedHost: false,
    delay: 'backoff',
  },
  {
    name: '504 host_timeout',
    attempt: answer(504, { error: 'host_timeout' }),
    state: 'with-host',
    retries: true,
    reachedHost: true,
    delay: 'backoff',
  },
  {
    name: '500 other 5xx',
    attempt: answer(500, { error: 'internal' }),
    state: 'sending',
    retries: true,
    reachedHost: true,
    delay: 'backoff',
  },
  {
    name: '502 other 5xx (not JSON)',
    attempt: answer(502, 'Bad Gateway'),
    state: 'sending',
    retries: true,
    reachedHost: true,
    delay: 'backoff',
  },
  {
    name: 'reset before the request left',
    attempt: resetBeforeSend,
    state: 'sending',
    retries: true,
    reachedHost: false,
    delay: 'backoff',
  },
  {
    name: 'reset after it may have been sent',
    attempt: resetAfterSend,
    state: 'sending',
    retries: true,
    reachedHost: true,
    delay: 'backoff',
  },
];

describe('retry table', () => {
  for (const row of ROWS) {
    it(`${row.name} -> ${row.state}${row.retries ? ', retry same key' : ''}`, () => {
      const before = movementFixture();
      const after: Movement = reduceMovement(before, { type: 'attempt', at: T0 + 10, attempt: row.attempt });
      expect(after.state).toBe(row.state);
      expect(after.key).toBe(before.key);
      expect(after.next !== null).toBe(row.retries);
      expect(after.mayHaveReachedHost).toBe(row.reachedHost);
      if (row.delay !== undefined) expect(after.next?.delay.kind).toBe(row.delay);
      expect(after.attempts).toHaveLength(1);
      if (row.attempt.kind === 'answered') {
        expect(after.attempts[0]).toMatchObject({
          status: row.attempt.status,
          body: row.attempt.body,
          idempotentReplay: row.attempt.idempotentReplay,
        });
      }
    });
  }

  it('keeps the host answer verbatim and says why a 400 refused', () => {
    const refused = reduceMovement(movementFixture(), {
      type: 'attempt',
      at: T0,
      attempt: answer(400, { error: 'bad_amount' }),
    });
    expect(refused.settlement?.refusal?.message).toMatch(/amount.*Nothing was applied/);
    const host = reduceMovement(movementFixture(), { type: 'attempt', at: T0, attempt: answer(200, refusedBody) });
    expect(host.settlement?.refusal).toEqual({ code: 'unknown_player', message: refusedBody.message });
    expect(host.settlement?.body).toEqual(refusedBody);
  });

  it(
    'reads unknown 200 object shapes tolerantly: error/refused fields refuse, ' +
      'any other object applies; a non-object settles nothing',
    () => {
      const at = T0;
      expect(
        reduceMovement(movementFixture(), {
          type: 'attempt',
          at,
          attempt: answer(200, { refused: 'limit', message: 'no' }),
        }).state,
      ).toBe('refused');
      expect(
        reduceMovement(movementFixture(), { type: 'attempt', at, attempt: answer(200, { error: 'nope' }) }).state,
      ).toBe('refused');
      expect(
        reduceMovement(movementFixture(), { type: 'attempt', at, attempt: answer(200, { accepted: true, extra: 1 }) })
          .state,
      ).toBe('applied');
      expect(reduceMovement(movementFixture(), { type: 'attempt', at, attempt: answer(200, 'OK') })).toMatchObject({
        state: 'sending',
        next: { reason: 'unreadable_answer' },
      });
    },
  );

  it('a 401 or a hand in progress after the key may be spent never returns it to a cancellable queue', () => {
    const spent = movementFixture({ state: 'with-host', mayHaveReachedHost: true });
    expect(
      reduceMovement(spent, { type: 'attempt', at: T0, attempt: answer(401, { error: 'unauthorized' }) }).state,
    ).toBe('with-host');
    expect(
      reduceMovement(spent, { type: 'attempt', at: T0, attempt: answer(409, { error: 'hand_in_progress' }) }).state,
    ).toBe('with-host');
  });

  it('a 503 after a 504 keeps the key spent (with the host)', () => {
    const timedOut = reduceMovement(movementFixture(), {
      type: 'attempt',
      at: T0,
      attempt: answer(504, { error: 'host_timeout' }),
    });
    const offline = reduceMovement(timedOut, {
      type: 'attempt',
      at: T0 + 1,
      attempt: answer(503, { error: 'host_offline' }),
    });
    expect(offline.state).toBe('with-host');
    expect(offline.mayHaveReachedHost).toBe(true);
  });

  it('backs off with full jitter inside [0, min(max, base * 2^step))', () => {
    const bounds = { baseMs: 100, maxMs: 5_000 };
    for (let step = 0; step < 12; step += 1) {
      const ceiling = backoffCeiling(bounds, step);
      expect(ceiling).toBe(Math.min(5_000, 100 * 2 ** step));
      const next = { reason: 'host_offline', delay: { kind: 'backoff', step } } as const;
      expect(delayFor(next, bounds, 0)).toBe(0);
      expect(delayFor(next, bounds, 0.999_999)).toBeLessThan(ceiling);
      expect(delayFor(next, bounds, 0.5)).toBe(Math.floor(ceiling / 2));
    }
    expect(backoffCeiling(bounds, 1_000)).toBe(5_000);
  });

  it('waits exactly retry_after_sec on 429', () => {
    const limited = reduceMovement(movementFixture(), {
      type: 'attempt',
      at: T0,
      attempt: answer(429, { error: 'rate_limited', retry_after_sec: 7 }, { retryAfterSec: 7 }),
    });
    expect(limited.next).toEqual({ reason: 'rate_limited', delay: { kind: 'fixed', ms: 7_000 } });
    if (limited.next === null) throw new Error('no next');
    expect(delayFor(limited.next, { baseMs: 1, maxMs: 2 }, 0.3)).toBe(7_000);
  });

  it('grows the backoff step with every attempt and folds identical polls into one journaled entry', () => {
    let movement = movementFixture({ state: 'with-host', mayHaveReachedHost: true });
    for (let i = 0; i < 5; i += 1)
      movement = reduceMovement(movement, {
        type: 'attempt',
        at: T0 + i,
        attempt: answer(409, { error: 'outcome_unknown' }),
      });
    expect(movement.attempts).toHaveLength(1);
    expect(movement.attempts[0]).toMatchObject({ count: 5, at: T0, lastAt: T0 + 4 });
    expect(movement.next).toEqual({ reason: 'outcome_unknown', delay: { kind: 'backoff', step: 4 } });
  });
});
