/**
 * Every press answered, and a press that would be refused said before it: in real Chromium against the demo venue.
 * With no shift open the money buttons are disabled with the reason and a way to open one; "Send now" mid-hand says
 * the hand is still running; a queued movement with no live table view says why it waits and what can be done.
 */
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { FAST_DEMO, TEST_OPERATOR, closeDialogs, screenshot, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;

// The app starts with no shift open; the tests that move money open one themselves.
freshAfterFailure(async () => {
  app = await startWebApp(FAST_DEMO, { openShift: false });
  return app;
});
afterEach(() => closeDialogs(app.page));

function seatedPlayer() {
  const seat = app.demo.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
  if (seat === undefined || seat.name === null) throw new Error('no seated player at the demo table');
  return { seatId: seat.seat_id, name: seat.name };
}

const trayItem = (text: string): Locator =>
  app.page.getByRole('region', { name: 'Unsettled tray' }).getByRole('listitem').filter({ hasText: text });

async function ensureShift(): Promise<void> {
  if (app.runtime.session.snapshot().cashier.shifts.current !== null) return;
  const opened = await app.runtime.session.invoke('cashier:open-shift', [0, { operator: TEST_OPERATOR }]);
  expect(opened.ok).toBe(true);
}

async function openCashier(seatId: number, name: string): Promise<Locator> {
  await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Table' }).click();
  await app.page.getByRole('button', { name: `Open cashier for ${name} (seat ${seatId})` }).click();
  const dialog = app.page.getByRole('dialog', { name: `Cashier: ${name} (seat ${seatId})` });
  await dialog.waitFor();
  return dialog;
}

/** Lets the table deal, then stops it with a hand in progress. */
async function stopMidHand(): Promise<void> {
  app.demo.faults.resumeTable();
  await expect.poll(() => app.demo.inspect.trueTable().between_hands, { timeout: 10_000 }).toBe(false);
  app.demo.faults.pauseTable();
  expect(app.demo.inspect.trueTable().between_hands).toBe(false);
}

describe('a press answered, a refusal said first', BROWSER_RETRY, () => {
  it('with no shift open the money buttons are disabled, with the reason and the way to open one', async () => {
    expect(app.runtime.session.snapshot().cashier.shifts.current).toBeNull();
    const player = seatedPlayer();
    const dialog = await openCashier(player.seatId, player.name);
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
    await stopMidHand();
    const player = seatedPlayer();
    const before = app.demo.inspect.ledger().length;
    const dialog = await openCashier(player.seatId, player.name);
    await dialog.getByRole('button', { name: 'Buy in 200' }).click();
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    const item = trayItem(`Buy in 200 chips · ${player.name}`);
    await expect
      .poll(() => item.getByTestId('movement-state').textContent(), { timeout: 10_000 })
      .toBe('queued until the hand ends');
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
    await stopMidHand();
    const player = seatedPlayer();
    const before = app.demo.inspect.ledger().length;
    const dialog = await openCashier(player.seatId, player.name);
    await dialog.getByRole('button', { name: 'Buy in 100' }).click();
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    const item = trayItem(`Buy in 100 chips · ${player.name}`);
    await expect
      .poll(() => item.getByTestId('movement-state').textContent(), { timeout: 10_000 })
      .toBe('queued until the hand ends');
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
