/**
 * The money situations a real venue produces, driven through the cashier UI in Chromium on the demo venue: a lost
 * answer (with the table view up, and with it cut), a slow host holding the key, and unknown hand fields. Each test
 * buys in, induces the fault, presses "Send again" wherever the UI offers it, and holds the venue's own ledger to
 * "the stack changed exactly once".
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';
import { webAppPerTest } from '../support/web-app-fixture';
import { openCashier, type SeatedPlayer, seatedPlayer } from '../support/demo-table';

/** How long the slow host keeps a key: long enough to see the tray say so, short for the suite. */
const SLOW_HOST_HOLD_MS = 4000;

let app: WebApp;

// Each test, and each retry of it, gets its own demo venue and page: a retry starts clean, with its own seats, never
// from the movements and dialogs a failed attempt left behind. Between hands for the whole test: movements apply at
// once and a stack can be compared.
webAppPerTest(
  (started) => {
    app = started;
  },
  { held: true },
);

function trayItem(text: string): Locator {
  return app.page.getByRole('region', { name: 'Unsettled tray' }).getByRole('listitem').filter({ hasText: text });
}

const stateOf = (item: Locator) => item.first().getByTestId('movement-state').textContent();

/** Buy-ins the host applied for this seat with this amount: the venue's truth, not the app's. */
const appliedBuyIns = (seatId: number, amount: number) =>
  app.demo.inspect
    .ledger()
    .filter((entry) => entry.kind === 'buy_in' && entry.seat_id === seatId && entry.amount === amount);

const stackNow = (seatId: number) =>
  app.demo.inspect.trueTable().seats.find((seat) => seat.seat_id === seatId)?.stack ?? null;

type Player = SeatedPlayer;

/** The venue applied this buy-in exactly once: one buy-in of the amount on the seat, the stack up by it. */
function expectAppliedOnceAtVenue(player: Player, amount: number): void {
  expect(appliedBuyIns(player.seatId, amount)).toHaveLength(1);
  expect(stackNow(player.seatId)).toBe(player.stack + amount);
}

/** The tray shows one line for the buy-in, settled applied, and the venue applied it exactly once. */
async function expectSettledOnce(item: Locator, player: Player, amount: number): Promise<void> {
  await expect.poll(() => stateOf(item), { timeout: 20_000 }).toBe('applied');
  expect(await item.count()).toBe(1);
  expectAppliedOnceAtVenue(player, amount);
}

async function buyIn(player: { seatId: number; name: string }, amount: number): Promise<void> {
  const dialog = await openCashier(app.page, player);
  await dialog.waitFor();
  await dialog.getByLabel('Custom buy-in amount').fill(String(amount));
  await dialog.getByRole('button', { name: 'Buy in', exact: true }).click();
}

/** Closes the seat's cashier if it is (still) open. */
async function closeCashier(player: { seatId: number; name: string }): Promise<void> {
  const close = app.page
    .getByRole('dialog', { name: `Cashier: ${player.name} (seat ${player.seatId})` })
    .getByRole('button', { name: /^Close Cashier/ });
  if (await close.isVisible()) await close.click();
}

/**
 * "Send again" in the in-doubt dialog as a cashier meets it: `offered()`, called from a poll, presses it the first time
 * it is offered (once); `pressed` says how many times it was.
 */
function sendAgainOnce(doubt: Locator) {
  const sendAgain = doubt.getByRole('button', { name: 'Send again as a new movement' });
  const presser = {
    pressed: 0,
    async offered(): Promise<void> {
      if (presser.pressed > 0 || !(await sendAgain.isVisible())) return;
      // The dialog may close between the look and the press (the movement settled): never wait on a gone button.
      await sendAgain.click({ timeout: 1000 }).catch(() => undefined);
      presser.pressed += 1;
    },
  };
  return presser;
}

const inDoubtDialog = (): Locator => app.page.getByRole('dialog', { name: 'Movement in doubt' });

