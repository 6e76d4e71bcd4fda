/**
 * Deciding an in-doubt movement from what the live plane shows: a matching transaction_applied event seen after
 * the intent was journaled, or the live stack against the stack seen when the movement left. Pure.
 *
 * "Applied" and "not applied" are not symmetric. A wrong "not applied" lets the cashier send the money again, so it
 * needs a reading the venue vouches for: live (`live: true`), from a connected and caught-up stream or a GET
 * /live/state read, received after the venue answered outcome_unknown for this key, between hands, with the same
 * hand number as when it left (both known), and the stack exactly as it left. Anything less is "cannot tell": a
 * failed read, a `live: false` frame, the frame saved before a restart, a view older than the doubt, unknown
 * (null) hand fields.
 */
import { fromCents, sameMoney, toCents } from '../venue/money';
import { sameVenueName } from '../../../preload/contract/player-name';
import { positionGap, seenAfterIntent } from './stream-position';
import type {
  Evidence,
  Movement,
  ObservationStamp,
  ObservedSeat,
  StreamCoverage,
  TableObservation,
  TransactionAppliedObservation,
} from './types';

/** Whether a seat or event is this movement's player: by permanent id when both have one, else by name. */
export function samePlayer(
  movement: Pick<Movement, 'playerId' | 'playerName'>,
  playerId: string | null,
  name: string | null,
): boolean {
  if (movement.playerId !== null && playerId !== null) return movement.playerId === playerId;
  return sameVenueName(name, movement.playerName);
}

/**
 * One host application's identity, from what the event itself says (not when it was seen): a replayed or
 * re-delivered copy of the same event has the same identity, so it can never count as a second application.
 */
export function eventIdentity(event: TransactionAppliedObservation): string {
  return JSON.stringify([
    event.session_id,
    event.hand_number,
    event.seat_id,
    event.player_id,
    event.name,
    event.kind,
    event.amount,
    event.delta,
    event.stack_before,
    event.stack_after,
  ]);
}

/**
 * A transaction_applied event from the buy-in/cash-out routes for this player, kind and amount, seen after the
 * intent was journaled (by stream position when known: see stream-position.ts) and not stamped with a hand from
 * before the movement left.
 */
export function matchesMovement(movement: Movement, event: TransactionAppliedObservation): boolean {
  if (event.source !== 'transaction' || !seenAfterIntent(movement, event)) return false;
  // An event that names no seat and no player says only a name moved: never evidence for anyone's movement.
  if (event.seat_id === null && event.player_id === null) return false;
  if (event.hand_number !== null && movement.handAtSend !== null && event.hand_number < movement.handAtSend)
    return false;
  if (!samePlayer(movement, event.player_id, event.name)) return false;
  // Matched by name only (no player id on one side), an event on another seat than the movement's is a namesake's
  // (a guest without a profile seated since, topped up by another writer), as reconciliation rules too.
  const byNameOnly = movement.playerId === null || event.player_id === null;
  if (byNameOnly && movement.seatId !== null && event.seat_id !== null && event.seat_id !== movement.seatId)
    return false;
  const kind = movement.action === 'buy-in' ? 'buy_in' : 'cash_out';
  if (event.kind !== kind) return false;
  // The application of this request started from the stack the movement left with. An application of the same
  // kind and amount that started elsewhere is another one: an earlier movement's event replayed after a restart
  // (its claim lived in memory), or a terminal we do not know of.
  if (
    movement.stackAtSend !== null &&
    event.stack_before !== null &&
    !sameMoney(event.stack_before, movement.stackAtSend)
  )
    return false;
  // A walk-in seats the player with nothing, so its application starts from 0. A buy-in onto chips already on a seat
  // is someone else's (a namesake seated meanwhile and topped up), whatever its name and amount.
  if (movement.seatId === null && event.stack_before !== null && !sameMoney(event.stack_before, 0)) return false;
  // A whole-stack cash-out empties the stack: a cash-out that left chips (another terminal's partial one from the
  // same stack) is not it, and would have the cashier pay out the whole stack for chips still on the table.
  if (movement.amount === null) {
    if (event.stack_after !== null) return sameMoney(event.stack_after, 0);
    return movement.stackAtSend === null || event.amount === null || sameMoney(event.amount, movement.stackAtSend);
  }
  return event.amount !== null && sameMoney(event.amount, movement.amount);
}

