/**
 * What browser tests do at the demo table, on the app they started: pick a seated player, open the seat's cashier,
 * find a movement's card in the tray, ask for a buy-in straight through the session, stop the table mid-hand, and
 * close the shift on a plain count. Every helper takes the app (or its page), so a retry's fresh app is the one used.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { MovementAccepted } from '../../preload/contract/cashier';
import type { WebApp } from './web-app';

/** A player seated at the demo table, as a test names them to the cashier. */
export interface SeatedPlayer {
  readonly seatId: number;
  readonly name: string;
  readonly stack: number;
  readonly playerId: string | null;
}

/** Whom a test may pick: at least `minStack` chips, on none of the `skip` seats. */
export interface SeatChoice {
  readonly minStack?: number;
  readonly skip?: readonly number[];
}

/** The players seated at the demo table right now (a name and a stack), in seat order, as `choice` allows. */
export function seatedPlayers(app: WebApp, { minStack = 0, skip = [] }: SeatChoice = {}): SeatedPlayer[] {
  return app.demo.inspect
    .trueTable()
    .seats.flatMap((seat) =>
      seat.name !== null && seat.stack !== null && seat.stack >= minStack && !skip.includes(seat.seat_id)
        ? [{ seatId: seat.seat_id, name: seat.name, stack: seat.stack, playerId: seat.player_id }]
        : [],
    );
}

/** Player number `index` (from 0) that `seatedPlayers` finds; throws when the table has fewer. */
export function nthSeatedPlayer(app: WebApp, index: number, choice: SeatChoice = {}): SeatedPlayer {
  const player = seatedPlayers(app, choice)[index];
  if (player === undefined) throw new Error(`no seated player number ${index} at the demo table`);
  return player;
}

/** The first player `seatedPlayers` finds; throws when the table has none. */
export const seatedPlayer = (app: WebApp, choice: SeatChoice = {}): SeatedPlayer => nthSeatedPlayer(app, 0, choice);

/** A button of the screens' navigation (Table, Cashier, History…). */
export const screenButton = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });

/** The Cashier screen's shift panel (open, close, expected cash). */
export const shiftPanel = (page: Page): Locator => page.getByRole('region', { name: 'Shift' });

/** Presses the shift panel's "Close shift"; the "Close shift" dialog. */
export async function openCloseShift(page: Page): Promise<Locator> {
  await shiftPanel(page).getByRole('button', { name: 'Close shift', exact: true }).click();
  return page.getByRole('dialog', { name: 'Close shift' });
}

/** The cards of the unsettled tray that say `text`. */
export const trayItems = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('region', { name: 'Unsettled tray' }).getByRole('listitem').filter({ hasText: text });

/** Opens the seat's cashier dialog from the table and waits for it. */
export async function openCashier(page: Page, player: { seatId: number; name: string }): Promise<Locator> {
  await page.getByRole('button', { name: `Open cashier for ${player.name} (seat ${player.seatId})` }).click();
  const dialog = page.getByRole('dialog', { name: `Cashier: ${player.name} (seat ${player.seatId})` });
  await dialog.waitFor();
  return dialog;
}

/** Who a movement is for: a seated player, or a walk-in by name (seat and player id null). */
export interface BuyInFor {
  readonly seatId: number | null;
  readonly name: string;
  readonly playerId: string | null;
}

/** Asks for a movement as the seat's cashier does (confirmed twice), straight through the session; its key. */
export async function askMovement(
  app: WebApp,
  player: BuyInFor,
  kind: 'buy_in' | 'cash_out',
  amount: number,
): Promise<string> {
  const asked = await app.runtime.session.invoke('cashier:request', [
    {
      kind,
      seatId: player.seatId,
      playerName: player.name,
      playerId: player.playerId,
      amount,
      confirmed: true,
      confirmSecond: true,
    },
  ]);
  if (!asked.ok)
    throw new Error(`the ${kind === 'buy_in' ? 'buy-in' : 'cash-out'} was refused: ${asked.error.message}`);
  return (asked.value as MovementAccepted).id;
}

/** A buy-in asked as askMovement does; its key. */
export const askBuyIn = (app: WebApp, player: BuyInFor, amount: number): Promise<string> =>
  askMovement(app, player, 'buy_in', amount);

/** A buy-in asked as askBuyIn does; its key once the tray says the venue applied it. */
export async function appliedBuyIn(app: WebApp, player: BuyInFor, amount: number): Promise<string> {
  const id = await askBuyIn(app, player, amount);
  await expect
    .poll(() => app.runtime.session.snapshot().cashier.tray.find((movement) => movement.id === id)?.status, {
      timeout: 10_000,
    })
    .toBe('applied');
  return id;
}

/** Lets the table deal, then stops it with a hand in progress. */
export async function stopMidHand(app: WebApp): Promise<void> {
  app.demo.faults.resumeTable();
  await expect.poll(() => app.demo.inspect.trueTable().between_hands, { timeout: 10_000 }).toBe(false);
  app.demo.faults.pauseTable();
  expect(app.demo.inspect.trueTable().between_hands).toBe(false);
}

/** A buy-in the cashier asked mid-hand, queued in the tray; the ledger's length before it was asked. */
export interface QueuedBuyIn {
  readonly player: SeatedPlayer;
  readonly item: Locator;
  readonly ledgerBefore: number;
}

/**
 * Stops the table mid-hand, then presses the quick "Buy in `amount`" for a seated player from the seat's cashier on
 * the Table screen, and waits until the tray's card says it is queued until the hand ends.
 */
export async function buyInQueuedMidHand(app: WebApp, amount: number): Promise<QueuedBuyIn> {
  await stopMidHand(app);
  const player = seatedPlayer(app);
  const ledgerBefore = app.demo.inspect.ledger().length;
  await screenButton(app.page, 'Table').click();
  const dialog = await openCashier(app.page, player);
  await dialog.getByRole('button', { name: `Buy in ${amount}` }).click();
  await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
  const item = trayItems(app.page, `Buy in ${amount} chips · ${player.name}`).first();
  await expect
    .poll(() => item.getByTestId('movement-state').textContent(), { timeout: 10_000 })
    .toMatch(/^queued until the hand ends/);
  return { player, item, ledgerBefore };
}

/**
 * In the open "Close shift" dialog: a plain total of `counted` chips, "Close shift…", then the confirmation's own
 * button. Returns the "Shift closed" dialog.
 */
export async function closeOnPlainTotal(page: Page, close: Locator, counted: string): Promise<Locator> {
  await close.getByLabel('Plain total').check();
  await close.getByLabel(/^Counted cash/).fill(counted);
  await close.getByRole('button', { name: 'Close shift…' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm the close' })
    .getByRole('button', { name: 'Close shift', exact: true })
    .click();
  return page.getByRole('dialog', { name: 'Shift closed' });
}
