/**
 * Tonight's hands, accumulated from the live plane (the spec's rule 1: hands of the night in progress are on the
 * socket only, so the dispute tool cannot read them from /hands). Pure: `(night, event) -> night`, readonly state.
 * Keyed on player_id, never on names. Amounts are table chips, rounded to cents at every sum.
 *
 * Duplicates: the keeper drops repeated seqs within a run; after an engine restart (`reset: true`) the whole window
 * is replayed under new seqs, so hands are deduplicated on hand_number: a finished hand is never taken twice, and a
 * replayed start_hand of the open hand restarts it (its actions follow again, so none counts twice).
 * Night identity is the venue's time, not the hand number alone: a replay carries its events' original `ts`, so
 * an event with a number this night already used (or a lower one) but a `ts` later than anything the night has
 * seen is not a replay: the table's sequence started again, a new night. This holds across an app restart: the
 * stored night's hands keep their times, so the next night's hand #1 is not dropped as "already seen".
 */
import { cents } from '../venue/money';
import { venueMillis } from '../venue/venue-time';
import type { LiveEvent } from '../venue/schemas-live';

/** Hands kept per night (older ones drop off; the published history has them after the night closes). */
export const TONIGHT_MAX_HANDS = 500;
/** Hand numbers remembered for deduplication (far more than the venue's replay window can hold). */
const SEEN_LIMIT = 5_000;

/** One action of a player, its amount the chip increment (blinds posted at the start are `post`). */
export interface TonightAction {
  readonly street: string | null;
  readonly action: string;
  readonly amount: number | null;
  /** Unix ms. */
  readonly at: number;
}

/** One player's part in a hand. */
export interface TonightSeat {
  readonly playerId: string;
  readonly name: string | null;
  readonly seatId: number;
  /** Pre-blind stack (start_hand's `stack`); null when the start of the hand was not seen. */
  readonly stackStart: number | null;
  readonly actions: readonly TonightAction[];
  readonly contributed: number | null;
  readonly won: number | null;
  readonly net: number | null;
  readonly stackEnd: number | null;
  /** payout_applied's stack after the credit (a fallback for the end stack when the start was missed). */
  readonly payoutStackAfter: number | null;
}

/** One hand of tonight. */
export interface TonightHand {
  readonly handNumber: number;
  /** Unix ms; null when only the end was seen. */
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly board: readonly string[];
  readonly pot: number | null;
  readonly rake: number | null;
  readonly winnerSeats: readonly number[];
  readonly seats: readonly TonightSeat[];
}

/** The accumulator's state: the finished hands of the night (oldest first) and the hand in progress. */
export interface TonightNight {
  readonly startedAt: number | null;
  readonly hands: readonly TonightHand[];
  readonly open: TonightHand | null;
  readonly lastHandNumber: number | null;
  /** Finished hand numbers of this night, oldest first (deduplication). */
  readonly seen: readonly number[];
}

export const EMPTY_NIGHT: TonightNight = { startedAt: null, hands: [], open: null, lastHandNumber: null, seen: [] };

function boardOf(board: readonly unknown[] | null | undefined): readonly string[] {
  return (board ?? []).filter((card): card is string => typeof card === 'string');
}

/** The night's latest venue time (Unix ms): the newest finished hand's end or the open hand's start. */
function latestActivity(night: TonightNight): number | null {
  const times = [night.hands[night.hands.length - 1]?.endedAt, night.open?.startedAt, night.startedAt];
  const known = times.filter((at): at is number => typeof at === 'number');
  return known.length === 0 ? null : Math.max(...known);
}

/**
 * True when a hand numbered `handNumber` at venue time `at` cannot belong to this night: the number is not above
 * the last one seen, it is not the open hand (a replayed start of it restarts it), and it happened after everything
 * this night holds, so it is no replay.
 */
function startsNewNight(night: TonightNight, handNumber: number, at: number): boolean {
  if (night.lastHandNumber === null || handNumber > night.lastHandNumber || night.open?.handNumber === handNumber)
    return false;
  const latest = latestActivity(night);
  return latest !== null && at > latest;
}

function startHand(night: TonightNight, event: Extract<LiveEvent, { kind: 'start_hand' }>): TonightNight {
  const { payload } = event;
  const handNumber = payload.hand_number;
  const at = venueMillis(event.ts);
  const restarted = startsNewNight(night, handNumber, at);
  if (!restarted && night.seen.includes(handNumber)) return night;
  const base = restarted ? { ...EMPTY_NIGHT } : night;
  const seats: TonightSeat[] = [];
  for (const seat of payload.seats ?? []) {
    if (seat.player_id == null || seat.player_id === '') continue;
    const posted = seat.posted ?? 0;
    seats.push({
      playerId: seat.player_id,
      name: seat.name ?? null,
      seatId: seat.seat_id,
      stackStart: seat.stack ?? null,
      actions: posted > 0 ? [{ street: 'preflop', action: 'post', amount: posted, at }] : [],
      contributed: null,
      won: null,
      net: null,
      stackEnd: null,
      payoutStackAfter: null,
    });
  }
  // A replayed start_hand of the open hand replaces it: the replay brings its actions again.
  const open: TonightHand = {
    handNumber,
    startedAt: at,
    endedAt: null,
    board: [],
    pot: null,
    rake: null,
    winnerSeats: [],
    seats,
  };
  return { ...base, startedAt: base.startedAt ?? at, open, lastHandNumber: handNumber };
}

