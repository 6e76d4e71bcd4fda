/**
 * Two seats can show the same display name: the venue controls names (spec rule 5), and a seat's player_id is null
 * for a player without a saved profile. The venue applies a movement by `player_name`, the only name the request
 * gives, so when two seats show it, which one it credits is the host's choice: neither stack can say "not applied"
 * (the one that did not move would, while ours applied to the other, and the cashier would pay twice).
 */
import { describe, expect, it } from 'vitest';
import { assessEvidence } from '../../../main/core/cashier/evidence';
import { reduceMovement } from '../../../main/core/cashier/machine';
import { sendingFacts } from '../../../main/core/cashier/policy';
import type { Movement, ObservedSeat } from '../../../main/core/cashier/index';
import {
  T0,
  answer,
  appliedEventFixture,
  liveReadingFixture as reading,
  movementFixture,
} from '../../support/cashier-fixtures';

/** Alice (profile p-alice) bought in 50 from a stack of 100; the venue answered outcome_unknown at T0 + 100. */
const inDoubt = (overrides: Partial<Movement> = {}): Movement =>
  reduceMovement(movementFixture({ state: 'with-host', mayHaveReachedHost: true, ...overrides }), {
    type: 'attempt',
    at: T0 + 100,
    attempt: answer(409, { error: 'outcome_unknown' }),
  });

const verdictOn = (movement: Movement, seats: readonly ObservedSeat[]) =>
  assessEvidence(movement, {
    now: T0 + 200,
    table: reading(seats),
    readFailure: null,
    events: [],
    otherMovementForPlayer: false,
    stream: { unbrokenSince: 0, deliveredThrough: Number.MAX_SAFE_INTEGER },
    stackMovedAt: null,
  }).verdict;

describe('a namesake at the table', () => {
  const guest = (stack: number) => ({ seat_id: 1, player_id: null, name: 'Alice', stack });
  const profiled = (stack: number) => ({ seat_id: 2, player_id: 'p-alice', name: 'Alice', stack });

  it('makes the stack check inconclusive whichever of the two seats the host credited, in either order', () => {
    // The host credited the guest (100 -> 150); p-alice still has the 100 the movement left with.
    expect(verdictOn(inDoubt(), [guest(150), profiled(100)])).toBe('inconclusive');
    expect(verdictOn(inDoubt(), [profiled(100), guest(150)])).toBe('inconclusive');
    // The host credited p-alice; the guest still has 100.
    expect(verdictOn(inDoubt(), [guest(100), profiled(150)])).toBe('inconclusive');
    // A namesake with a profile of their own is the same doubt.
    const other = { seat_id: 3, player_id: 'p-other', name: 'Alice', stack: 150 };
    expect(verdictOn(inDoubt(), [profiled(100), other])).toBe('inconclusive');
    // Alone at the table, she is read as before.
    expect(verdictOn(inDoubt(), [profiled(100)])).toBe('not-applied');
    expect(verdictOn(inDoubt(), [profiled(150)])).toBe('applied');
  });

  it('cannot decide between two seats of the same name when neither carries an id', () => {
    const nameOnly = inDoubt({ playerId: null });
    const seats = [guest(100), { ...guest(150), seat_id: 2 }];
    expect(verdictOn(nameOnly, seats)).toBe('inconclusive');
    expect(verdictOn(nameOnly, [...seats].reverse())).toBe('inconclusive');
  });

  it('takes no stack at send when the name is shown by two seats', () => {
    const seats = [guest(100), profiled(120)];
    expect(sendingFacts({ playerId: 'p-alice', playerName: 'Alice' }, reading(seats), false).stack).toBeNull();
    expect(sendingFacts({ playerId: null, playerName: 'Alice' }, reading(seats), false).stack).toBeNull();
    expect(sendingFacts({ playerId: 'p-alice', playerName: 'Alice' }, reading([profiled(120)]), false).stack).toBe(120);
  });
});

describe("a namesake's transaction_applied on another seat", () => {
  it('is no proof that ours applied when it names the seat but no player (a guest without a profile)', () => {
    // Alice (p-alice, seat 1) is in doubt. A guest seated meanwhile at seat 2 as "alice" is topped up by another
    // terminal: same kind and amount, from the same stack. The event names seat 2 and no player (the spec's null
    // player_id for a seat without a saved profile): by name only, on another seat than ours, it is not our event,
    // as reconciliation already rules. The stacks cannot tell either (two seats show the name).
    const theirs = appliedEventFixture({ seat_id: 2, player_id: null, name: 'alice', observedAt: T0 + 150 });
    const evidence = assessEvidence(inDoubt(), {
      now: T0 + 200,
      table: reading([
        { seat_id: 1, player_id: 'p-alice', name: 'Alice', stack: 100 },
        { seat_id: 2, player_id: null, name: 'alice', stack: 150 },
      ]),
      readFailure: null,
      events: [theirs],
      otherMovementForPlayer: false,
      stream: { unbrokenSince: 0, deliveredThrough: Number.MAX_SAFE_INTEGER },
      stackMovedAt: null,
    });
    expect(evidence.matchingEvent).toBeNull();
    expect(evidence.verdict).toBe('inconclusive');
  });
});
