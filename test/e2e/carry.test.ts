/**
 * Closing a shift with a movement in doubt, in Chromium on the demo venue: the close form says before the count that
 * it will be carried, the closed shift lists it as an open exception, and the next shift counts it once the venue's
 * lost answer lands. The closed shift's figures never change.
 */
import { describe, expect, it } from 'vitest';
import type { WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';
import { closeOnPlainTotal, openCashier, openCloseShift, seatedPlayer } from '../support/demo-table';
import { webAppPerTest } from '../support/web-app-fixture';

let app: WebApp;

webAppPerTest(
  (started) => {
    app = started;
  },
  { held: true },
);

const AMOUNT = 437;

const cashierShifts = () => app.runtime.session.snapshot().cashier.shifts;

describe('close with a movement in doubt', BROWSER_RETRY, () => {
  it('closes, lists it as carried, and the next shift counts it once the venue answers', async () => {
    const player = seatedPlayer(app);
    app.demo.faults.timeoutNextMovements(1, 'applied-answer-lost');
    const cashier = await openCashier(app.page, player);
    await cashier.getByLabel('Custom buy-in amount').fill(String(AMOUNT));
    await cashier.getByRole('button', { name: 'Buy in', exact: true }).click();
    const doubt = app.page.getByRole('dialog', { name: 'Movement in doubt' });
    await doubt.waitFor({ timeout: 15_000 });
    await doubt.getByRole('button', { name: 'Leave in doubt' }).click();
    const closeCashier = cashier.getByRole('button', { name: /^Close Cashier/ });
    if (await closeCashier.isVisible()) await closeCashier.click();
    const firstId = cashierShifts().current?.id;
    const expectedBefore = cashierShifts().current?.expected;

    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Cashier' }).click();
    const dialog = await openCloseShift(app.page);
    await expect.poll(() => dialog.getByTestId('carried-at-close').textContent()).toContain(`${player.name}, buy-in`);
    const closed = await closeOnPlainTotal(app.page, dialog, String(expectedBefore));
    const carried = closed.getByTestId('summary-carried');
    await expect.poll(() => carried.getByTestId('carried-amount').first().textContent()).toMatch(/^437(\b|\s)/);
    expect(await carried.getByRole('row').filter({ hasText: player.name }).count()).toBe(1);
    const pastFirst = () => cashierShifts().past.find((shift) => shift.id === firstId);
    const firstClose = pastFirst();
    expect([firstClose?.expected, firstClose?.buyIns !== null]).toEqual([expectedBefore, true]);

    const handOver = closed.getByRole('region', { name: 'Hand over the drawer' });
    await handOver.getByLabel('Operator').fill('Cora');
    await handOver.getByRole('button', { name: 'Open the next shift' }).click();
    await expect.poll(() => cashierShifts().current?.operator).toBe('Cora');
    const float = cashierShifts().current?.openingFloat ?? 0;
    expect(cashierShifts().current?.expected).toBe(float);
    app.demo.faults.releaseLostAnswers();
    await expect.poll(() => cashierShifts().current?.expected, { timeout: 20_000 }).toBe(float + AMOUNT);
    // The closed shift's figures are those of its close: the buy-in counted in the next shift only.
    expect(pastFirst()).toEqual(firstClose);
  });
});
