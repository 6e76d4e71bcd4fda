/** The cashier flow in real Chromium against the demo venue: clicks and keys to the venue's own ledger. */
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatChips } from '../../renderer/shared/money';
import { screenshot, TEST_OPERATOR, type WebApp } from '../support/web-app';
import {
  appliedBuyIn,
  askBuyIn,
  buyInQueuedMidHand,
  openCashier,
  seatedPlayer,
  trayItems,
} from '../support/demo-table';
import { BROWSER_RETRY } from '../support/browser-retry';
import { webAppPerFile } from '../support/web-app-fixture';

let app: WebApp;

// Each test makes the movements it reads (a retry, on a fresh app, finds none an earlier test made).
webAppPerFile((started) => {
  app = started;
});

/** Seats that have a movement in this cashier's tray (a seat in doubt takes no other movement). */
const seatsInTray = (): number[] =>
  app.runtime.session
    .snapshot()
    .cashier.tray.flatMap((movement) => (movement.seatId === null ? [] : [movement.seatId]));

const trayItem = (text: string | RegExp): Locator => trayItems(app.page, text).first();

describe('cashier', BROWSER_RETRY, () => {
  it('buys in from one click: tray, venue ledger, stack and shift ledger all follow', async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer(app);
    const dialog = await openCashier(app.page, player);
    await screenshot(app.page, 'cashier');
    await dialog.getByRole('button', { name: 'Buy in 100' }).click();
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    await expect
      .poll(() => trayItem(`Buy in 100 chips · ${player.name}`).getByTestId('movement-state').textContent(), {
        timeout: 10_000,
      })
      .toBe('applied');
    const applied = app.demo.inspect.ledger();
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ kind: 'buy_in', amount: 100, seat_id: player.seatId });
    const stackAfter = applied[0]?.stack_after ?? Number.NaN;
    const seatStack = app.page.getByRole('group', { name: `Seat ${player.seatId}` }).locator('.seat-stack');
    await expect
      .poll(() => seatStack.textContent(), { timeout: 10_000 })
      .toBe(`${Math.round((stackAfter / 2) * 10) / 10} bb`);
    await expect.poll(() => app.page.getByTestId('total-buy-ins').textContent()).toBe('100');
  });

  it('cashes out all from the keyboard: seat number, Tab to the button, Enter, Escape', async () => {
    await app.demo.faults.holdBetweenHands();
    // A player no earlier test moved money for: "all" is then the stack read now.
    const player = seatedPlayer(app, {
      skip: [...seatsInTray(), ...app.demo.inspect.ledger().map((entry) => entry.seat_id)],
    });
    await app.page.keyboard.press(String(player.seatId));
    const dialog = app.page.getByRole('dialog', { name: `Cashier: ${player.name} (seat ${player.seatId})` });
    await dialog.waitFor();
    // Focus starts on the first preset; walk forward to "Cash out all".
    for (let step = 0; step < 12; step += 1) {
      const focused = await app.page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === 'Cash out all') break;
      await app.page.keyboard.press('Tab');
    }
    await app.page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toMatch(/: (sent to the venue|applied by the venue|A hand is in progress)/);
    await app.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Once applied, the tray names the amount the host reported instead of "all".
    await expect
      .poll(
        () =>
          trayItem(new RegExp(`Cash out [\\d,.]+ chips · ${player.name}`))
            .getByTestId('movement-state')
            .textContent(),
        { timeout: 10_000 },
      )
      .toBe('applied');
    const cashOut = app.demo.inspect
      .ledger()
      .find((entry) => entry.kind === 'cash_out' && entry.seat_id === player.seatId);
    expect(cashOut).toMatchObject({ seat_id: player.seatId, amount: player.stack, stack_after: 0 });
    await expect.poll(() => app.page.getByTestId('total-cash-outs').textContent()).toBe(formatChips(player.stack));
  });

  it('refuses bad amounts in the page and sends nothing', async () => {
    const player = seatedPlayer(app);
    const before = app.demo.inspect.ledger().length;
    const dialog = await openCashier(app.page, player);
    const field = dialog.getByLabel('Custom buy-in amount');
    for (const [text, message] of [
      ['ten', 'Enter a number with at most two decimals.'],
      ['-50', 'The amount cannot be negative.'],
      ['1000001', 'The amount cannot be more than 1,000,000.'],
    ] as const) {
      await field.fill(text);
      await dialog.getByRole('button', { name: 'Buy in', exact: true }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(message);
    }
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    expect(app.demo.inspect.ledger()).toHaveLength(before);
  });

  it('asks before a large amount and sends it once confirmed', async () => {
    const player = seatedPlayer(app);
    const dialog = await openCashier(app.page, player);
    await dialog.getByLabel('Custom buy-in amount').fill('6000');
    await dialog.getByRole('button', { name: 'Buy in', exact: true }).click();
    const confirm = app.page.getByRole('dialog', { name: 'Confirm large amount' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    await expect
      .poll(() => trayItem(`Buy in 6,000 chips · ${player.name}`).getByTestId('movement-state').textContent(), {
        timeout: 10_000,
      })
      .toBe('applied');
    expect(app.demo.inspect.ledger().some((entry) => entry.amount === 6000)).toBe(true);
  });

  it('queues a buy-in asked during a hand and sends it when the hand ends', async () => {
    const { item, ledgerBefore: before } = await buyInQueuedMidHand(app, 200);
    expect(app.demo.inspect.ledger()).toHaveLength(before);
    app.demo.faults.resumeTable();
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 15_000 }).toBe('applied');
    expect(app.demo.inspect.ledger()).toHaveLength(before + 1);
  });

  it(
    'opens the in-doubt dialog with the stack evidence when the host never answers, and sends it again under a ' +
      'new key once fresh evidence shows it did not apply',
    async () => {
      await app.demo.faults.holdBetweenHands();
      app.demo.faults.timeoutNextMovements(1, 'never');
      const player = seatedPlayer(app);
      const dialog = await openCashier(app.page, player);
      await dialog.getByRole('button', { name: 'Buy in 500' }).click();
      const doubt = app.page.getByRole('dialog', { name: 'Movement in doubt' });
      await doubt.waitFor({ timeout: 15_000 });
      const evidence = doubt.getByRole('definition');
      await expect.poll(() => evidence.first().textContent()).toBe(`${formatChips(player.stack)} chips`);
      // Offered once a heartbeat answered after the reading proves the stream delivered everything up to it.
      await expect
        .poll(() => doubt.getByRole('button', { name: 'Send again as a new movement' }).isVisible(), { timeout: 5_000 })
        .toBe(true);
      await screenshot(app.page, 'in-doubt');
      await doubt.getByRole('button', { name: 'Leave in doubt' }).click();
      // Back at the seat's cashier, where the doubt interrupted it.
      await app.page
        .getByRole('dialog', { name: `Cashier: ${player.name} (seat ${player.seatId})` })
        .getByRole('button', { name: /^Close Cashier/ })
        .click();
      const item = trayItem(`Buy in 500 chips · ${player.name}`);
      await expect.poll(() => item.getByTestId('movement-state').textContent()).toMatch(/^left in doubt/);
      expect(await app.page.getByRole('alert', { name: 'Movements in doubt' }).textContent()).toContain(
        '1 movement is IN DOUBT',
      );
      // No slip for a movement that may not have applied: neither a button nor the command.
      expect(await item.getByRole('button', { name: /^Print slip/ }).count()).toBe(0);
      const oldId = (await item.getAttribute('data-movement-id')) ?? '';
      expect(await app.runtime.session.invoke('cashier:slip', [oldId])).toMatchObject({
        ok: false,
        error: { code: 'no_slip' },
      });
      expect(app.demo.inspect.ledger().some((entry) => entry.amount === 500)).toBe(false);

      // Resolved from the tray: the fresh reading shows it did not apply, so it is sent again under a new key.
      await item.getByRole('button', { name: /^Resolve/ }).click();
      await doubt.getByRole('button', { name: 'Send again as a new movement' }).click();
      await expect.poll(() => doubt.isVisible()).toBe(false);
      const fresh = app.page
        .getByRole('region', { name: 'Unsettled tray' })
        .locator(`li[data-movement-id]:not([data-movement-id="${oldId}"])`)
        .filter({ hasText: `Buy in 500 chips · ${player.name}` });
      await expect.poll(() => fresh.getByTestId('movement-state').textContent(), { timeout: 10_000 }).toBe('applied');
      const newId = (await fresh.getAttribute('data-movement-id')) ?? '';
      const applied = app.demo.inspect.ledger().filter((entry) => entry.amount === 500 && entry.kind === 'buy_in');
      expect(applied).toHaveLength(1);
      expect(applied[0]?.idempotency_key).toBe(newId);
      expect(newId).not.toBe(oldId);
      // The tray links the two, each naming the other by reference.
      const oldItem = app.page.locator(`li[data-movement-id="${oldId}"]`);
      await expect
        .poll(() => oldItem.getByTestId('movement-link').textContent())
        .toContain(`Sent again as a new movement (ref …${newId.slice(-8)}, applied)`);
      expect(await fresh.getByTestId('movement-link').textContent()).toContain(
        `Sent again for the in-doubt movement ref …${oldId.slice(-8)}`,
      );
      expect(await app.page.getByRole('alert', { name: 'Movements in doubt' }).count()).toBe(0);
      await screenshot(app.page, 'sent-again');
    },
  );

  it('prints a slip for an applied movement with its amount and reference', async () => {
    await app.demo.faults.holdBetweenHands();
    const id = await appliedBuyIn(app, seatedPlayer(app, { skip: seatsInTray() }), 120);
    const item = app.page.locator(`li[data-movement-id="${id}"]`);
    await app.page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await item.getByRole('button', { name: /^Print slip/ }).click();
    const slip = app.page.getByRole('dialog', { name: 'Movement slip' }).getByRole('article', { name: 'Slip' });
    // The reference's tail, as the tray shows it: enough to find the movement, never the whole key.
    const row = (label: string) => slip.locator('.slip-row').filter({ hasText: label }).getByRole('definition');
    await expect.poll(() => row('Reference').textContent(), { timeout: 10_000 }).toBe(`…${id.slice(-8)}`);
    expect(await slip.textContent()).not.toContain(id);
    expect(await row('Kind').textContent()).toBe('Buy-in');
    expect(await row('Amount').textContent()).toBe('120 chips');
    expect(await row('Operator').textContent()).toBe(TEST_OPERATOR);
    await screenshot(app.page, 'slip');
    await app.page.getByRole('button', { name: 'Print slip', exact: true }).click();
    await expect.poll(() => app.page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await app.page.keyboard.press('Escape');
  });

  it('downloads the shift ledger as CSV with every movement, its key and state', async () => {
    // Its own movements: one the venue applied, and one the host never answers, left in doubt.
    await app.demo.faults.holdBetweenHands();
    const applied = await appliedBuyIn(app, seatedPlayer(app, { skip: seatsInTray() }), 130);
    app.demo.faults.timeoutNextMovements(1, 'never');
    const inDoubt = await askBuyIn(app, seatedPlayer(app, { skip: seatsInTray() }), 140);
    const doubt = app.page.getByRole('dialog', { name: 'Movement in doubt' });
    await doubt.getByRole('button', { name: 'Leave in doubt' }).click({ timeout: 15_000 });
    await expect.poll(() => doubt.isVisible()).toBe(false);
    const downloading = app.page.waitForEvent('download');
    await app.page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^shift-ledger-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    const venueLedger = app.demo.inspect.ledger();
    // The leading columns hold no commas: created_at, idempotency_key, action, player_name, player_id, seat_id,
    // amount_asked, state.
    const header = (lines[0] ?? '').split(',');
    const rows = lines.slice(1).map((line) => line.split(','));
    const column = (name: string) => header.indexOf(name);
    for (const entry of venueLedger) {
      const row = rows.find((cells) => cells[column('idempotency_key')] === entry.idempotency_key);
      expect(row, `CSV row for ${entry.idempotency_key}`).toBeDefined();
      expect(row?.[column('state')]).toBe('applied');
      expect(row?.[column('seat_id')]).toBe(String(entry.seat_id));
    }
    const stateOf = (id: string) =>
      rows.filter((cells) => cells[column('idempotency_key')] === id).map((cells) => cells[column('state')]);
    expect(stateOf(applied)).toEqual(['applied']);
    expect(stateOf(inDoubt)).toEqual(['in-doubt']);
    // One row per movement the cashier knows, applied or not: the ones in doubt are there too, and nothing else.
    const doubts = rows.filter((cells) => cells[column('state')] === 'in-doubt');
    expect(rows).toHaveLength(venueLedger.length + doubts.length);
  });
});
