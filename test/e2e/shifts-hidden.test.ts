/** A shift on a venue whose money mode is `hidden`: no amount on screen, a blind count, the amounts on paper only. */
import { describe, expect, it } from 'vitest';
import { formatChips } from '../../renderer/shared/money';
import { FAST_DEMO, screenshot, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';
import { closeOnPlainTotal, openCashier, screenButton, seatedPlayer } from '../support/demo-table';
import { webAppPerTest } from '../support/web-app-fixture';

let app: WebApp;

// A retry starts from its own venue and page, never from the closed shift a failed attempt left on screen.
webAppPerTest(
  (started) => {
    app = started;
  },
  { demo: { ...FAST_DEMO, moneyMode: 'hidden' } },
);

/**
 * The figures printed as amounts in a text: whole words made of digits (with an optional sign, thousands separators
 * and decimals). A shift id such as `shift-…-90010b45` or a time such as 17:35:52 is not an amount, so it can never
 * satisfy (or break) an oracle about one.
 */
function amountsIn(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[([]+|[)\].,;:]+$/g, ''))
    .filter((word) => /^[−+-]?\d{1,3}(,\d{3})*(\.\d+)?$|^[−+-]?\d+(\.\d+)?$/.test(word));
}

describe('the amount oracle', () => {
  it('finds amounts as printed, and never inside an id or a time', () => {
    expect(amountsIn('Expected 1,000.50 chips (shift-1a2b-90010b45) at 17:35:52; short −10, counted 90.')).toEqual([
      '1,000.50',
      '−10',
      '90',
    ]);
  });
});

describe('shifts in hidden money mode', BROWSER_RETRY, () => {
  it(
    'closes blind: no expected cash, no amounts on screen, the variance in ' +
      'words, the amounts on the printed summary',
    async () => {
      await app.demo.faults.holdBetweenHands();
      const seat = seatedPlayer(app);
      const cashier = await openCashier(app.page, seat);
      await cashier.getByRole('button', { name: 'Buy in 100' }).click();
      await cashier.getByRole('button', { name: /^Close Cashier/ }).click();
      await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 10_000 }).toBe(1);

      await screenButton(app.page, 'Cashier').click();
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
      const closed = await closeOnPlainTotal(app.page, dialog, '90');
      await expect.poll(() => closed.getByTestId('shift-variance').textContent()).toBe('Variance: short');
      const sheet = app.page.getByTestId('shift-summary');
      // No amount on screen: neither the buy-in, the count, nor the variance, wherever the sheet would print one.
      const onScreen = amountsIn(await sheet.innerText());
      for (const amount of ['100', '90', '−10', '-10', formatChips(100), formatChips(90), `−${formatChips(10)}`])
        expect(onScreen).not.toContain(amount);
      expect(await sheet.getByTestId('summary-expected').innerText()).toBe('hidden');
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
