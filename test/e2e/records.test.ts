/**
 * The cage's records in real Chromium against the demo venue: the shift ledger says when the venue applied each
 * movement (its own time, read from the demo venue's ledger), slips are reprinted from any ledger row and from a past
 * shift, marked as reprints, with the original's facts.
 */
import { describe, expect, it } from 'vitest';
import type { MovementAccepted } from '../../preload/contract/cashier';
import { clockTime } from '../../renderer/shared/time';
import { startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';

let app: WebApp;

freshAfterFailure(async () => {
  usedSeats.length = 0;
  app = await startWebApp();
  return app;
});

/** Seats a test of this app already moved money for: each test reads its own player's ledger row. */
const usedSeats: number[] = [];

/** A seated player of the demo table right now whom no earlier test of this app used. */
function seatedPlayer() {
  const skip = usedSeats;
  const seat = app.demo.inspect
    .trueTable()
    .seats.find(
      (candidate) => candidate.name !== null && candidate.stack !== null && !skip.includes(candidate.seat_id),
    );
  if (seat === undefined || seat.name === null || seat.stack === null)
    throw new Error('no seated player at the demo table');
  usedSeats.push(seat.seat_id);
  return { seatId: seat.seat_id, name: seat.name, playerId: seat.player_id };
}

/** A buy-in asked as the seat's cashier does (a walk-in: seat null), straight through the session. */
async function askBuyIn(player: { seatId: number | null; name: string; playerId: string | null }, amount: number) {
  const asked = await app.runtime.session.invoke('cashier:request', [
    {
      kind: 'buy_in',
      seatId: player.seatId,
      playerName: player.name,
      playerId: player.playerId,
      amount,
      confirmed: true,
      confirmSecond: true,
    },
  ]);
  if (!asked.ok) throw new Error(`the buy-in was refused: ${asked.error.message}`);
  return (asked.value as MovementAccepted).id;
}

/** The buy-in's key once the venue applied it. */
async function appliedBuyIn(player: Parameters<typeof askBuyIn>[0], amount: number): Promise<string> {
  const id = await askBuyIn(player, amount);
  await expect
    .poll(() => app.runtime.session.snapshot().cashier.tray.find((movement) => movement.id === id)?.status, {
      timeout: 10_000,
    })
    .toBe('applied');
  return id;
}

/** The demo venue's own record of the movement with this key. */
function venueRecord(key: string) {
  const record = app.demo.inspect.ledger().find((entry) => entry.idempotency_key === key);
  if (record === undefined) throw new Error('the demo venue has no record of the movement');
  return record;
}

describe('the cage records', BROWSER_RETRY, () => {
  it("shows in the ledger the venue's own time of application, not this PC's", async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    const key = await appliedBuyIn(player, 137);
    const row = app.page
      .getByRole('region', { name: 'Shift ledger' })
      .locator('tbody tr')
      .filter({ hasText: player.name });
    // The demo venue applied it at `at` (its event's stamp is taken in the same step); the cell says that time alone,
    // with no "(this PC's time)" label.
    await expect
      .poll(() => row.getByTestId('ledger-applied-at').textContent(), { timeout: 10_000 })
      .toBe(clockTime(venueRecord(key).at));
  });

  it("shows the venue's time for a walk-in bought in by name", async () => {
    await app.demo.faults.holdBetweenHands();
    const name = `Walk In ${Date.now() % 100_000}`;
    const key = await appliedBuyIn({ seatId: null, name, playerId: null }, 150);
    const row = app.page.getByRole('region', { name: 'Shift ledger' }).locator('tbody tr').filter({ hasText: name });
    await expect
      .poll(() => row.getByTestId('ledger-applied-at').textContent(), { timeout: 10_000 })
      .toBe(clockTime(venueRecord(key).at));
  });

  it("shows the venue's time for a buy-in whose answer came seconds after it applied", async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    app.demo.faults.timeoutNextMovements(1, 'applied-answer-lost');
    const key = await askBuyIn(player, 121);
    await expect.poll(() => app.demo.inspect.ledger().some((entry) => entry.idempotency_key === key)).toBe(true);
    const appliedAt = venueRecord(key).at;
    // The answer lands in a later second than the venue applied it: this PC's time can no longer pass for the venue's.
    await expect.poll(() => Date.now() - appliedAt > 2000, { timeout: 10_000 }).toBe(true);
    app.demo.faults.releaseLostAnswers();
    const row = app.page
      .getByRole('region', { name: 'Shift ledger' })
      .locator('tbody tr')
      .filter({ hasText: player.name });
    await expect
      .poll(() => row.getByTestId('ledger-applied-at').textContent(), { timeout: 20_000 })
      .toBe(clockTime(appliedAt));
  });
});
