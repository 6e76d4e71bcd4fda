/**
 * Money that is not poker: the host applying buy-ins and cash-outs, the operator's seat edits, and the house's own
 * comings and goings between hands. Every applied change emits transaction_applied and enters the chip account.
 */
import type { DemoPlayer } from '../roster';
import { toChips } from './cents';
import { findSeatByName, firstFreeSeat, isOccupied, normalizeName, vacate } from './seating';
import type { TableEngine } from './table-engine';
import type { EngineSeat } from './types';

export interface MovementRequest {
  readonly kind: 'buy_in' | 'cash_out';
  readonly playerName: string;
  /** Cents; null on a cash-out means the whole stack. */
  readonly amountCents: number | null;
  readonly closeSession: boolean;
}

/** The host's 200 answer when it applied the movement (documented in main/demo/README.md). */
export interface AppliedAnswer {
  readonly ok: true;
  readonly kind: 'buy_in' | 'cash_out';
  readonly player_name: string;
  readonly player_id: string;
  readonly seat_id: number;
  readonly amount: number;
  readonly delta: number;
  readonly stack_before: number;
  readonly stack_after: number;
  readonly session_closed: boolean;
}

export type RefusalReason =
  | 'unknown_player'
  | 'insufficient_stack'
  | 'table_full'
  | 'hand_in_progress'
  | 'nothing_to_cash_out'
  | 'stack_remaining';

export interface RefusedAnswer {
  readonly ok: false;
  readonly reason: RefusalReason;
  readonly message: string;
}

export type HostAnswer = AppliedAnswer | RefusedAnswer;

const refuse = (reason: RefusalReason, message: string): RefusedAnswer => ({ ok: false, reason, message });

/** Who is who: names the venue already knows keep their permanent player_id when they sit down again. */
export class PlayerRegistry {
  private readonly byName = new Map<string, DemoPlayer>();
  constructor(roster: readonly DemoPlayer[]) {
    for (const player of roster) this.byName.set(normalizeName(player.name), player);
  }
  /** A name the venue gave an id on an earlier run keeps it (a saved venue restarting). */
  remember(name: string, playerId: string): void {
    const key = normalizeName(name);
    if (!this.byName.has(key))
      this.byName.set(key, { player_id: playerId, name, slug: key.replace(/[^a-z0-9]+/g, '-') });
  }

  /** The known player of that name, or a new permanent id for a new name. */
  resolve(name: string, newId: () => string): { readonly playerId: string; readonly name: string } {
    const key = normalizeName(name);
    const known = this.byName.get(key);
    if (known !== undefined) return { playerId: known.player_id, name: known.name };
    const created: DemoPlayer = {
      player_id: newId(),
      name: name.trim().replace(/\s+/g, ' '),
      slug: key.replace(/[^a-z0-9]+/g, '-'),
    };
    this.byName.set(key, created);
    return { playerId: created.player_id, name: created.name };
  }
}

export type TransactionSource = 'transaction' | 'seat_edit';

/** Changes a seat's stack as money (not poker) and reports it. */
export function moveMoney(
  engine: TableEngine,
  seat: EngineSeat,
  kind: 'buy_in' | 'cash_out' | 'adjustment',
  deltaCents: number,
  source: TransactionSource,
  /** The event names no seat and no player (only the name): what some venues send for their own writes. */
  anonymous = false,
): { readonly before: number; readonly after: number } {
  const before = seat.stack ?? 0;
  const after = before + deltaCents;
  if (after < 0) throw new Error(`stack of seat ${seat.seatId} would go negative`);
  seat.stack = after;
  if (after > 0) seat.busted = false;
  engine.noteApplied(deltaCents);
  engine.options.emit({
    kind: 'transaction_applied',
    payload: {
      kind,
      seat_id: anonymous ? null : seat.seatId,
      player_id: anonymous ? null : seat.playerId,
      name: seat.name,
      amount: toChips(Math.abs(deltaCents)),
      delta: toChips(deltaCents),
      stack_before: toChips(before),
      stack_after: toChips(after),
      hand_number: engine.lastHandNumber === 0 ? null : engine.lastHandNumber,
      source,
      session_id: engine.sessionUid,
    },
  });
  return { before, after };
}

/** The host applying one buy-in or cash-out between hands. */
export function applyMovement(engine: TableEngine, registry: PlayerRegistry, request: MovementRequest): HostAnswer {
  if (!engine.betweenHands) return refuse('hand_in_progress', 'A hand is in progress; money moves only between hands.');
  const seated = findSeatByName(engine.seats, request.playerName);
  if (request.kind === 'buy_in') {
    const amount = request.amountCents ?? 0;
    let seat = seated;
    if (seat === undefined) {
      const free = firstFreeSeat(engine.seats);
      if (free === undefined)
        return refuse('table_full', `Every seat is taken; ${request.playerName.trim()} cannot sit down.`);
      const who = registry.resolve(request.playerName, () => engine.ids.uuid());
      free.playerId = who.playerId;
      free.name = who.name;
      free.stack = 0;
      free.present = true;
      seat = free;
    }
    seat.present = true;
    const { before, after } = moveMoney(engine, seat, 'buy_in', amount, 'transaction');
    return answer('buy_in', seat, amount, before, after, false);
  }
  if (seated === undefined)
    return refuse('unknown_player', `Nobody named ${request.playerName.trim()} is seated at the table.`);
  const stack = seated.stack ?? 0;
  const amount = request.amountCents ?? stack;
  if (amount > stack) {
    return refuse(
      'insufficient_stack',
      `${seated.name ?? 'The player'} has ${toChips(stack)} in chips, less than ${toChips(amount)}.`,
    );
  }
  // Leaving the table takes every chip along: a partial cash-out cannot close the session.
  if (request.closeSession && amount !== stack) {
    return refuse(
      'stack_remaining',
      `${seated.name ?? 'The player'} has ${toChips(stack)} in chips; closing ` +
        `the session cashes out all of it (omit amount).`,
    );
  }
  if (amount === 0 && !request.closeSession)
    return refuse('nothing_to_cash_out', `${seated.name ?? 'The player'} has no chips to cash out.`);
  const { before, after } = moveMoney(engine, seated, 'cash_out', -amount, 'transaction');
  const result = answer('cash_out', seated, amount, before, after, request.closeSession);
  if (request.closeSession) vacate(seated);
  return result;
}

function answer(
  kind: 'buy_in' | 'cash_out',
  seat: EngineSeat,
  amountCents: number,
  before: number,
  after: number,
  closed: boolean,
): AppliedAnswer {
  return {
    ok: true,
    kind,
    player_name: seat.name ?? '',
    player_id: seat.playerId ?? '',
    seat_id: seat.seatId,
    amount: toChips(amountCents),
    delta: toChips(after - before),
    stack_before: toChips(before),
    stack_after: toChips(after),
    session_closed: closed,
  };
}

/** An operator's stack correction (between hands only). */
export function editSeat(engine: TableEngine, seatId: number, stackCents: number): void {
  if (!engine.betweenHands) throw new Error('seat edits happen only between hands');
  const seat = engine.seats[seatId - 1];
  if (seat === undefined || !isOccupied(seat)) throw new Error(`seat ${seatId} is empty`);
  if (!Number.isInteger(stackCents) || stackCents < 0)
    throw new Error('a stack is a whole number of cents, at least 0');
  moveMoney(engine, seat, 'adjustment', stackCents - (seat.stack ?? 0), 'seat_edit');
}
