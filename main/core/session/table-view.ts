/** Projects the table model's state onto the contract's TableView and ticker lines (pure). */
import type { BlindsView, SeatView, TableView, TickerEntry } from '../../../preload/contract';
import type { Blinds } from '../venue/schemas-rest';
import { venueMillis } from '../venue/venue-time';
import type { TableState, TickerEntry as ModelTickerEntry } from '../venue/table-model';

/** How many ticker lines a snapshot carries. */
export const TICKER_LINES = 30;

function blindsView(blinds: Blinds | null): BlindsView | null {
  if (blinds === null || blinds.big_blind === undefined) return null;
  return {
    smallBlind: blinds.small_blind ?? 0,
    bigBlind: blinds.big_blind,
    ante: blinds.ante ?? 0,
    straddle: blinds.straddle ?? 0,
  };
}

function seatView(seat: TableState['seats'][number], folded: boolean): SeatView {
  return {
    seatId: seat.seat_id,
    name: seat.name,
    playerId: seat.player_id,
    stack: seat.stack,
    inHand: seat.in_hand,
    present: seat.present,
    folded,
  };
}

/** Seats that folded in the hand in progress, read from the ticker's newest lines back to the hand's start. */
function foldedSeats(state: TableState): ReadonlySet<number> {
  const folded = new Set<number>();
  if (state.betweenHands || state.handNumber === null) return folded;
  const lines = state.ticker.toArray();
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] as ModelTickerEntry;
    if (line.hand_number !== state.handNumber) break;
    if (line.kind === 'action' && line.label === 'fold' && line.seat_id !== null) folded.add(line.seat_id);
  }
  return folded;
}

function seatViewsOf(state: TableState): readonly SeatView[] {
  const folded = foldedSeats(state);
  return state.seats.map((seat) => seatView(seat, !seat.in_hand && folded.has(seat.seat_id)));
}

/** The table as the screens show it; null before any frame. */
export function tableView(state: TableState): TableView | null {
  if (state.live === null && state.lastDataAt === null) return null;
  return {
    tableName: state.tableName,
    handNumber: state.handNumber,
    street: state.street,
    board: state.board,
    button: state.button,
    actionOn: state.actionOn,
    pot: state.pot,
    currentBet: state.currentBet,
    blinds: blindsView(state.blinds),
    numSeats: state.numSeats,
    betweenHands: state.betweenHands,
    seats: seatViewsOf(state),
    updatedAt: state.lastDataAt,
  };
}

const actionWords: Record<string, string> = {
  fold: 'folds',
  check: 'checks',
  call: 'calls',
  bet: 'bets',
  raise: 'raises',
  all_in: 'is all in',
  straddle: 'straddles',
};

function who(entry: ModelTickerEntry): string {
  return entry.name ?? (entry.seat_id !== null ? `Seat ${entry.seat_id}` : 'Someone');
}

function words(entry: ModelTickerEntry): string {
  const hand = entry.hand_number !== null ? `Hand #${entry.hand_number}` : 'Hand';
  switch (entry.kind) {
    case 'hand':
      return entry.label === 'start' ? `${hand} starts` : `${hand} ${entry.label}`;
    case 'result':
      return `${hand} ends, pot`;
    case 'street':
      return `${entry.label.charAt(0).toUpperCase()}${entry.label.slice(1)}`;
    case 'action':
      return `${who(entry)} ${actionWords[entry.label] ?? entry.label}`;
    case 'payout':
      return `${who(entry)} wins`;
    case 'money':
      return `${who(entry)}: ${entry.label.replace('_', '-')}`;
  }
}

/** Newest first, at most TICKER_LINES, already worded. */
export function tickerView(state: TableState): readonly TickerEntry[] {
  const lines: TickerEntry[] = [];
  const ticker: readonly ModelTickerEntry[] = state.ticker.toArray();
  for (let index = ticker.length - 1; index >= 0 && lines.length < TICKER_LINES; index -= 1) {
    const entry = ticker[index] as ModelTickerEntry;
    // deal_street and street_advance both announce a street: one line is enough.
    const older = ticker[index - 1];
    if (
      entry.kind === 'street' &&
      older?.kind === 'street' &&
      older.label === entry.label &&
      older.hand_number === entry.hand_number
    )
      continue;
    const amount = entry.kind === 'action' && (entry.label === 'fold' || entry.label === 'check') ? null : entry.amount;
    lines.push({
      id: `${entry.seq}:${entry.kind}:${entry.seat_id ?? '-'}:${entry.label}`,
      at: venueMillis(entry.ts),
      kind: entry.kind,
      text: words(entry),
      amount,
    });
  }
  return lines;
}