function matchesOpen(
  night: TonightNight,
  handNumber: number | null | undefined,
): night is TonightNight & { open: TonightHand } {
  return night.open !== null && (handNumber == null || handNumber === night.open.handNumber);
}

function updateSeat(
  hand: TonightHand,
  find: (seat: TonightSeat) => boolean,
  change: (seat: TonightSeat) => TonightSeat,
): TonightHand {
  return { ...hand, seats: hand.seats.map((seat) => (find(seat) ? change(seat) : seat)) };
}

function playerAction(night: TonightNight, event: Extract<LiveEvent, { kind: 'player_action' }>): TonightNight {
  const { payload } = event;
  if (!matchesOpen(night, payload.hand_number)) return night;
  const action: TonightAction = {
    street: payload.street ?? null,
    action: payload.action_type,
    amount: payload.amount ?? null,
    at: venueMillis(event.ts),
  };
  const find = (seat: TonightSeat) =>
    payload.player_id != null ? seat.playerId === payload.player_id : seat.seatId === payload.seat_id;
  return { ...night, open: updateSeat(night.open, find, (seat) => ({ ...seat, actions: [...seat.actions, action] })) };
}

function payoutApplied(night: TonightNight, event: Extract<LiveEvent, { kind: 'payout_applied' }>): TonightNight {
  const { payload } = event;
  const seatId = payload.seat_id ?? payload.winner_seat;
  if (!matchesOpen(night, payload.hand_number) || payload.stack_after == null) return night;
  const after = payload.stack_after;
  const find = (seat: TonightSeat) =>
    payload.player_id != null ? seat.playerId === payload.player_id : seat.seatId === seatId;
  return { ...night, open: updateSeat(night.open, find, (seat) => ({ ...seat, payoutStackAfter: after })) };
}

function endSeat(
  start: TonightSeat | undefined,
  seat: NonNullable<Extract<LiveEvent, { kind: 'end_hand' }>['payload']['seats']>[number],
  playerId: string,
): TonightSeat {
  const contributed = seat.contributed ?? null;
  const won = seat.won ?? null;
  const net = seat.net ?? (contributed !== null && won !== null ? cents(won - contributed) : null);
  const stackStart = start?.stackStart ?? (seat.stack != null && net !== null ? cents(seat.stack - net) : null);
  // Start - contributed + won is the end stack by the hand's own money; the venue's stacks are the fallback.
  const stackEnd =
    stackStart !== null && contributed !== null && won !== null
      ? cents(stackStart - contributed + won)
      : (start?.payoutStackAfter ?? seat.stack ?? null);
  return {
    playerId,
    name: seat.name ?? start?.name ?? null,
    seatId: seat.seat_id,
    stackStart,
    actions: start?.actions ?? [],
    contributed,
    won,
    net,
    stackEnd,
    payoutStackAfter: start?.payoutStackAfter ?? null,
  };
}

function endHand(night: TonightNight, event: Extract<LiveEvent, { kind: 'end_hand' }>): TonightNight {
  const { payload } = event;
  const handNumber = payload.hand_number ?? night.open?.handNumber ?? null;
  if (handNumber === null) return night;
  const at = venueMillis(event.ts);
  // A hand whose start was missed can open a new night by itself (see startsNewNight).
  const restarted = startsNewNight(night, handNumber, at);
  if (!restarted && night.seen.includes(handNumber)) return night;
  const base = restarted ? EMPTY_NIGHT : night;
  const started = base.open?.handNumber === handNumber ? base.open : null;
  const seats: TonightSeat[] = [];
  for (const seat of payload.seats ?? []) {
    if (seat.player_id == null || seat.player_id === '') continue;
    const playerId = seat.player_id;
    seats.push(
      endSeat(
        started?.seats.find((entry) => entry.playerId === playerId),
        seat,
        playerId,
      ),
    );
  }
  const hand: TonightHand = {
    handNumber,
    startedAt: started?.startedAt ?? null,
    endedAt: at,
    board: payload.board == null ? (started?.board ?? []) : boardOf(payload.board),
    pot: payload.total_pot ?? null,
    rake: payload.rake ?? null,
    winnerSeats: payload.winner_seats ?? [],
    seats,
  };
  return {
    startedAt: base.startedAt ?? at,
    hands: [...base.hands, hand].slice(-TONIGHT_MAX_HANDS),
    open: null,
    lastHandNumber: Math.max(base.lastHandNumber ?? handNumber, handNumber),
    seen: [...base.seen, handNumber].slice(-SEEN_LIMIT),
  };
}

/** Applies one live event; unrelated kinds and duplicates leave the night as it was. */
export function applyTonightEvent(night: TonightNight, event: LiveEvent): TonightNight {
  switch (event.kind) {
    case 'start_hand':
      return startHand(night, event);
    case 'player_action':
      return playerAction(night, event);
    case 'deal_street':
      if (!matchesOpen(night, event.payload.hand_number) || event.payload.board == null) return night;
      return { ...night, open: { ...night.open, board: boardOf(event.payload.board) } };
    case 'payout_applied':
      return payoutApplied(night, event);
    case 'end_hand':
      return endHand(night, event);
    default:
      return night;
  }
}
