/**
 * A buy-in queued for seat 2 while the table renamed that seat went out by name, and the venue
 * seated a second player of that name on seat 6. The movement is ours, applied to another seat: booked once, in this
 * drawer, never "not seen" and never "not through this cashier".
 */
import { describe, expect, it } from 'vitest';
import type { Movement } from '../../../main/core/cashier/index';
import { reconcile } from '../../../main/core/cashier/reconcile/match';
import {
  reconciliationCsv,
  reconciliationLines,
  reconciliationStatus,
} from '../../../main/core/cashier/reconcile/report';
import type { LedgerView, VenueEvent } from '../../../main/core/cashier/reconcile/types';
import { reconciliationView } from '../../../main/core/session/reconciliation-view';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

function event(seq: number, overrides: Partial<VenueEvent>): VenueEvent {
  const { observedAt: _observedAt, ...fields } = appliedEventFixture({ session_id: 's-1' });
  return { ...fields, run: 0, seq, venueTs: T0 + seq, receivedAt: T0 + seq, catchUp: false, ...overrides };
}

const watched = (events: VenueEvent[]): LedgerView => ({
  events,
  gaps: [{ from: 0, to: T0 - 60_000, reason: 'not-watched' }],
  watchingSince: T0 - 60_000,
});

/** What the venue applied for Ines: on seat 6 (another Ines Jensen's profile), not on seat 2 as asked. */
const INES_AT_SEAT_6 = {
  seat_id: 6,
  player_id: 'p-ines-seat6',
  name: 'Ines Jensen',
  amount: 100,
  delta: 100,
  stack_before: 0,
  stack_after: 100,
} as const;

/** Alice's clean 150 on seat 1, and Ines's 100 asked for seat 2 that the venue applied to a new Ines on seat 6. */
function night(): { movements: Movement[]; ledger: LedgerView } {
  const alice = movementFixture({
    key: 'mv-alice-0001',
    amount: 150,
    state: 'applied',
    mayHaveReachedHost: true,
    settlement: { at: T0 + 3, how: 'answered', body: { ok: true, seat_id: 1, delta: 150 }, refusal: null },
  });
  const ines = movementFixture({
    key: 'mv-ines-00001',
    playerName: 'Ines Jensen',
    playerId: 'p-ines-seat2',
    seatId: 2,
    amount: 100,
    stackAtSend: 240,
    firstSentAt: T0 + 10,
    createdAt: T0 + 10,
    state: 'applied',
    mayHaveReachedHost: true,
    flags: ['misdirected'],
    settlement: {
      at: T0 + 14,
      how: 'answered',
      body: { ok: true, ...INES_AT_SEAT_6 },
      refusal: null,
    },
  });
  const events = [
    event(2, { amount: 150, delta: 150, stack_before: 100, stack_after: 250 }),
    event(12, INES_AT_SEAT_6),
  ];
  return { movements: [alice, ines], ledger: watched(events) };
}

const span = { from: T0 - 1_000, to: null };
const now = T0 + 120_000;

describe('a misdirected buy-in in the reconciliation', () => {
  it('is ours, on seat 6: never "not seen", never "not through this cashier", counted once in the drawer', () => {
    const { movements, ledger } = night();
    const result = reconcile({ movements, ledger, span, now });
    expect(result.oursUnmatched).toEqual([]);
    expect(result.theirs).toEqual([]);
    expect(result.otherWriters.count).toBe(0);
    expect(result.matched.map((pair) => pair.key)).toEqual(['mv-alice-0001']);
    expect(result.misdirected.map((pair) => [pair.key, pair.event.seat_id])).toEqual([['mv-ines-00001', 6]]);
    expect(reconciliationStatus(result)).not.toMatch(/all .* confirmed/);
    const view = reconciliationView(result, movements);
    expect(view.oursNet).toBe(250);
    expect(view.tableNet).toBe(250);
    expect(view.tone).toBe('attention');
    expect(view.oursUnmatched).toEqual([]);
    expect(view.theirs).toEqual([]);
    expect(view.misdirected).toHaveLength(1);
    expect(view.misdirected[0]).toMatchObject({ seatId: 6, amount: 100, playerName: 'Ines Jensen', source: 'ours' });
  });

  it('is one exception line of the printed summary, and nothing else names it', () => {
    const { movements, ledger } = night();
    const result = reconcile({ movements, ledger, span, now });
    const lines = reconciliationLines(result, 'chips', movements);
    const rows = new Map(lines.map(([label, value]) => [label.trim(), value]));
    expect(rows.get('Not seen')).toBe('0');
    expect(rows.get('Misdirected')).toBe('1');
    expect(rows.has('at the table')).toBe(false);
    expect(lines.filter(([label]) => label.trim() === 'misdirected')).toEqual([
      [
        '  misdirected',
        'buy-in for Ines Jensen on seat 2: the venue applied +100 chips to Ines Jensen on seat 6; ' +
          'settle it with the table before buying in again',
      ],
    ]);
  });

  it('is one CSV row of its own, in the misdirected section, with the amount in the delta cell', () => {
    const { movements, ledger } = night();
    const result = reconcile({ movements, ledger, span, now });
    const lines = reconciliationCsv(result, movements, false).split('\r\n');
    const header = (lines[0] ?? '').split(',');
    const cells = lines.slice(1).map((line) => line.split(','));
    const column = (name: string): number => header.indexOf(name);
    const misdirected = cells.filter((row) => row[column('section')] === 'misdirected');
    expect(misdirected).toHaveLength(1);
    expect(misdirected[0]?.[column('seat_id')]).toBe('6');
    expect(misdirected[0]?.[column('delta')]).toBe('100');
    expect(misdirected[0]?.[column('idempotency_key')]).toBe('mv-ines-00001');
    expect(cells.filter((row) => row[column('idempotency_key')] === 'mv-ines-00001')).toHaveLength(1);
    expect(cells.some((row) => row[column('section')] === 'not_seen_by_venue')).toBe(false);
    expect(cells.some((row) => row[column('section')] === 'not_through_this_cashier')).toBe(false);
  });
});
