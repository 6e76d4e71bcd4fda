/**
 * In Chromium on the demo venue: a buy-in queued for a seat during a hand; the table operator renames
 * that seat before the hand ends; the buy-in goes out by name and the venue seats a new player of that name on an
 * empty seat. The card says so in its own colour and words (not a green "applied"), names where the money went, and
 * the shift's reconciliation books it once, as ours, applied to another seat: never "not seen by the venue" and
 * never "not through this cashier".
 */
import { describe, expect, it } from 'vitest';
import { screenshot, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';
import { buyInQueuedMidHand, closeOnPlainTotal, openCloseShift, screenButton } from '../support/demo-table';
import { webAppPerTest } from '../support/web-app-fixture';

let app: WebApp;

webAppPerTest((started) => {
  app = started;
});

describe('a buy-in the venue applied to another seat (the seat was renamed while it was queued)', BROWSER_RETRY, () => {
  it('shows its own colour and where the money went, and the reconciliation books it once as ours', async () => {
    const { player, item: card } = await buyInQueuedMidHand(app, 100);
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
    await screenButton(app.page, 'Cashier').click();
    const closed = await closeOnPlainTotal(app.page, await openCloseShift(app.page), String(expected));
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
