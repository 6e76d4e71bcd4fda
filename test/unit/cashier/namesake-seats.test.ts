/**
 * Two seats can show the same display name: the venue controls names (spec rule 5), and a seat's player_id is null
 * for a player without a saved profile. The stack check must read the movement's own player's seat, never a
 * namesake's: the namesake's unchanged stack would say "not applied" while ours applied, and let the cashier pay
 * twice.
 */
import { describe, expect, it } from 'vitest';
import { assessEvidence } from '../../../main/core/cashier/evidence';
import { reduceMovement } from '../../../main/core/cashier/machine';
import { sendingFacts } from '../../../main/core/cashier/policy';
import type { Movement, ObservedSeat, TableObservation } from '../../../main/core/cashier/index';
import { T0, answer, movementFixture } from '../../support/cashier-fixtures';

const reading = (seats: readonly ObservedSeat[]): TableObservation => ({
  source: 'live-state-read',
  live: true,
  caughtUp: true,
  receivedAt: T0 + 150,
  venueTs: null,
  betweenHands: true,
  handNumber: 7,
  seats,
});

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
  }).verdict;

describe('a namesake at the table', () => {
  const guest = { seat_id: 1, player_id: null, name: 'Alice', stack: 100 };

  it("never reads a profile-less namesake's stack as the player's own", () => {
    // Ours applied: p-alice went 100 -> 150. The guest also called Alice still has 100.
    expect(verdictOn(inDoubt(), [guest, { seat_id: 2, player_id: 'p-alice', name: 'Alice', stack: 150 }])).toBe(
      'applied',
    );
  });

  it('cannot decide between two seats of the same name when neither carries the id', () => {
    const nameOnly = inDoubt({ playerId: null });
    const seats = [guest, { seat_id: 2, player_id: null, name: 'Alice', stack: 150 }];
    expect(verdictOn(nameOnly, seats)).toBe('inconclusive');
    expect(verdictOn(nameOnly, [...seats].reverse())).toBe('inconclusive');
  });

  it('takes the stack at send from the seat that carries the id, or none when the name is ambiguous', () => {
    const seats = [guest, { seat_id: 2, player_id: 'p-alice', name: 'Alice', stack: 120 }];
    expect(sendingFacts({ playerId: 'p-alice', playerName: 'Alice' }, reading(seats), false).stack).toBe(120);
    const anonymous = [guest, { seat_id: 2, player_id: null, name: 'Alice', stack: 120 }];
    expect(sendingFacts({ playerId: null, playerName: 'Alice' }, reading(anonymous), false).stack).toBeNull();
  });
});
