/** The reconciliation in words and in the CSV, and the keeper's updates read as the ledger's notes. */
import { describe, expect, it } from 'vitest';
import { reconcile } from '../../../main/core/cashier/reconcile/match';
import { reconciliationCsv, reconciliationLines } from '../../../main/core/cashier/reconcile/report';
import { streamNoteReader } from '../../../main/core/cashier/reconcile/stream-notes';
import type { KeeperStatus } from '../../../main/core/venue/live-keeper-types';
import { T0, movementFixture, otherWriterTopUpFixture } from '../../support/cashier-fixtures';
import { localIso } from '../../../preload/contract/local-time';

// A name a spreadsheet would read as a formula.
const topUp = otherWriterTopUpFixture({ name: '=Bob' });

function night() {
  const lost = movementFixture({
    key: 'mv-lost-00001',
    state: 'applied',
    mayHaveReachedHost: true,
    settlement: { at: T0 + 10, how: 'answered', body: { ok: true }, refusal: null },
  });
  const result = reconcile({
    movements: [lost],
    ledger: { events: [topUp], gaps: [{ from: 0, to: T0 - 5_000, reason: 'not-watched' }], watchingSince: T0 - 5_000 },
    span: { from: T0 - 1_000, to: T0 + 100_000 },
    now: T0 + 100_000,
  });
  return { result, movements: [lost] };
}

describe('reconciliation report', () => {
  it('writes the summary lines with amounts in the drawer unit, or none', () => {
    const { result } = night();
    const lines = reconciliationLines(result, 'dollars');
    expect(lines[0]).toEqual([
      'Venue check',
      '1 not yet seen by the venue; 1 movement at the table not through this cashier',
    ]);
    expect(lines).toContainEqual(['Not through us', '1 other writer movement, net +$404.00']);
    expect(lines).toContainEqual(['  at the table', 'buy-in =Bob seat 4 +$404.00']);
    expect(reconciliationLines(result, null)).toContainEqual(['Not through us', '1 other writer movement']);
  });

  it('writes the CSV file of its own: formula-safe, without amounts when the venue hides them', () => {
    const { result, movements } = night();
    const csv = reconciliationCsv(result, movements, false).split('\r\n');
    expect(csv[0]).toBe('section,at,kind,player_name,seat_id,delta,idempotency_key,detail');
    expect(csv[1]).toBe('status,,,,,,,1 not yet seen by the venue; 1 movement at the table not through this cashier');
    expect(csv).toContain(
      `not_seen_by_venue,${localIso(T0 + 10)},buy-in,Alice,1,,mv-lost-00001,` + '"applied, no venue event seen"',
    );
    expect(csv).toContain(`not_through_this_cashier,${localIso(T0 + 50)},buy-in,'=Bob,4,404,,transaction`);
    const hidden = reconciliationCsv(result, movements, true);
    expect(hidden).toContain('section,at,kind,player_name,seat_id,idempotency_key,detail');
    expect(hidden).not.toContain('404');
  });

  it('reads keeper updates as notes: transaction events with their seq, gaps, verdicts, and a drop', () => {
    let now = 1_000;
    const read = streamNoteReader(() => now);
    const status = (phase: KeeperStatus['phase']) =>
      read({ type: 'status', status: { phase, since: 0, attempt: 0 } as unknown as KeeperStatus });
    expect(status('connecting')).toBeNull();
    expect(status('open')).toBeNull();
    const event = read({
      type: 'event',
      at: 1_100,
      catchUp: true,
      event: {
        type: 'event',
        seq: 7,
        ts: 1_700_000_000,
        kind: 'transaction_applied',
        payload: { kind: 'buy_in', delta: 5 },
      },
    } as never);
    expect(event).toMatchObject({ type: 'event', at: 1_100, seq: 7, venueTs: 1_700_000_000_000, catchUp: true });
    expect(
      read({
        type: 'event',
        at: 1,
        catchUp: false,
        event: { seq: 8, ts: 1, kind: 'start_hand', payload: {} },
      } as never),
    ).toBeNull();
    now = 2_000;
    expect(status('reconnecting')).toEqual({ type: 'drop', at: 2_000 });
    expect(status('connecting')).toBeNull();
    expect(read({ type: 'resume', verdict: 'complete' })).toEqual({ type: 'resume', at: 2_000, verdict: 'complete' });
    expect(
      read({ type: 'gap', gap: { afterSeq: 7, resumedAtSeq: 20, runEpoch: 0, reason: 'buffer-evicted' } }),
    ).toEqual({ type: 'gap', at: 2_000, reason: 'buffer-evicted' });
  });
});
