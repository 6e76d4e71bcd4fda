/** When the link re-reads GET /venue: a close-session cash-out that applied, or a new session_id. */
import { afterEach, describe, expect, it } from 'vitest';
import type { CashierSnapshot } from '../../../main/core/cashier';
import { FactsRefresher } from '../../../main/core/session/facts-refresh';
import { TransactionAppliedSchema, type TransactionApplied } from '../../../main/core/venue/schemas-live';

let refresher: FactsRefresher | null = null;
afterEach(() => refresher?.close());

function cashier(movements: Array<{ key: string; closeSession: boolean; state: string }>): CashierSnapshot {
  return { movements } as unknown as CashierSnapshot;
}

/** A transaction_applied payload as the live feed parses it (the only way one reaches the refresher). */
const applied = (sessionId: unknown): TransactionApplied =>
  TransactionAppliedSchema.parse({ kind: 'buy_in', session_id: sessionId });

describe('FactsRefresher', () => {
  it('refreshes once when a close-session cash-out applies, not for others or again', () => {
    let refreshes = 0;
    refresher = new FactsRefresher(() => (refreshes += 1), 3_600_000);
    refresher.noteCashier(
      cashier([
        { key: 'a', closeSession: false, state: 'applied' },
        { key: 'b', closeSession: true, state: 'with-host' },
      ]),
    );
    expect(refreshes).toBe(0);
    refresher.noteCashier(cashier([{ key: 'b', closeSession: true, state: 'applied' }]));
    refresher.noteCashier(cashier([{ key: 'b', closeSession: true, state: 'applied' }]));
    expect(refreshes).toBe(1);
  });

  it('refreshes when transaction_applied names a new session, ignoring malformed payloads', () => {
    let refreshes = 0;
    refresher = new FactsRefresher(() => (refreshes += 1), 3_600_000);
    refresher.noteTransaction(applied('s1'));
    refresher.noteTransaction(applied('s1'));
    // A payload that is not an object never reaches the refresher: the live feed's parse refuses it.
    expect(TransactionAppliedSchema.safeParse(null).success).toBe(false);
    refresher.noteTransaction(applied({ nested: true }));
    expect(refreshes).toBe(0);
    refresher.noteTransaction(applied(2));
    expect(refreshes).toBe(1);
  });

  it('refreshes periodically', async () => {
    let refreshes = 0;
    refresher = new FactsRefresher(() => (refreshes += 1), 20);
    await expect.poll(() => refreshes, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
  });
});