/**
 * The seat of this movement's player in a view, or null when none or more than one could be theirs. The venue applies
 * a movement by `player_name` (the request has no other name for the player), names are the venue's to choose, and a
 * profile-less seat has no player_id: when two seats show the movement's name, the host's choice between them is
 * unknown, so neither stack says anything (the one that did not move would read "not applied" while ours applied).
 */
export function findSeat(
  movement: Pick<Movement, 'playerId' | 'playerName'>,
  table: TableObservation | null,
): ObservedSeat | null {
  const candidates = seatsOf(movement, table);
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/** Every seat that is this movement's player or shows its name (the name the venue applies it by). */
export function seatsOf(
  movement: Pick<Movement, 'playerId' | 'playerName'>,
  table: TableObservation | null,
): readonly ObservedSeat[] {
  if (table === null) return [];
  return table.seats.filter(
    (seat) => samePlayer(movement, seat.player_id, seat.name) || sameVenueName(seat.name, movement.playerName),
  );
}

/**
 * Why a view cannot vouch for the table as it is now (null when it can): the frame saved before a restart, a frame
 * the venue marks not live, or a socket that is not connected and caught up.
 */
export function viewUnusableReason(table: TableObservation): string | null {
  if (table.source === 'restored') return 'The only view is the one saved before the restart: history, not evidence.';
  if (!table.live) return 'The venue says its host is offline: the table shown is its last known one.';
  if (!table.caughtUp) return 'The live stream is not connected and caught up.';
  return null;
}

/** The stack and hand number a movement leaves with (null when no reading can vouch for them). */
export interface SendingFacts {
  readonly stack: number | null;
  readonly handNumber: number | null;
}

const UNKNOWN_FACTS: SendingFacts = { stack: null, handNumber: null };

/**
 * The stack and hand number a movement leaves with, from a reading that can vouch for the table now (live, caught
 * up, not restored, between hands) and that already shows the player's latest answered application; else unknown.
 */
export function sendingFacts(
  movement: Pick<Movement, 'playerId' | 'playerName'>,
  table: TableObservation | null,
  stackIsStale: boolean,
): SendingFacts {
  if (table === null || viewUnusableReason(table) !== null || table.betweenHands !== true) return UNKNOWN_FACTS;
  return { stack: stackIsStale ? null : (findSeat(movement, table)?.stack ?? null), handNumber: table.handNumber };
}

/** What a new movement reads of the table, once: the seats that may be its player's, its seat, what it leaves with. */
export interface SeatReading {
  /** Every seat that is the player or shows their name (more than one: the venue cannot tell which is meant). */
  readonly namesakes: readonly ObservedSeat[];
  /** The player's one seat, or null when none or more than one could be theirs. */
  readonly seat: ObservedSeat | null;
  /** The stack and hand number the movement leaves with, should it leave now (see `sendingFacts`). */
  readonly leaving: SendingFacts;
}

/**
 * Reads a new movement's table once, so the request is judged and the movement leaves on the same reading.
 * `stackIsStale`: whether the view's stack for the player (their id filled from their seat, as the movement will
 * carry it) predates one of their applications.
 */
export function seatReading(
  request: Pick<Movement, 'playerId' | 'playerName'>,
  table: TableObservation | null,
  stackIsStale: (player: Pick<Movement, 'playerId' | 'playerName'>) => boolean,
): SeatReading {
  const namesakes = seatsOf(request, table);
  const seat = namesakes.length === 1 ? (namesakes[0] ?? null) : null;
  const player = { playerId: request.playerId ?? seat?.player_id ?? null, playerName: request.playerName };
  return { namesakes, seat, leaving: sendingFacts(player, table, stackIsStale(player)) };
}

export interface EvidenceInputs {
  readonly now: number;
  /** The newest table reading, or null when there is none. */
  readonly table: TableObservation | null;
  /** Why the latest attempt to read the table failed, when it did and nothing newer arrived since. */
  readonly readFailure: string | null;
  /** Events not yet attributed to any movement: an attributed event is never evidence again. */
  readonly events: readonly TransactionAppliedObservation[];
  /** Another unsettled movement of ours for the same player (its effect would blur the stack comparison). */
  readonly otherMovementForPlayer: boolean;
  /** What the live stream proves it delivered (null: nothing proven). */
  readonly stream: StreamCoverage | null;
  /** When the live stream last showed this player's stack change, or null when it never did. */
  readonly stackMovedAt: number | null;
}

/**
 * Why the app cannot know it saw every stack change of the player since the intent (null when it can): "not
 * applied" on a stack equal to the one it left with is only true if nothing moved it meanwhile, and a lost event
 * (a half-open socket, a gap) can hide an application offset by another writer's change. "Since the intent" is by
 * the stream position journaled with it when there is one (so it holds across a restart), else by time.
 */
export function coverageGap(movement: Movement, inputs: EvidenceInputs, table: TableObservation): string | null {
  const intent = movement.firstSentAt;
  const stream = inputs.stream;
  if (intent === null || stream === null || stream.unbrokenSince === null)
    return 'The live stream is not delivering: a stack change since it left may have been missed.';
  const position = movement.sentPosition ?? null;
  const broken =
    position !== null
      ? positionGap(position, stream)
      : stream.unbrokenSince > intent
        ? 'The live stream broke since it left (a reconnect or a heal): a stack change may have been missed.'
        : null;
  if (broken !== null) return broken;
  if (stream.deliveredThrough === null || stream.deliveredThrough < table.receivedAt)
    return "Waiting for the venue's heartbeat to confirm the live stream delivered everything up to this reading.";
  if (inputs.stackMovedAt !== null && inputs.stackMovedAt >= intent)
    return "The player's stack moved on the live stream since it left (this movement or another writer).";
  return null;
}

function expectedStack(movement: Movement): number | null {
  if (movement.stackAtSend === null) return null;
  const atSend = toCents(movement.stackAtSend);
  if (movement.action === 'buy-in')
    return movement.amount === null ? null : fromCents((atSend + toCents(movement.amount)) as typeof atSend);
  return movement.amount === null ? 0 : fromCents((atSend - toCents(movement.amount)) as typeof atSend);
}

type StackVerdict = Evidence['stackCheck'] & { readonly verdict: Evidence['verdict'] };

/**
 * Whether `event` moved this player's stack since the movement left and is not its own application: an operator's
 * seat edit or another terminal's transaction. The stack then no longer compares with the stack at send (a buy-in
 * that applied and a correction that took it back look like "not applied"; a correction alone looks like "applied").
 */
function movedByAnother(movement: Movement, event: TransactionAppliedObservation): boolean {
  if (!seenAfterIntent(movement, event)) return false;
  if (event.hand_number !== null && movement.handAtSend !== null && event.hand_number < movement.handAtSend)
    return false;
  return samePlayer(movement, event.player_id, event.name) && !matchesMovement(movement, event);
}

/** The reasons a reading cannot decide, in the order a cashier should hear them. */
function readingBlocker(movement: Movement, inputs: EvidenceInputs, table: TableObservation | null): string | null {
  if (table === null)
    return inputs.readFailure === null
      ? 'No live view of the table.'
      : `Cannot read the table now: ${inputs.readFailure}`;
  const unusable = viewUnusableReason(table);
  if (unusable !== null)
    return inputs.readFailure === null ? unusable : `Cannot read the table now: ${inputs.readFailure}`;
  const since = movement.doubt?.since ?? movement.firstSentAt;
  if (since !== null && table.receivedAt < since) {
    return inputs.readFailure === null
      ? 'The table view is older than the venue\'s "do not know"; waiting for a fresh reading.'
      : `Cannot read the table now: ${inputs.readFailure}`;
  }
  if (table.betweenHands === null) return 'The venue did not say whether a hand is in progress.';
  if (!table.betweenHands) return 'A hand is in progress: stacks are moving.';
  if (inputs.otherMovementForPlayer) return 'Another movement for this player is unsettled.';
  if (inputs.events.some((event) => movedByAnother(movement, event)))
    return "The player's stack was moved since it left by another application (an operator's edit, another terminal).";
  if (movement.stackAtSend === null) return 'The stack was not seen on a live view when the movement left.';
  if (movement.handAtSend === null || table.handNumber === null)
    return 'Hand numbers unknown: cannot tell whether a hand was played since.';
  if (table.handNumber !== movement.handAtSend)
    return `Hands were played since it left (hand ${movement.handAtSend} -> ${table.handNumber}).`;
  return null;
}

function stackCheck(movement: Movement, inputs: EvidenceInputs): StackVerdict {
  const table = inputs.table;
  const seat = findSeat(movement, table);
  const stackNow = seat?.stack ?? null;
  const expectedIfApplied = expectedStack(movement);
  const base = { stackAtSend: movement.stackAtSend, stackNow, expectedIfApplied };
  const unusable = (why: string): StackVerdict => ({ ...base, usable: false, why, verdict: 'inconclusive' });
  const blocker = readingBlocker(movement, inputs, table);
  if (blocker !== null) return unusable(blocker);
  if (seat === null && seatsOf(movement, table).length > 1)
    return unusable(`More than one seat shows the name ${movement.playerName}: the venue applies by name.`);
  if (seat === null || stackNow === null) {
    // A whole-stack cash-out that closed the session may remove the player from the table.
    if (movement.action === 'cash-out' && movement.closeSession) return unusable('The player is no longer seated.');
    return unusable('The player is not seen at the table.');
  }
  const atSend = movement.stackAtSend as number;
  if (expectedIfApplied !== null && sameMoney(stackNow, expectedIfApplied) && !sameMoney(expectedIfApplied, atSend)) {
    return { ...base, usable: true, why: `Stack is ${stackNow}, exactly what applying it gives.`, verdict: 'applied' };
  }
  if (sameMoney(stackNow, atSend)) {
    const gap = coverageGap(movement, inputs, table as TableObservation);
    if (gap !== null) return unusable(gap);
    return {
      ...base,
      usable: true,
      why: `Stack is still ${stackNow}, as when it left, and no hand was played since.`,
      verdict: 'not-applied',
    };
  }
  return unusable(
    `Stack is ${stackNow}: neither the stack it left with (${atSend}) nor the ` +
      `applied result (${expectedIfApplied ?? 'unknown'}).`,
  );
}

function stampOf(table: TableObservation | null): ObservationStamp | null {
  if (table === null) return null;
  return {
    source: table.source,
    live: table.live,
    caughtUp: table.caughtUp,
    receivedAt: table.receivedAt,
    venueTs: table.venueTs,
  };
}

/** Checks the player's stack for an in-doubt movement and says what was seen, and on which reading. */
export function assessEvidence(movement: Movement, inputs: EvidenceInputs): Evidence {
  const matchingEvent = inputs.events.find((event) => matchesMovement(movement, event)) ?? null;
  const { verdict: stackVerdict, ...stack } = stackCheck(movement, inputs);
  const observation = stampOf(inputs.table);
  if (matchingEvent !== null) {
    return {
      checkedAt: inputs.now,
      observation,
      verdict: 'applied',
      matchingEvent,
      stackCheck: stack,
      summary:
        `The table showed a ${matchingEvent.kind === 'buy_in' ? 'buy-in' : 'cash-out'} for ` +
        `${matchingEvent.name ?? movement.playerName}: ${matchingEvent.amount ?? ''} (stack ` +
        `${matchingEvent.stack_before ?? '?'} -> ${matchingEvent.stack_after ?? '?'}).`,
    };
  }
  const summary =
    stackVerdict === 'applied'
      ? stack.why
      : stackVerdict === 'not-applied'
        ? `The table showed no such movement, and ${stack.why[0]?.toLowerCase() ?? ''}${stack.why.slice(1)}`
        : `Cannot tell: ${stack.why}`;
  return { checkedAt: inputs.now, observation, verdict: stackVerdict, matchingEvent: null, stackCheck: stack, summary };
}