/**
 * Waits for the movement to settle applied while doing what a cashier does: whenever the in-doubt dialog offers
 * "Send again", press it (once). Returns how many times it was pressed.
 */
async function pressSendAgainUntilApplied(item: Locator, timeout = 20_000): Promise<number> {
  const sendAgain = sendAgainOnce(inDoubtDialog());
  // A cashier offered the button presses it once; the venue's ledger then shows what it did.
  await expect
    .poll(
      async () => {
        await sendAgain.offered();
        return stateOf(item);
      },
      { timeout },
    )
    .toBe('applied');
  return sendAgain.pressed;
}

/**
 * The in-doubt dialog, as a cashier meets it: presses "Send again" if it is ever offered, and waits until the dialog
 * says why it is not offered in the expected words (the reason follows the newest reading). Then leaves the movement
 * in doubt. Returns how many times "Send again" was pressed.
 */
async function expectSendAgainBlocked(reason: RegExp): Promise<number> {
  const doubt = inDoubtDialog();
  await doubt.waitFor({ timeout: 15_000 });
  const sendAgain = sendAgainOnce(doubt);
  const blocked = doubt.getByTestId('send-again-blocked');
  await expect
    .poll(
      async () => {
        await sendAgain.offered();
        return (await blocked.isVisible()) ? blocked.textContent() : '';
      },
      { timeout: 15_000 },
    )
    .toMatch(reason);
  if (await doubt.isVisible()) await doubt.getByRole('button', { name: 'Leave in doubt' }).click();
  return sendAgain.pressed;
}

