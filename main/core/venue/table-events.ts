/**
 * How each live event kind moves the table. Pure functions of (state, payload) -> state; money to cents.
 *
 * The rules that matter for money:
 * - `start_hand` seat stacks are PRE-blind (spec rule 1): the model stores stack - posted, and the posted chips
 *   are the opening pot, so nothing is counted twice when the next state frame (net of blinds) arrives.
 * - `player_action.amount` is an increment: it leaves the stack and enters the pot.
 * - `end_hand`, `payout_applied` and `transaction_applied` carry absolute stacks; the model takes them as given.
 */
import { addMoney, cents } from './money';
import type { DealStreet, EndHand, LiveEvent, PlayerAction, StartHand, StreetAdvance } from './schemas-live';
import {
  NO_BETS,
  bySeatId,
  nextToAct,
  recordStack,
  replaceSeat,
  sameOr,
  seatIndex,
  stackPoint,
  stepped,
  withBet,
} from './table-seats';
import type { TableSeat, TableState } from './table-types';
import { TickerLog } from './ticker-log';
import { catchUpLine, tickerLine } from './ticker-lines';
import { applyStackChange } from './table-stack-events';

/** The validated event of one kind. */
type EventOf<K extends LiveEvent['kind']> = Extract<LiveEvent, { readonly kind: K }>;

/** A new street, or none: no bet on it yet. */
const NO_STREET_BETS = { streetBets: NO_BETS, currentBet: 0 } as const;

function boardOf(value: readonly unknown[] | null | undefined, fallback: readonly string[]): readonly string[] {
  if (value == null) return fallback;
  const board: string[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const card = value[index];
    if (typeof card === 'string') board.push(card);
  }
  return board;
}

function maxBet(bets: readonly number[]): number {
  let top = 0;
  for (let index = 0; index < bets.length; index += 1) if ((bets[index] as number) > top) top = bets[index] as number;
  return top;
}

/** A chair with nobody in it. */
function emptySeat(seatId: number): TableSeat {
  return { seat_id: seatId, player_id: null, name: null, stack: null, in_hand: false, present: false };
}

function isListed(listed: ReadonlyArray<{ readonly seat_id: number }>, seatId: number): boolean {
  for (const entry of listed) if (entry.seat_id === seatId) return true;
  return false;
}

/**
 * start_hand lists every seated player (its `in_hand` flag tells who was dealt in), so it also settles who sits
 * where: a chair missing from the list is empty, and a seated player with chips who was not dealt in sits out.
 */
function applyStartHand(state: TableState, event: EventOf<'start_hand'>, at: number): TableState {
  const p: StartHand = event.payload;
  const ante = p.blinds?.ante ?? state.blinds?.ante ?? 0;
  const listed = p.seats ?? [];
  // One private copy of the seat list, edited in place below; the state's own list is never touched.
  const seats: TableSeat[] = [];
  for (const seat of state.seats) {
    const keep =
      isListed(listed, seat.seat_id) ||
      (seat.player_id === null && seat.stack === null && !seat.in_hand && !seat.present);
    seats.push(keep ? seat : emptySeat(seat.seat_id));
  }
  let inserted = false;
  let pot = 0;
  let streetBets = NO_BETS;
  let history: Record<string, TableState['stackHistory'][string]> | null = null;
  const limit = state.limits.stackHistorySize;
  for (const entry of listed) {
    const posted = entry.posted ?? 0;
    pot = addMoney(pot, posted);
    // Antes are dead money: they are in the pot but not part of the street's bet to match.
    const streetBet = cents(Math.max(0, posted - ante));
    if (streetBet > 0 && entry.seat_id >= 0) streetBets = withBet(streetBets, entry.seat_id, streetBet);
    const index = seatIndex(seats, entry.seat_id);
    const known = index >= 0 ? (seats[index] as TableSeat) : null;
    const stack = entry.stack == null ? (known?.stack ?? null) : cents(entry.stack - posted);
    const inHand = entry.in_hand ?? true;
    const seat = sameOr(known, {
      seat_id: entry.seat_id,
      player_id: entry.player_id ?? known?.player_id ?? null,
      name: entry.name ?? known?.name ?? null,
      stack,
      in_hand: inHand,
      present: inHand || (stack !== null && stack > 0 ? false : (known?.present ?? false)),
    });
    if (index >= 0) seats[index] = seat;
    else {
      seats.push(seat);
      inserted = true;
    }
    if (entry.stack != null)
      history = recordStack(
        state.stackHistory,
        history,
        seat.player_id,
        stackPoint(event, at, entry.stack, 'start_hand'),
        limit,
      );
  }
  if (inserted) seats.sort(bySeatId);
  return stepped(state, event, at, {
    handNumber: p.hand_number,
    tableName: p.table_name ?? state.tableName,
    gameMode: p.game_mode ?? state.gameMode,
    bettingStructure: p.betting_structure ?? state.bettingStructure,
    blinds: p.blinds ?? state.blinds,
    button: p.button_seat ?? state.button,
    street: 'preflop',
    board: [],
    pot,
    streetBets,
    currentBet: maxBet(streetBets),
    seats,
    actionOn: null,
    betweenHands: false,
    handStateKnown: true,
    stackHistory: history ?? state.stackHistory,
    ticker: state.ticker.append(
      tickerLine(event.seq, event.ts, 'hand', 'start', p.hand_number, null, null, null, null, null),
    ),
  });
}

