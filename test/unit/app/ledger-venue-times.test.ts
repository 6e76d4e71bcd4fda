/**
 * The ledger's "applied at" where the venue's own record shows the movement: the time comes from the event the
 * reconciliation paired it with (the venue's stamp), never from when this PC heard of it.
 */
import { describe, expect, it } from 'vitest';
import type { Movement } from '../../../main/core/cashier/index';
import { reconcile } from '../../../main/core/cashier/reconcile/match';
import type { VenueEvent } from '../../../main/core/cashier/reconcile/types';
import { venueTimesOf } from '../../../main/core/session/ledger-link';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

/** The venue applied it 2 min 46 s before this PC received its event (the tester's 17:33:06 against 17:35:52). */
const VENUE_STAMP = T0 - 166_000 + 30_000;

function event(overrides: Partial<VenueEvent> = {}): VenueEvent {
  const { observedAt: _observedAt, ...fields } = appliedEventFixture({ session_id: 's-1' });
  return { ...fields, run: 0, seq: 1, venueTs: VENUE_STAMP, receivedAt: T0 + 5, catchUp: true, ...overrides };
}

const applied: Movement = movementFixture({
  key: 'mv-venue-time-01',
  state: 'applied',
  mayHaveReachedHost: true,
  settlement: { at: T0 + 10, how: 'answered', body: { ok: true }, refusal: null },
});

function timesWith(events: VenueEvent[]): ReadonlyMap<string, number> {
  const ledger = { events, gaps: [], watchingSince: T0 - 60_000 };
  return venueTimesOf(
    reconcile({ movements: [applied], ledger, span: { from: T0 - 1_000, to: null }, now: T0 + 60_000 }),
  );
}

describe("the ledger's venue time", () => {
  it("is the paired event's own stamp, not when it was received", () => {
    expect(timesWith([event()]).get(applied.key)).toBe(VENUE_STAMP);
  });

  it('is absent where the record has no stamp, or no event for the movement', () => {
    expect(timesWith([event({ venueTs: null })]).has(applied.key)).toBe(false);
    expect(timesWith([]).has(applied.key)).toBe(false);
    expect(venueTimesOf(null).size).toBe(0);
  });
});
