/**
 * A cashier's shift in real Chromium against the demo venue: open with a float, move money, close on a count, print.
 */
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChips } from '../../renderer/shared/money';
import { screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';

let app: WebApp;

beforeAll(async () => {
  app = await startWebApp();
});
afterAll(async () => {
  await app?.close();
});

const screenButton = (name: string): Locator =>
  app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });
const shiftPanel = (): Locator => app.page.getByRole('region', { name: 'Shift' });

/** A seated player the demo table has right now (between hands). */
function seatedPlayer() {
  const seat = app.demo.inspect
    .trueTable()
    .seats.find((candidate) => candidate.name !== null && candidate.stack !== null && candidate.stack > 100);
  if (seat === undefined || seat.name === null) throw new Error('no seated player with chips at the demo table');
  return { seatId: seat.seat_id, name: seat.name };
}

/** Asks for one movement from the seat's cashier dialog and waits until the venue applied it. */
async function move(player: { seatId: number; name: string }, ask: (dialog: Locator) => Promise<void>): Promise<void> {
  const before = app.demo.inspect.ledger().length;
  await screenButton('Table').click();
  await app.page.getByRole('button', { name: `Open cashier for ${player.name} (seat ${player.seatId})` }).click();
  const dialog = app.page.getByRole('dialog', { name: `Cashier: ${player.name} (seat ${player.seatId})` });
  await ask(dialog);
  await expect.poll(() => dialog.getByRole('status').textContent()).toContain('added to the tray');
  await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
  await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 10_000 }).toBe(before + 1);
}

describe('shifts', BROWSER_RETRY, () => {
  it(
    'opens a shift with a float, closes it on a counted amount with the variance, ' + 'and prints the summary',
    async () => {
      await app.demo.faults.holdBetweenHands();
      await screenButton('Cashier').click();
      // The first start opened a shift by itself (float 0): close it empty, then open the real one.
      await shiftPanel().getByRole('button', { name: 'Close shift', exact: true }).click();
      let dialog = app.page.getByRole('dialog', { name: 'Close shift' });
      await dialog.getByLabel('Counted cash (chips)').fill('0');
      await dialog.getByRole('button', { name: 'Close shift', exact: true }).click();
      const closedFirst = app.page.getByRole('dialog', { name: 'Shift closed' });
      await expect.poll(() => closedFirst.getByTestId('shift-variance').textContent()).toBe('Variance: balanced');
      await app.page.keyboard.press('Escape');
      await shiftPanel().getByTestId('no-shift').waitFor();
      await shiftPanel().getByLabel('Opening float').fill('500');
      await shiftPanel().getByRole('button', { name: 'Open shift' }).click();
      await shiftPanel().getByTestId('shift-open').waitFor();

      const player = seatedPlayer();
      await move(player, (cashier) => cashier.getByRole('button', { name: 'Buy in 100' }).click());
      await move(player, async (cashier) => {
        await cashier.getByLabel('Partial cash-out amount').fill('40');
        await cashier.getByRole('button', { name: 'Cash out', exact: true }).click();
      });
      await screenButton('Cashier').click();
      await expect
        .poll(() => app.page.getByTestId('total-buy-ins').textContent(), { timeout: 10_000 })
        .toBe(formatChips(100));
      expect(await app.page.getByTestId('total-cash-outs').textContent()).toBe(formatChips(40));
      await expect
        .poll(() => shiftPanel().getByTestId('shift-expected-now').textContent())
        .toBe(`${formatChips(560)} chips`);

      await shiftPanel().getByRole('button', { name: 'Close shift', exact: true }).click();
      dialog = app.page.getByRole('dialog', { name: 'Close shift' });
      expect(await dialog.getByTestId('shift-expected').textContent()).toBe(`${formatChips(560)} chips`);
      const counted = dialog.getByLabel('Counted cash (chips)');
      // Bad counts are explained next to the field and nothing is closed.
      for (const [text, error] of [
        ['abc', 'at most two decimals'],
        ['-5', 'cannot be negative'],
        ['12.345', 'at most two decimals'],
        ['2000000', 'more than 1,000,000'],
      ] as const) {
        await counted.fill(text);
        await dialog.getByRole('button', { name: 'Close shift', exact: true }).click();
        await expect.poll(() => dialog.getByRole('alert').first().textContent()).toContain(error);
      }
      expect(await shiftPanel().getByTestId('shift-open').count()).toBe(1);
      await counted.fill('555.50');
      await dialog.getByRole('button', { name: 'Close shift', exact: true }).click();
      const closed = app.page.getByRole('dialog', { name: 'Shift closed' });
      await expect
        .poll(() => closed.getByTestId('shift-variance').textContent())
        .toBe(`Variance: −${formatChips(4.5)} chips (short)`);
      const summary = closed.getByRole('article', { name: 'Shift summary' });
      expect(await summary.getByTestId('summary-float').textContent()).toBe(`${formatChips(500)} chips`);
      expect(await summary.getByTestId('summary-buy-ins').textContent()).toBe(`${formatChips(100)} chips`);
      expect(await summary.getByTestId('summary-cash-outs').textContent()).toBe(`${formatChips(40)} chips`);
      expect(await summary.getByTestId('summary-expected').textContent()).toBe(`${formatChips(560)} chips`);
      expect(await summary.getByTestId('summary-counted').textContent()).toBe(`${formatChips(555.5)} chips`);
      await screenshot(app.page, 'shift-closed');

      await app.page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await closed.getByRole('button', { name: 'Print', exact: true }).click();
      expect(await app.page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      // On paper only the summary shows (hidden things leave the accessibility tree, so these are found by CSS).
      await app.page.emulateMedia({ media: 'print' });
      expect(await app.page.getByTestId('shift-summary').isVisible()).toBe(true);
      expect(await app.page.locator('.tray').isVisible()).toBe(false);
      expect(await app.page.locator('.close-shift-dialog .dialog-actions').isVisible()).toBe(false);
      await app.page.emulateMedia({ media: 'screen' });

      // The closed shift's movements left the journal for the archive; its CSV still has both.
      const downloading = app.page.waitForEvent('download');
      await closed.getByRole('button', { name: 'Export shift CSV' }).click();
      const csv = await readFile(await (await downloading).path(), 'utf8');
      for (const entry of app.demo.inspect.ledger()) expect(csv).toContain(entry.idempotency_key);
      await app.page.keyboard.press('Escape');
      await expect.poll(() => app.page.getByTestId('past-shift').count()).toBe(2);
      expect(await shiftPanel().getByTestId('no-shift').count()).toBe(1);
    },
  );
});
