/** When the link re-reads GET /venue: a close-session cash-out that applied, or a new session_id. */
import { afterEach, describe, expect, it } from 'vitest';
import type { CashierSnapshot } from '../../../main/core/cashier';
import { FactsRefresher } from '../../../main/core/session/facts-refresh';

let refresher: FactsRefresher | null = null;
afterEach(() => refresher?.close());

function cashier(movements: Array<{ key: string; closeSession: boolean; state: string }>): CashierSnapshot {
  return { movements } as unknown as CashierSnapshot;
}

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
    refresher.noteTransaction({ session_id: 's1' });
    refresher.noteTransaction({ session_id: 's1' });
    refresher.noteTransaction(null);
    refresher.noteTransaction({ session_id: { nested: true } });
    expect(refreshes).toBe(0);
    refresher.noteTransaction({ session_id: 2 });
    expect(refreshes).toBe(1);
  });

  it('refreshes periodically', async () => {
    let refreshes = 0;
    refresher = new FactsRefresher(() => (refreshes += 1), 20);
    await expect.poll(() => refreshes, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
  });
});
