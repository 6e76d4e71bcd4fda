/**
 * The regulars' own comings and goings, decided just before each deal: busted players leave, some sit out a few
 * hands, a few cash out and go home, and walk-ins buy in while more than one chair is free (one chair is kept for the
 * cashier). Players the cashier has moved money for are left alone, so a test's player never vanishes under it.
 */
import type { DemoPlayer } from '../roster';
import type { Rng } from '../rng';
import { moveMoney } from './movements';
import { firstFreeSeat, isOccupied, vacate } from './seating';
import type { TableEngine } from './table-engine';

export interface HouseChurnOptions {
  readonly roster: readonly DemoPlayer[];
  readonly rng: Rng;
  /** Players the cashier has moved money for. */
  readonly managedByCashier: ReadonlySet<string>;
}

export function houseChurn(engine: TableEngine, options: HouseChurnOptions): void {
  const { rng } = options;
  for (const seat of engine.seats) {
    if (!isOccupied(seat)) continue;
    if ((seat.stack ?? 0) === 0) {
      vacate(seat);
      continue;
    }
    if (options.managedByCashier.has(seat.playerId as string)) continue;
    const coin = rng.next();
    if (seat.present && coin < 0.006) {
      moveMoney(engine, seat, 'cash_out', -(seat.stack ?? 0), 'transaction');
      vacate(seat);
    } else if (seat.present && coin < 0.03) {
      seat.present = false;
    } else if (!seat.present && coin < 0.35) {
      seat.present = true;
    }
  }
  const occupied = engine.seats.filter(isOccupied).length;
  if (occupied >= engine.seats.length - 1 || rng.next() >= 0.35) return;
  const seatedIds = new Set(engine.seats.map((seat) => seat.playerId));
  const waiting = options.roster.filter(
    (player) => !seatedIds.has(player.player_id) && !options.managedByCashier.has(player.player_id),
  );
  const free = firstFreeSeat(engine.seats);
  if (waiting.length === 0 || free === undefined) return;
  const player = rng.pick(waiting);
  free.playerId = player.player_id;
  free.name = player.name;
  free.stack = 0;
  free.present = true;
  moveMoney(engine, free, 'buy_in', engine.stakesCents.bb * rng.int(40, 150), 'transaction');
}