describe('cashier faults in the browser', BROWSER_RETRY, () => {
  it(
    'a lost answer with the table view cut: in doubt, "cannot read the table ' +
      'now", no new key; applied once when the answer lands',
    async () => {
      const player = seatedPlayer(app);
      app.demo.faults.timeoutNextMovements(1, 'applied-answer-lost');
      // The socket drops and GET /live/state fails the moment the buy-in leaves; the money endpoint still answers.
      app.demo.faults.cutTableView(true);
      await buyIn(player, 500);
      expect(await expectSendAgainBlocked(/cannot read the table now/i)).toBe(0);
      await closeCashier(player);
      const item = trayItem(`Buy in 500 chips · ${player.name}`);
      expect(await stateOf(item)).toMatch(/^left in doubt|^IN DOUBT/);
      expect(appliedBuyIns(player.seatId, 500)).toHaveLength(1);
      // The view comes back and the host's answer lands: the same key settles it, nothing is applied again.
      app.demo.faults.cutTableView(false);
      app.demo.faults.releaseLostAnswers();
      await expectSettledOnce(item, player, 500);
    },
  );

  it(
    'a lost answer with the table view up: the cashier is never offered a new ' +
      'key; the released answer settles it once',
    async () => {
      const player = seatedPlayer(app);
      app.demo.faults.timeoutNextMovements(1, 'applied-answer-lost');
      await buyIn(player, 200);
      const item = trayItem(`Buy in 200 chips · ${player.name}`);
      // The host applied it and the live table shows it (its transaction_applied, its stack), but another writer
      // could have made that change: shown applied, not settled, and sending again (a double) is never offered.
      expect(await expectSendAgainBlocked(/table shows it applied \(the venue has not confirmed this request\)/)).toBe(
        0,
      );
      await closeCashier(player);
      expect(await stateOf(item)).toMatch(/^left in doubt|^IN DOUBT/);
      app.demo.faults.releaseLostAnswers();
      // The key's own answer settles it.
      await expectSettledOnce(item, player, 200);
    },
  );

  it(
    'a slow host: the key stays "with the host" with its age, no in-doubt dialog ' + 'and no new key; applied once',
    async () => {
      const player = seatedPlayer(app);
      app.demo.faults.slowHostNextMovements(1, SLOW_HOST_HOLD_MS);
      await buyIn(player, 100);
      await closeCashier(player);
      const item = trayItem(`Buy in 100 chips · ${player.name}`);
      await expect.poll(() => stateOf(item), { timeout: 10_000 }).toBe('with the host');
      await expect
        .poll(() => item.first().getByTestId('with-host-age').textContent())
        .toMatch(/^With the host for \d+ s: no new key is offered/);
      await expect
        .poll(() => item.first().getByTestId('movement-sentence').textContent())
        .toMatch(/venue has it but has not answered/i);
      expect(
        await item
          .first()
          .getByRole('button', { name: /^Resolve/ })
          .count(),
      ).toBe(0);
      expect(appliedBuyIns(player.seatId, 100)).toHaveLength(0);
      expect(await pressSendAgainUntilApplied(item, SLOW_HOST_HOLD_MS + 15_000)).toBe(0);
      expect(await app.page.getByRole('dialog', { name: 'Movement in doubt' }).count()).toBe(0);
      expect(await item.count()).toBe(1);
      expectAppliedOnceAtVenue(player, 100);
    },
  );

  it(
    'an unanswered buy-in: no new key while the table view is cut (even if ' +
      'pressed), then sent again once the view is back',
    async () => {
      const player = seatedPlayer(app);
      // The host never applies it and never answers: a fresh live reading shows it did not apply.
      app.demo.faults.timeoutNextMovements(1, 'never');
      await buyIn(player, 700);
      const doubt = app.page.getByRole('dialog', { name: 'Movement in doubt' });
      const sendAgain = doubt.getByRole('button', { name: 'Send again as a new movement' });
      await sendAgain.waitFor({ timeout: 15_000 });
      app.demo.faults.cutTableView(true);
      // Whether the dialog has already heard of the cut or not, no new key leaves: pressing re-reads the table first.
      const refused = doubt
        .getByText(/cannot read the table now|not connected and caught up|live stream is not delivering/i)
        .first();
      await expect
        .poll(
          async () => {
            if (await sendAgain.isVisible()) await sendAgain.click({ timeout: 1000 }).catch(() => undefined);
            return refused.isVisible();
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(appliedBuyIns(player.seatId, 700)).toHaveLength(0);
      // The view is back: a fresh live reading shows it did not apply, so the cashier may send it again, once.
      app.demo.faults.cutTableView(false);
      await sendAgain.click({ timeout: 15_000 });
      await expect.poll(() => doubt.isVisible()).toBe(false);
      await closeCashier(player);
      const items = trayItem(`Buy in 700 chips · ${player.name}`);
      // The old key stays in doubt, linked to its replacement; the replacement applied.
      await expect
        .poll(async () => (await items.getByTestId('movement-state').allTextContents()).sort(), { timeout: 15_000 })
        .toEqual(['IN DOUBT', 'applied']);
      expectAppliedOnceAtVenue(player, 700);
    },
  );

  it(
    'unknown hand fields (hand_number and in_hand null): an unanswered buy-in ' +
      'stays in doubt with the reason, never sent again',
    async () => {
      const player = seatedPlayer(app);
      app.demo.faults.setNullHandFields(true);
      // The host never answers and never applies: only a reading that can vouch "not applied" could allow a new key.
      app.demo.faults.timeoutNextMovements(1, 'never');
      await buyIn(player, 300);
      expect(await expectSendAgainBlocked(/did not say whether a hand is in progress|hand numbers unknown/i)).toBe(0);
      await closeCashier(player);
      const item = trayItem(`Buy in 300 chips · ${player.name}`);
      await expect.poll(() => stateOf(item)).toMatch(/^left in doubt/);
      expect(await item.count()).toBe(1);
      expect(appliedBuyIns(player.seatId, 300)).toHaveLength(0);
      expect(stackNow(player.seatId)).toBe(player.stack);
    },
  );
});