function applyPlayerAction(state: TableState, event: EventOf<'player_action'>, at: number): TableState {
  const p: PlayerAction = event.payload;
  const amount = cents(p.amount ?? 0);
  const index = seatIndex(state.seats, p.seat_id);
  let seats = state.seats;
  let stackAfter: number | null = null;
  if (index >= 0) {
    const seat = seats[index] as TableSeat;
    stackAfter = seat.stack === null ? null : addMoney(seat.stack, -amount);
    const inHand = p.action_type === 'fold' ? false : seat.in_hand;
    if (stackAfter !== seat.stack || inHand !== seat.in_hand)
      seats = replaceSeat(seats, index, { ...seat, stack: stackAfter, in_hand: inHand });
  }
  let streetBets = state.streetBets;
  let currentBet = state.currentBet;
  if (amount !== 0) {
    const bet = addMoney(
      p.seat_id < streetBets.length && p.seat_id >= 0 ? (streetBets[p.seat_id] as number) : 0,
      amount,
    );
    if (p.seat_id >= 0) streetBets = withBet(streetBets, p.seat_id, bet);
    currentBet = Math.max(currentBet, bet);
  }
  const handNumber = p.hand_number ?? state.handNumber;
  // The ticker names the seat as the model knows it, and falls back to the payload for a seat it never saw.
  const seat = index >= 0 ? (seats[index] as TableSeat) : null;
  const who =
    seat === null
      ? { seatId: p.seat_id, playerId: p.player_id ?? null, name: p.name ?? null }
      : { seatId: seat.seat_id, playerId: seat.player_id, name: seat.name };
  const line = tickerLine(
    event.seq,
    event.ts,
    'action',
    p.action_type,
    handNumber,
    who.seatId,
    who.playerId,
    who.name,
    p.amount ?? null,
    stackAfter,
  );
  return stepped(state, event, at, {
    handNumber,
    street: p.street ?? state.street,
    seats,
    pot: addMoney(state.pot, amount),
    streetBets,
    currentBet,
    actionOn: nextToAct(seats, p.seat_id),
    betweenHands: false,
    handStateKnown: true,
    ticker: state.ticker.append(line),
  });
}

function applyNewStreet(
  state: TableState,
  event: LiveEvent,
  p: DealStreet | StreetAdvance,
  board: readonly string[],
  at: number,
): TableState {
  const street = p.street ?? state.street;
  const handNumber = p.hand_number ?? state.handNumber;
  return stepped(state, event, at, {
    handNumber,
    street,
    board,
    ...NO_STREET_BETS,
    actionOn: nextToAct(state.seats, state.button),
    ticker: state.ticker.append(
      tickerLine(event.seq, event.ts, 'street', street ?? 'street', handNumber, null, null, null, null, null),
    ),
  });
}

function applyEndHand(state: TableState, event: EventOf<'end_hand'>, at: number): TableState {
  const p: EndHand = event.payload;
  const seats = state.seats.slice();
  let changed = false;
  let history: Record<string, TableState['stackHistory'][string]> | null = null;
  const limit = state.limits.stackHistorySize;
  for (const entry of p.seats ?? []) {
    const index = seatIndex(seats, entry.seat_id);
    if (index < 0) continue;
    const seat = seats[index] as TableSeat;
    const stack = entry.stack == null ? seat.stack : cents(entry.stack);
    if (stack !== seat.stack) {
      seats[index] = { ...seat, stack };
      changed = true;
    }
    if (stack !== null)
      history = recordStack(
        state.stackHistory,
        history,
        seat.player_id,
        stackPoint(event, at, stack, 'end_hand'),
        limit,
      );
  }
  // Nobody is in a hand once it has ended: money may move until the next start_hand.
  for (let index = 0; index < seats.length; index += 1) {
    const seat = seats[index] as TableSeat;
    if (seat.in_hand) {
      seats[index] = { ...seat, in_hand: false };
      changed = true;
    }
  }
  const handNumber = p.hand_number ?? state.handNumber;
  return stepped(state, event, at, {
    handNumber,
    // The hand is over: no street is running and the board is swept (the ticker keeps the result).
    street: null,
    board: [],
    seats: changed ? seats : state.seats,
    pot: 0,
    ...NO_STREET_BETS,
    actionOn: null,
    betweenHands: true,
    handStateKnown: true,
    stackHistory: history ?? state.stackHistory,
    ticker: state.ticker.append(
      tickerLine(event.seq, event.ts, 'result', 'end', handNumber, null, null, null, p.total_pot ?? null, null),
    ),
  });
}

/** Applies one validated live event. Each handler builds the next state through `stepped`. */
export function applyEvent(state: TableState, event: LiveEvent, at: number): TableState {
  switch (event.kind) {
    case 'start_hand':
      return applyStartHand(state, event, at);
    case 'player_action':
      return applyPlayerAction(state, event, at);
    case 'deal_street':
      return applyNewStreet(state, event, event.payload, boardOf(event.payload.board, state.board), at);
    case 'street_advance':
      return applyNewStreet(state, event, event.payload, state.board, at);
    case 'end_hand':
      return applyEndHand(state, event, at);
    case 'payout_applied':
      return applyStackChange(
        state,
        event,
        event.payload,
        event.payload.seat_id ?? event.payload.winner_seat ?? null,
        'payout',
        'payout',
        at,
      );
    case 'transaction_applied':
      return applyStackChange(
        state,
        event,
        event.payload,
        event.payload.seat_id ?? null,
        'money',
        event.payload.kind,
        at,
      );
  }
}

/**
 * Records a catch-up event (one the current state frame already reflects): a ticker line and the seq, nothing
 * else. Applying it would count its money a second time.
 */
export function recordCatchUp(state: TableState, event: LiveEvent, at: number): TableState {
  // The model's own ticker defers the line; any other log (a state built elsewhere) takes it built.
  const ticker =
    state.ticker instanceof TickerLog ? state.ticker.appendCatchUp(event) : state.ticker.append(catchUpLine(event));
  return stepped(state, event, at, { ticker });
}
