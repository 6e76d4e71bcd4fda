/**
 * One press, one movement, in real Chromium against the demo venue: a double-click and a double Enter on the buy-in
 * and cash-out controls each leave exactly one movement in the venue's own ledger.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';
import { webAppPerFile } from '../support/web-app-fixture';
import { nthSeatedPlayer, openCashier } from '../support/demo-table';

let app: WebApp;

webAppPerFile(
  (started) => {
    app = started;
  },
  { held: true },
);

/** Seated players with chips, one per test (a player's unsettled movement would refuse the next one anyway). */
const player = (index: number) => nthSeatedPlayer(app, index, { minStack: 51 });

/** The venue's ledger entries for a seat, once every movement asked so far has had time to land. */
async function settledLedgerFor(seatId: number, before: number) {
  await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 10_000 }).toBeGreaterThan(before);
  // Give a second movement (if any slipped through) every chance to land before counting.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return app.demo.inspect.ledger().filter((entry, index) => index >= before && entry.seat_id === seatId);
}

/**
 * Opens player `index`'s cashier, lets `press` press twice, and returns the venue's new ledger entries for that seat
 * once everything asked had time to land.
 */
async function pressedTwice(index: number, press: (dialog: Locator) => Promise<void>) {
  const who = player(index);
  const before = app.demo.inspect.ledger().length;
  const dialog = await openCashier(app.page, who);
  await press(dialog);
  const entries = await settledLedgerFor(who.seatId, before);
  await screenshot(app.page, `double-press-${index}`);
  await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
  return entries;
}

/** Types an amount into a field and presses Enter twice (a bounced key). */
const enterTwice = (label: string, amount: string) => async (dialog: Locator) => {
  await dialog.getByLabel(label).fill(amount);
  await dialog.getByLabel(label).press('Enter');
  await app.page.keyboard.press('Enter');
};

describe('one press, one movement', BROWSER_RETRY, () => {
  it('a double-click on a buy-in preset is one buy-in', async () => {
    const entries = await pressedTwice(0, (dialog) => dialog.getByRole('button', { name: 'Buy in 100' }).dblclick());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'buy_in', amount: 100 });
  });

  it('a double Enter in the custom buy-in is one buy-in', async () => {
    const entries = await pressedTwice(1, enterTwice('Custom buy-in amount', '35'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'buy_in', amount: 35 });
  });

  it('a double Enter in the partial cash-out is one cash-out', async () => {
    const entries = await pressedTwice(2, enterTwice('Partial cash-out amount', '10'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'cash_out', amount: 10 });
  });

  it('a double-click on "Cash out all" is one cash-out', async () => {
    const entries = await pressedTwice(3, (dialog) =>
      dialog.getByRole('button', { name: 'Cash out all', exact: true }).dblclick(),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'cash_out', stack_after: 0 });
  });
});
