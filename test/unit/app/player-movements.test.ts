/** A player's movements through this cashier for their profile: theirs only, by the venue's time. */
import { describe, expect, it } from 'vitest';
import type { Movement } from '../../../main/core/cashier/index';
import { playerMovements } from '../../../main/core/session/player-movements';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

function applied(
  key: string,
  overrides: Partial<Movement>,
  venueSeconds: number | null,
  hand: number | null,
): Movement {
  return movementFixture({
    key,
    state: 'applied',
    mayHaveReachedHost: true,
    settlement: {
      at: T0 + 10,
      how: 'answered',
      body: { ok: true },
      refusal: null,
      claimedEvent:
        venueSeconds === null
          ? null
          : {
              ...appliedEventFixture({
                hand_number: hand,
                amount: overrides.amount ?? null,
                delta: overrides.amount ?? null,
              }),
              venueTs: venueSeconds,
            },
    },
    ...overrides,
  });
}

describe("a player's cashier movements", () => {
  const ava = { playerId: 'p-ava', name: 'Ava Brennan' };
  // Applied later by the venue but journaled first: the venue's time orders them.
  const late = applied(
    'mv-late-000001',
    { playerId: 'p-ava', playerName: 'Ava Brennan', amount: 200 },
    1_700_000_300,
    12,
  );
  const early = applied(
    'mv-early-00001',
    { playerId: 'p-ava', playerName: 'Ava Brennan', amount: 100 },
    1_700_000_100,
    9,
  );
  // A namesake with another id is never hers; a refused movement is not a movement of money.
  const namesake = applied(
    'mv-other-00001',
    { playerId: 'p-other', playerName: 'Ava Brennan', amount: 50 },
    1_700_000_200,
    10,
  );
  const refused = movementFixture({
    key: 'mv-refused-001',
    playerId: 'p-ava',
    playerName: 'Ava Brennan',
    state: 'refused',
  });

  it('lists hers only, oldest first by the venue time, with its hand number and amount', () => {
    const rows = playerMovements([late, namesake, early, refused, early], ava, false);
    expect(rows.map((row) => row.id)).toEqual(['mv-early-00001', 'mv-late-000001']);
    expect(rows[0]).toMatchObject({ at: 1_700_000_100_000, venueTime: true, handNumber: 9 });
    expect(rows.map((row) => row.amount)).toEqual([100, 200]);
  });

  it("names no amount in hidden mode, and says when the time is only this PC's", () => {
    const unstamped = applied(
      'mv-nostamp-001',
      { playerId: 'p-ava', playerName: 'Ava Brennan', amount: 75 },
      null,
      null,
    );
    const rows = playerMovements([unstamped], ava, true);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: null, venueTime: false, handNumber: null });
  });
});
