/**
 * The table model: a pure reducer `(state, input) -> state` over state frames, applied events and connection
 * facts. A state frame replaces the whole picture (it is the venue's own projection and heals any missed event);
 * events move it forward between frames. Seat ids map to players through the latest state frame.
 */
import { cents } from './money';
import type { LiveState, Seat } from './schemas-live';
import { applyEvent, recordCatchUp } from './table-events';
import { NO_BETS, recordStack, shareSeats } from './table-seats';
import type { TableInput, TableLimits, TableSeat, TableState } from './table-types';
import { TickerLog } from './ticker-log';

export type {
  StackPoint,
  StackReason,
  TableInput,
  TableLimits,
  TableSeat,
  TableState,
  TickerEntry,
  TickerKind,
} from './table-types';

/** Default history bounds: enough for a ticker panel and a night of a player's stack. */
export const DEFAULT_TABLE_LIMITS: TableLimits = { tickerSize: 50, stackHistorySize: 200 };

/** The table before anything is known. */
export function initialTable(limits: TableLimits = DEFAULT_TABLE_LIMITS): TableState {
  return {
    live: null,
    connected: false,
    handNumber: null,
    tableName: null,
    street: null,
    board: [],
    button: null,
    actionOn: null,
    pot: 0,
    currentBet: 0,
    blinds: null,
    gameMode: null,
    bettingStructure: null,
    numSeats: null,
    seats: [],
    betweenHands: false,
    handStateKnown: false,
    streetBets: NO_BETS,
    ticker: TickerLog.withLimit(limits.tickerSize),
    stackHistory: {},
    lastSeq: null,
    lastDataAt: null,
    lastStateFrameAt: null,
    limits,
  };
}

function toSeat(seat: Seat & { seat_id: number }): TableSeat {
  return {
    seat_id: seat.seat_id,
    player_id: seat.player_id ?? null,
    name: seat.name ?? null,
    stack: seat.stack == null ? null : cents(seat.stack),
    in_hand: seat.in_hand === true,
    present: seat.present !== false,
  };
}

function hasSeatId(seat: Seat): seat is Seat & { seat_id: number } {
  return typeof seat.seat_id === 'number';
}

function applyStateFrame(state: TableState, live: boolean, frame: LiveState | null, at: number): TableState {
  // No table now: the seats stay on screen as last known, but they are an earlier frame's, so this frame (fresh,
  // on a caught-up socket) must not vouch for them: hand state unknown, which the cashier never trusts for money.
  if (frame === null) return { ...state, live, handStateKnown: false, lastDataAt: at, lastStateFrameAt: at };
  const framed = (frame.seats ?? [])
    .filter(hasSeatId)
    .map(toSeat)
    .sort((a, b) => a.seat_id - b.seat_id);
  const seats = shareSeats(state.seats, framed);
  let history: Record<string, TableState['stackHistory'][string]> | null = null;
  for (const seat of seats) {
    if (seat.stack === null) continue;
    history = recordStack(
      state.stackHistory,
      history,
      seat.player_id,
      { seq: null, at, stack: seat.stack, reason: 'state' },
      state.limits.stackHistorySize,
    );
  }
  const currentBet = cents(frame.current_bet ?? 0);
  // With nobody dealt in, no hand is running: money may move. A seated player whose in_hand is null leaves that
  // unknown (shown as between hands, but never trusted for money).
  // Read from every seat the frame lists: one without a seat_id (the spec allows null) is not drawn, but a player
  // dealt in there still means a hand is running.
  const betweenHands = !(frame.seats ?? []).some((seat) => seat.in_hand === true);
  const handStateKnown = !(frame.seats ?? []).some(
    (seat) => (seat.player_id != null || seat.name != null) && typeof seat.in_hand !== 'boolean',
  );
  return {
    ...state,
    live,
    handNumber: frame.hand_number ?? null,
    tableName: frame.table_name ?? null,
    // Between hands the model shows no street and no board, however it learned the hand was over (end_hand live
    // or a frame taken after it): the same table must not look different depending on when the socket opened.
    street: betweenHands ? null : (frame.street ?? null),
    board: betweenHands ? [] : (frame.board ?? []),
    button: frame.button ?? null,
    actionOn: frame.action_on ?? null,
    pot: cents(frame.pot ?? 0),
    currentBet,
    blinds: frame.blinds ?? null,
    gameMode: frame.game_mode ?? null,
    bettingStructure: frame.betting_structure ?? null,
    numSeats: frame.num_seats ?? null,
    seats,
    // A frame cannot say who bet what this street; the bet to match is the only fact it gives.
    streetBets: NO_BETS,
    betweenHands,
    handStateKnown,
    stackHistory: history ?? state.stackHistory,
    lastDataAt: at,
    lastStateFrameAt: at,
  };
}

/** The table reducer. Never mutates `state`. */
export function reduceTable(state: TableState, input: TableInput): TableState {
  switch (input.type) {
    case 'state':
      return applyStateFrame(state, input.live, input.state, input.at);
    case 'event':
      return applyEvent(state, input.event, input.at);
    case 'catch-up':
      return recordCatchUp(state, input.event, input.at);
    case 'connection':
      return state.connected === input.connected ? state : { ...state, connected: input.connected };
  }
}

/** Milliseconds since the table last received data, or null when it never did. */
export function dataAgeMs(state: TableState, now: number): number | null {
  return state.lastDataAt === null ? null : Math.max(0, now - state.lastDataAt);
}
