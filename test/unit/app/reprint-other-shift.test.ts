/**
 * Reprints across shifts, on a real demo venue with the real live feed: a buy-in applied in a shift that was then
 * closed, and one applied in the next shift. A reprint names its shift and its movement: a movement of another
 * shift, an id no shift has, or a shift that does not exist is refused in words, and nothing changes (the open
 * shift's movements and ledger are as they were). The right pair reprints, marked as a reprint, under its own
 * shift's operator; a shift's ledger lists its own movements only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Session } from '../../../main/core/session';
import type { LedgerEntry, MovementAccepted, MovementSlip } from '../../../preload/contract';
import { keyOrigin } from '../../../main/core/session/key-origin';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { openLiveVenueSession } from '../../support/live-venue-session';
import { FAST_DEMO } from '../../support/web-app';

let venue: RunningDemoVenue;
let dataDir: string;
let session: Session;

beforeEach(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'reprint-other-shift-'));
  session = await openLiveVenueSession({
    dataDir,
    venueBaseUrl: venue.baseUrl,
    venueWsUrl: venue.wsUrl,
    keyStore: new MemoryKeyStore(venue.key, false, keyOrigin(venue.baseUrl, venue.wsUrl)),
  });
  await expect.poll(() => session.snapshot().connection.kind).toBe('live');
});
afterEach(async () => {
  await session.close();
  await venue.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A buy-in of `amount` for a seated player, followed until the venue applied it; its movement id. */
async function appliedBuyIn(amount: number): Promise<string> {
  const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.player_id !== null);
  if (seat === undefined || seat.name === null) throw new Error('no seated player');
  const accepted = await session.invoke('cashier:request', [
    { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: seat.player_id, amount },
  ]);
  if (!accepted.ok) throw new Error(`the buy-in was refused: ${accepted.error.message}`);
  const { id } = accepted.value as MovementAccepted;
  await expect
    .poll(() => session.snapshot().cashier.tray.find((movement) => movement.id === id)?.status, { timeout: 60_000 })
    .toBe('applied');
  return id;
}

/** What a refused reprint must leave as it was: the open shift, its tray and its ledger. */
const openShiftState = () => {
  const { cashier } = session.snapshot();
  return {
    shift: cashier.shifts.current?.id,
    tray: cashier.tray.map((movement) => `${movement.id}:${movement.status}`),
    ledger: cashier.ledger.entries.map((entry) => entry.id),
  };
};

it("refuses a reprint of another shift's movement, an unknown id or shift, and changes nothing", async () => {
  expect(await session.invoke('cashier:open-shift', [0, { operator: 'Dana' }])).toMatchObject({ ok: true });
  const first = session.snapshot().cashier.shifts.current?.id ?? '';
  const old = await appliedBuyIn(25);
  expect(await session.invoke('cashier:close-shift', [25])).toMatchObject({ ok: true });
  expect(await session.invoke('cashier:open-shift', [0, { operator: 'Eli' }])).toMatchObject({ ok: true });
  const second = session.snapshot().cashier.shifts.current?.id ?? '';
  const now = await appliedBuyIn(35);
  const before = openShiftState();

  for (const [shiftId, id] of [
    [second, old],
    [first, now],
    [first, 'mv-no-such-movement'],
    ['shift-that-never-was', old],
  ]) {
    const refused = await session.invoke('cashier:reprint-slip', [shiftId, id]);
    expect(refused, `${shiftId} ${id}`).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/^No such (movement in that shift|shift)\.$/);
  }
  expect(openShiftState()).toEqual(before);

  // The right pairs reprint, each under its own shift's operator, marked as reprints.
  for (const [shiftId, id, operator] of [
    [first, old, 'Dana'],
    [second, now, 'Eli'],
  ]) {
    const slip = await session.invoke('cashier:reprint-slip', [shiftId, id]);
    if (!slip.ok) throw new Error(`the reprint was refused: ${slip.error.message}`);
    const printed = slip.value as MovementSlip;
    expect(printed.id).toBe(id);
    expect(printed.text).toMatch(/REPRINT/);
    expect(printed.rows.find((row) => /operator/i.test(row.label))?.value).toBe(operator);
  }
  const ledgers = await Promise.all([first, second].map((id) => session.invoke('cashier:shift-ledger', [id])));
  expect(
    ledgers.map((ledger) =>
      ledger.ok ? (ledger.value as readonly LedgerEntry[]).map((entry) => entry.id) : ledger.error.code,
    ),
  ).toEqual([[old], [now]]);
  expect(openShiftState()).toEqual(before);
});
