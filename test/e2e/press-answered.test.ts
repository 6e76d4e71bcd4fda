/**
 * Every press answered, and a press that would be refused said before it: in real Chromium against the demo venue.
 * With no shift open the money buttons are disabled with the reason and a way to open one; "Send now" mid-hand says
 * the hand is still running; a queued movement with no live table view says why it waits and what can be done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { buyInQueuedMidHand, openCashier, seatedPlayer } from '../support/demo-table';
import { FAST_DEMO, TEST_OPERATOR, closeDialogs, screenshot, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;

// The app starts with no shift open; the tests that move money open one themselves.
freshAfterFailure(async () => {
  app = await startWebApp(FAST_DEMO, { openShift: false });
  return app;
});
afterEach(() => closeDialogs(app.page));

async function ensureShift(): Promise<void> {
  if (app.runtime.session.snapshot().cashier.shifts.current !== null) return;
  const opened = await app.runtime.session.invoke('cashier:open-shift', [0, { operator: TEST_OPERATOR }]);
  expect(opened.ok).toBe(true);
}

describe('a press answered, a refusal said first', BROWSER_RETRY, () => {
  it('with no shift open the money buttons are disabled, with the reason and the way to open one', async () => {
    expect(app.runtime.session.snapshot().cashier.shifts.current).toBeNull();
    const player = seatedPlayer(app);
    const dialog = await openCashier(app.page, player);
    const notice = dialog.getByTestId('shift-needed');
    await expect.poll(() => notice.textContent()).toMatch(/^Open a shift first/);
    expect(await dialog.getByRole('button', { name: 'Cash out all', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Custom buy-in amount').isDisabled()).toBe(true);
    await screenshot(app.page, 'no-shift-seat');
    await notice.getByRole('button', { name: 'Open a shift' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => app.page.getByTestId('no-shift').isVisible()).toBe(true);

    await app.page.getByRole('button', { name: 'Walk-in buy-in (W)' }).first().click();
    const walkIn = app.page.getByRole('dialog', { name: 'Walk-in buy-in' });
    await expect.poll(() => walkIn.getByTestId('shift-needed').textContent()).toMatch(/^Open a shift first/);
    expect(await walkIn.getByLabel('Player name').isDisabled()).toBe(true);
    expect(app.runtime.session.snapshot().cashier.tray).toEqual([]);
  });

  it('"Send now" during a hand says the hand is still running, and the movement goes when it ends', async () => {
    await ensureShift();
    const { item, ledgerBefore: before } = await buyInQueuedMidHand(app, 200);
    expect(await item.getByTestId('movement-state').textContent()).toBe('queued until the hand ends');
    await item.getByRole('button', { name: /^Send now:/ }).click();
    await expect
      .poll(() => item.getByTestId('send-now-answer').textContent(), { timeout: 10_000 })
      .toBe('The hand is still running: the venue did not take it now. It goes when the hand ends.');
    expect(app.demo.inspect.ledger()).toHaveLength(before);
    await screenshot(app.page, 'send-now-mid-hand');
    app.demo.faults.resumeTable();
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 15_000 }).toBe('applied');
    expect(app.demo.inspect.ledger()).toHaveLength(before + 1);
  });

  it('a queued movement with the table view cut says why it waits and what the cashier can do', async () => {
    await ensureShift();
    const { item, ledgerBefore: before } = await buyInQueuedMidHand(app, 100);
    expect(await item.getByTestId('movement-state').textContent()).toBe('queued until the hand ends');
    // The view is cut, then the hand ends at the venue: the app cannot see it end.
    app.demo.faults.cutTableView(true);
    app.demo.faults.resumeTable();
    await expect
      .poll(() => item.getByTestId('movement-state').textContent(), { timeout: 15_000 })
      .toBe('queued: no live table view');
    expect(await item.getByTestId('movement-sentence').textContent()).toMatch(
      /^The table view is not live, so the app cannot tell whether a hand is running: nothing was sent\./,
    );
    expect(await item.getByRole('button', { name: /^Cancel:/ }).isEnabled()).toBe(true);
    await screenshot(app.page, 'queued-view-cut');
    app.demo.faults.cutTableView(false);
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 20_000 }).toBe('applied');
    expect(app.demo.inspect.ledger()).toHaveLength(before + 1);
  });
});
