/** A shift on a venue whose money mode is `hidden`: no amount on screen, a blind count, the amounts on paper only. */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatChips } from '../../renderer/shared/money';
import { FAST_DEMO, screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';

let app: WebApp;

freshAfterFailure(async () => {
  app = await startWebApp({ ...FAST_DEMO, moneyMode: 'hidden' });
  return app;
});

const screenButton = (name: string): Locator =>
  app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });

describe('shifts in hidden money mode', BROWSER_RETRY, () => {
  it(
    'closes blind: no expected cash, no amounts on screen, the variance in ' +
      'words, the amounts on the printed summary',
    async () => {
      await app.demo.faults.holdBetweenHands();
      const seat = app.demo.inspect
        .trueTable()
        .seats.find((candidate) => candidate.name !== null && candidate.stack !== null);
      if (seat === undefined || seat.name === null) throw new Error('no seated player at the demo table');
      await app.page.getByRole('button', { name: `Open cashier for ${seat.name} (seat ${seat.seat_id})` }).click();
      const cashier = app.page.getByRole('dialog', { name: `Cashier: ${seat.name} (seat ${seat.seat_id})` });
      await cashier.getByRole('button', { name: 'Buy in 100' }).click();
      await cashier.getByRole('button', { name: /^Close Cashier/ }).click();
      await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 10_000 }).toBe(1);

      await screenButton('Cashier').click();
      await app.page.getByRole('heading', { name: 'Shift ledger', exact: true }).waitFor();
      await expect
        .poll(() => app.page.getByTestId('ledger-hidden').textContent(), { timeout: 10_000 })
        .toBe('Amounts are hidden by the venue. Applied movements this shift: 1.');
      expect(await app.page.getByTestId('total-buy-ins').count()).toBe(0);
      const panel = app.page.getByRole('region', { name: 'Shift' });
      expect(await panel.getByTestId('shift-expected-now').count()).toBe(0);
      await panel.getByRole('button', { name: 'Close shift', exact: true }).click();
      const dialog = app.page.getByRole('dialog', { name: 'Close shift' });
      // A blind count even where the venue turned the blind count off: hidden mode shows no expected figure.
      await app.runtime.session.invoke('settings:update', [{ blindCount: false }]);
      await dialog.getByTestId('blind-count').waitFor();
      expect(await dialog.getByTestId('shift-expected').count()).toBe(0);
      await dialog.getByLabel('Plain total').check();
      await dialog.getByLabel('Counted cash (chips)').fill('90');
      await dialog.getByRole('button', { name: 'Close shift…' }).click();
      await app.page
        .getByRole('dialog', { name: 'Confirm the close' })
        .getByRole('button', { name: 'Close shift', exact: true })
        .click();
      const closed = app.page.getByRole('dialog', { name: 'Shift closed' });
      await expect.poll(() => closed.getByTestId('shift-variance').textContent()).toBe('Variance: short');
      // Each place the sheet prints an amount says "hidden" on screen (the variance only its word). The rest of it
      // holds times, the shift's id and references, which may spell any number: never searched for one.
      const sheet = app.page.getByTestId('shift-summary');
      for (const figure of ['float', 'buy-ins', 'cash-outs', 'expected', 'counted'])
        expect(await sheet.getByTestId(`summary-${figure}`).innerText(), figure).toBe('hidden');
      expect(await sheet.getByTestId('summary-variance').innerText()).toBe('short');
      const movement = sheet.getByTestId('summary-movement');
      expect(await movement.count()).toBe(1);
      expect(await movement.getByRole('cell').nth(3).innerText()).toBe('hidden');
      // Nor an amount in the drawer's unit anywhere on it (no id or time has a unit after a number).
      expect(await sheet.innerText()).not.toMatch(/\d\s*chips?\b/i);
      await screenshot(app.page, 'shift-closed-hidden');
      await app.page.emulateMedia({ media: 'print' });
      const paper = app.page.getByTestId('print-root');
      expect(await paper.getByTestId('summary-expected').innerText()).toBe(`${formatChips(100)} chips`);
      expect(await paper.getByTestId('summary-counted').innerText()).toBe(`${formatChips(90)} chips`);
      expect(await paper.getByTestId('summary-variance').innerText()).toBe(`−${formatChips(10)} chips (short)`);
      await app.page.emulateMedia({ media: 'screen' });
    },
  );
});
