/**
 * A cashier's count is a decision, not an answer, in Chromium on the demo venue: a cash-out whose key is spent but
 * held by the host falls in doubt, the venue's own cashier makes the same change, and the cashier counts it as
 * applied on what the table shows. The key keeps being asked; when the host finally takes it, the stack no longer
 * allows it and the venue refuses it. The card turns to its own colour (not green), the expected cash takes the
 * count back out, and the shift summary lists the contradiction with the correction to make.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';
import { closeOnPlainTotal, openCashier, openCloseShift, screenButton, seatedPlayer } from '../support/demo-table';
import { webAppPerTest } from '../support/web-app-fixture';

let app: WebApp;

// A retry starts from its own venue and page, never from the movements a failed attempt left behind.
webAppPerTest(
  (started) => {
    app = started;
  },
  { held: true },
);

/** A seated player with at least 20 chips, so that two equal cash-outs of more than half the stack cannot both go. */
const playerWithChips = () => seatedPlayer(app, { minStack: 20 });

const expectedNow = (): number | null => app.runtime.session.snapshot().cashier.shifts.current?.expected ?? null;

describe('a cashier counts an in-doubt cash-out as applied, and the venue later refuses its key', BROWSER_RETRY, () => {
  it('shows the contradiction in its own colour, out of the expected cash, and on the summary', async () => {
    const player = playerWithChips();
    const amount = Math.floor(player.stack / 2) + 1;
    const before = expectedNow();
    expect(before).not.toBeNull();
    // The host holds our key (504, then outcome unknown) until released; then it applies it with what is left.
    app.demo.faults.timeoutNextMovements(1, 'apply-on-release');
    const cashier = await openCashier(app.page, player);
    await cashier.getByLabel('Partial cash-out amount').fill(String(amount));
    await cashier.getByRole('button', { name: 'Cash out', exact: true }).click();

    const doubt = app.page.getByRole('dialog', { name: 'Movement in doubt' });
    await doubt.waitFor({ timeout: 15_000 });
    // The venue's own cashier pays the same player out the same amount: the table shows "applied".
    app.demo.faults.otherWriterMovement(player.seatId, 'cash_out', amount);
    const count = doubt.getByRole('button', { name: 'Count it as applied (the table shows it)' });
    await count.waitFor({ timeout: 15_000 });
    await count.click();
    await expect.poll(() => doubt.isVisible()).toBe(false);

    const card = app.page
      .getByRole('region', { name: 'Unsettled tray' })
      .getByRole('listitem')
      .filter({ hasText: `· ${player.name}` })
      .first();
    await expect
      .poll(() => card.getByTestId('counted-note').textContent(), { timeout: 10_000 })
      .toMatch(/^Counted as applied by the cashier \(Test cashier, .*still asking the venue/);
    // In the drawer on the cashier's count: the expected cash is down by what was paid out.
    await expect.poll(expectedNow).toBe((before as number) - amount);

    // The host takes our key now: the player has less than the amount left, so the venue refuses it.
    app.demo.faults.releaseLostAnswers();
    await expect.poll(() => card.getAttribute('data-tone'), { timeout: 20_000 }).toBe('contradiction');
    expect(await card.getByTestId('movement-state').textContent()).toBe('refused');
    const note = await card.getByTestId('counted-note').textContent();
    expect(note).toContain('COUNTED, THE VENUE SAYS NOT APPLIED');
    expect(note).toContain(`collect ${amount} back from ${player.name}`);
    await screenshot(app.page, 'counted-refused-card');
    // The shift ledger calls it an item to review, never a double payment (nothing was applied twice).
    const alarm = app.page.getByRole('region', { name: 'Shift ledger' }).getByRole('alert');
    await expect.poll(() => alarm.textContent()).toContain('1 movement to review');
    expect(await alarm.textContent()).not.toContain('applied twice:');
    expect(await card.getAttribute('class')).not.toContain('tone-applied');
    // Out of the drawer's expected cash again: the cashier must collect the money back.
    await expect.poll(expectedNow).toBe(before);
    // The venue's record of keyed movements: our key never moved money for this seat.
    expect(app.demo.inspect.ledger().filter((entry) => entry.seat_id === player.seatId)).toEqual([]);

    // The shift closes (its expected cash no longer counts the payout) and its summary lists the contradiction.
    // The seat's cashier dialog is still open over the table: close it as a cashier would.
    for (let open = 0; open < 3 && (await app.page.getByRole('dialog').count()) > 0; open += 1)
      await app.page.keyboard.press('Escape');
    await screenButton(app.page, 'Cashier').click();
    // The test shift opened with no float, so the drawer holds nothing until the money is collected back.
    const closed = await closeOnPlainTotal(app.page, await openCloseShift(app.page), '0');
    const exception = closed.getByTestId('summary-exception');
    await expect.poll(() => exception.textContent(), { timeout: 10_000 }).toContain('the venue says NOT applied');
    expect(await exception.textContent()).toContain(`collect ${amount} back from ${player.name}`);
    await screenshot(app.page, 'counted-refused-summary');
  });
});
