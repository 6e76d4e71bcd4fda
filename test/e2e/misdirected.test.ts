/**
 * In Chromium on the demo venue: a buy-in queued for a seat during a hand; the table operator renames
 * that seat before the hand ends; the buy-in goes out by name and the venue seats a new player of that name on an
 * empty seat. The card says so in its own colour and words (not a green "applied"), names where the money went, and
 * the shift's reconciliation books it once, as ours, applied to another seat: never "not seen by the venue" and
 * never "not through this cashier".
 */
import type { Locator } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenshot, startWebApp, FAST_DEMO, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';

let app: WebApp;

beforeEach(async () => {
  app = await startWebApp(FAST_DEMO);
});
afterEach(async () => {
  await app?.close();
});

function seatedPlayer() {
  const seat = app.demo.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
  if (seat === undefined || seat.name === null) throw new Error('no seated player at the demo table');
  return { seatId: seat.seat_id, name: seat.name };
}

const trayItem = (text: string): Locator =>
  app.page.getByRole('region', { name: 'Unsettled tray' }).getByRole('listitem').filter({ hasText: text }).first();

describe('a buy-in the venue applied to another seat (the seat was renamed while it was queued)', BROWSER_RETRY, () => {
  it('shows its own colour and where the money went, and the reconciliation books it once as ours', async () => {
    app.demo.faults.resumeTable();
    await expect.poll(() => app.demo.inspect.trueTable().between_hands, { timeout: 10_000 }).toBe(false);
    app.demo.faults.pauseTable();
    const player = seatedPlayer();
    await app.page.getByRole('button', { name: `Open cashier for ${player.name} (seat ${player.seatId})` }).click();
    const dialog = app.page.getByRole('dialog', { name: `Cashier: ${player.name} (seat ${player.seatId})` });
    await dialog.getByRole('button', { name: 'Buy in 100' }).click();
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    const card = trayItem(`Buy in 100 chips · ${player.name}`);
    await expect
      .poll(() => card.getByTestId('movement-state').textContent(), { timeout: 10_000 })
      .toMatch(/^queued until the hand ends/);
    // The operator renames the seat mid-hand: the player's name is no longer at the table when the buy-in leaves.
    app.demo.faults.renameSeat(player.seatId, 'Renamed Seat');
    app.demo.faults.resumeTable();
    await expect
      .poll(() => app.demo.inspect.ledger().filter((entry) => entry.amount === 100 && entry.name === player.name), {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const landed = app.demo.inspect.ledger().find((entry) => entry.amount === 100 && entry.name === player.name);
    expect(landed?.seat_id).not.toBe(player.seatId);
    const where = landed?.seat_id as number;

    await expect.poll(() => card.getAttribute('data-tone'), { timeout: 15_000 }).toBe('misdirected');
    expect(await card.getByTestId('movement-state').textContent()).toBe('APPLIED TO ANOTHER SEAT');
    expect(await card.getAttribute('class')).not.toContain('tone-applied');
    const alarm = await card.getByTestId('misdirected-alarm').textContent();
    expect(alarm).toContain(
      `The 100 went to ${player.name} on seat ${where}: settle it with the table before buying in again.`,
    );
    expect(alarm).toMatch(/^APPLIED TO ANOTHER SEAT\. The venue applied it to seat /);
    expect(alarm).toContain(`seat ${where} (${player.name}), not seat ${player.seatId}.`);
    await screenshot(app.page, 'misdirected-card');

    // The shift closes; its summary's reconciliation counts it in its own row, once, in this drawer.
    const expected = app.runtime.session.snapshot().cashier.shifts.current?.expected;
    if (expected === undefined) throw new Error('no open shift');
    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Cashier' }).click();
    await app.page
      .getByRole('region', { name: 'Shift' })
      .getByRole('button', { name: 'Close shift', exact: true })
      .click();
    const close = app.page.getByRole('dialog', { name: 'Close shift' });
    await close.getByLabel('Plain total').check();
    await close.getByLabel(/^Counted cash/).fill(String(expected));
    await close.getByRole('button', { name: 'Close shift…' }).click();
    await app.page
      .getByRole('dialog', { name: 'Confirm the close' })
      .getByRole('button', { name: 'Close shift', exact: true })
      .click();
    const closed = app.page.getByRole('dialog', { name: 'Shift closed' });
    const section = closed.getByRole('region', { name: 'Venue reconciliation' });
    await expect.poll(() => section.getByTestId('reconcile-misdirected').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await section.getByTestId('reconcile-ours-unmatched').textContent()).toBe('0');
    expect(await section.getByTestId('reconcile-theirs').innerText()).toMatch(/^0 by other writers/);
    const items = await section.getByTestId('reconcile-misdirected-list').getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(1);
    expect(items[0]).toContain(`${player.name} (seat ${where}) · +100 chips`);
    expect(await section.getByTestId('reconcile-explained').innerText()).toBe(
      'The venue recorded +100 chips at the table this shift: +100 chips through this cashier (in this drawer) and ' +
        '+0 chips not through this cashier (not in this drawer).',
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(app.page, 'misdirected-summary');
  });
});
