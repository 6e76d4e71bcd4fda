/**
 * The venue check in real Chromium against the demo venue: this cashier buys in, the table operator tops two players
 * up through another writer (real POSTs with the venue key and their own idempotency keys) and corrects a stack
 * (seat_edit). The cashier screen says our movement is confirmed and three happened at the table without us; the
 * shift close shows them apart from ours, with their totals, and explains the table's money against the drawer's.
 */
import { describe, expect, it } from 'vitest';
import { postTransaction } from '../../main/core/venue/transaction';
import { formatChips } from '../../renderer/shared/money';
import { BROWSER_RETRY } from '../support/browser-retry';
import { screenshot, type WebApp } from '../support/web-app';
import { closeOnPlainTotal, nthSeatedPlayer, openCashier, openCloseShift, screenButton } from '../support/demo-table';
import { webAppPerFile } from '../support/web-app-fixture';

let app: WebApp;

// A fresh app after a failed attempt: the retry's buy-in and top-ups must be the only ones the shift has seen.
webAppPerFile((started) => {
  app = started;
});

async function operatorTopUp(name: string, amount: number, key: string): Promise<void> {
  const answer = await postTransaction({ baseUrl: app.demo.baseUrl, key: app.demo.key, timeoutMs: 5_000 }, 'buy-in', {
    player_name: name,
    amount,
    idempotency_key: key,
  });
  expect(answer.kind).toBe('answered');
}

describe('venue reconciliation', BROWSER_RETRY, () => {
  it('shows top-ups and a correction made at the table apart from our movements, at the shift close', async () => {
    await app.demo.faults.holdBetweenHands();
    const ours = nthSeatedPlayer(app, 0, { minStack: 101 });
    const topped = nthSeatedPlayer(app, 1, { minStack: 101 });
    const corrected = nthSeatedPlayer(app, 2, { minStack: 101 });

    const before = app.demo.inspect.ledger().length;
    await screenButton(app.page, 'Table').click();
    const dialog = await openCashier(app.page, ours);
    await dialog.getByRole('button', { name: 'Buy in 100' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toMatch(/: (sent to the venue|applied by the venue|A hand is in progress)/);
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 10_000 }).toBe(before + 1);

    await operatorTopUp(topped.name, 300, `operator-topup-${Date.now()}-1`);
    await operatorTopUp(topped.name, 404, `operator-topup-${Date.now()}-2`);
    const correctedStack = app.demo.inspect.trueTable().seats.find((seat) => seat.seat_id === corrected.seatId)?.stack;
    app.demo.faults.seatEdit(corrected.seatId, (correctedStack ?? 200) - 50);

    await screenButton(app.page, 'Cashier').click();
    const status = app.page.getByTestId('reconcile-status');
    await expect
      .poll(() => status.textContent(), { timeout: 10_000 })
      .toBe('Venue check: all 1 movement confirmed by the venue; 3 movements at the table not through this cashier');
    await screenshot(app.page, 'reconcile-status');

    const closed = await closeOnPlainTotal(app.page, await openCloseShift(app.page), '100');
    const section = closed.getByRole('region', { name: 'Venue reconciliation' });
    await expect.poll(() => section.getByTestId('reconcile-matched').textContent()).toBe('1');
    expect(await closed.getByTestId('shift-variance').textContent()).toBe('Variance: balanced');
    expect(await section.getByTestId('reconcile-ours-unmatched').textContent()).toBe('0');
    expect(await section.getByTestId('reconcile-theirs').innerText()).toBe(
      `2 by other writers (+${formatChips(704)} chips), 1 correction (−${formatChips(50)} chips)`,
    );
    const theirs = await section.getByTestId('reconcile-theirs-list').getByRole('listitem').allInnerTexts();
    expect(theirs).toHaveLength(3);
    expect(theirs.filter((line) => line.includes(topped.name))).toHaveLength(2);
    expect(theirs.some((line) => line.includes('correction') && line.includes(corrected.name))).toBe(true);
    expect(await section.getByTestId('reconcile-explained').innerText()).toBe(
      `The venue recorded +${formatChips(754)} chips at the table this shift: +${formatChips(100)} chips through ` +
        `this cashier (in this drawer) and +${formatChips(654)} chips not through this cashier (not in this drawer).`,
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(app.page, 'reconcile-shift-closed');
  });
});
