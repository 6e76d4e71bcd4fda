/**
 * Matching, pure: which venue event is the record of which applied movement of this PC, which movements the venue
 * has not shown, which events happened at the table without this cashier, and what could not be checked.
 *
 * Events carry no idempotency key, so an event is this movement's only if it could not be anyone else's:
 * 1. Compatible: source `transaction` (an operator's seat_edit is never ours); the movement's kind; the same player
 *    (player ids equal when both are known, else the venue's name rule, `sameVenueName`: a namesake with another id
 *    is never ours); the movement's delta to the cent when we know it independently of the event (the host's answer,
 *    or the amount asked; a whole-stack cash-out must leave 0); the stack it left with (`stack_before` equals the
 *    stack at send, when both are known); a player id or stack the movement lacks (a walk-in) is taken from its
 *    answer (a walk-in whose answer says no stack started from 0); a hand number not before the hand at send;
 *    received after the intent was journaled (the host cannot apply what it has not been sent).
 * 2. One to one, in time order. A movement whose only compatible event no other movement's only candidate is takes
 *    it; that is repeated until nothing changes. A cluster left where every movement has the same candidates and
 *    there are exactly as many events as movements is paired in order: one player's movements never overlap (one
 *    unsettled movement per player), the host applies each before answering it, and the stream keeps the venue's
 *    order, so the k-th movement's event is the k-th event. Two equal buy-ins in a row pair this way; a stack chain
 *    usually tells them apart before.
 * 3. Anything else is ambiguous: the movements and their candidates are reported as "could not be checked", never
 *    paired by a guess. So is a pair by name only whose event is on another seat than the movement's known seat, or
 *    names no seat and no player, and with it the whole in-order cluster it was paired in.
 * A misdirected movement (its answer named another seat or player: see outcome.ts `misdirection`) is matched where
 * the answer says the money went (the answer's player id, name and stack), never where it was asked: it is ours,
 * reported apart as misdirected, and its event is never "at the table, not through this cashier".
 * A movement with no event is "not seen by the venue" only if the stream was continuous from its intent to a little
 * after its answer; otherwise it could not be checked (the gap says why). Events of the shift no movement explains are
 * "at the table, not through this cashier", corrections (seat_edit) apart from other writers.
 */
import { addCents, type Cents } from '../../venue/money';
import { countedByCashier, heldEvidence } from '../decision';
import { SETTLED_STATES, type Movement } from '../types';
import { venueMillis } from '../../venue/venue-time';
import { compatible, eventDelta, eventTime, intentAt, KIND, nameKeys, onAnotherSeat, playerIndex } from './compatible';
import { eventFingerprint } from './event-identity';
import type { GapReason, LedgerView, StreamGap, VenueEvent } from './types';

/** How long after a movement's answer its event may still be on its way. */
export const EVENT_SLACK_MS = 10_000;

export interface MatchInput {
  /** Our movements (the caller passes the shift's); only applied ones are ours to match. */
  readonly movements: readonly Movement[];
  /**
   * The rest of this PC's record (other shifts' movements still journaled): they take their events too, since one
   * venue event settles at most one movement in the whole record, but only `movements` are reported.
   */
  readonly others?: readonly Movement[];
  readonly ledger: LedgerView;
  /** The shift's span (to: null while open). */
  readonly span: { readonly from: number; readonly to: number | null };
  readonly now: number;
  /** Movements whose answer arrived but is not yet journaled (the disk is full): pending, never someone else's. */
  readonly unsaved?: ReadonlySet<string>;
}

export interface MatchedPair {
  readonly key: string;
  readonly event: VenueEvent;
}

export interface UncheckedMovement {
  readonly key: string;
  /** counted: the cashier counted it as applied and its key has not answered yet (the venue has not confirmed it). */
  readonly why: 'gap' | 'ambiguous' | 'counted';
  /** The gap that hid its event (why: gap). */
  readonly gap: StreamGap | null;
}

export interface UncheckedEvent {
  readonly event: VenueEvent;
  /** ambiguous: more than one movement could be its; unsettled: it may be a movement of ours not settled yet. */
  readonly why: 'ambiguous' | 'unsettled';
}

export interface TheirTotals {
  readonly count: number;
  /** Sum of signed deltas (money in), whole cents; events without a delta are counted, not summed. */
  readonly net: Cents;
  readonly moneyIn: Cents;
  readonly moneyOut: Cents;
  readonly unknownAmounts: number;
}

export interface Reconciliation {
  readonly matched: readonly MatchedPair[];
  /** Ours, matched to the venue's record of it on the seat its answer named: applied, to another seat than asked. */
  readonly misdirected: readonly MatchedPair[];
  /** Applied by the venue's answer, no event seen while the stream was continuous. */
  readonly oursUnmatched: readonly string[];
  /** Events of the shift not through this cashier, in stream order. */
  readonly theirs: readonly VenueEvent[];
  readonly uncheckedMovements: readonly UncheckedMovement[];
  readonly uncheckedEvents: readonly UncheckedEvent[];
  /** Movements whose answer is not yet saved on this PC (disk full); their events are theirs, kept out of `theirs`. */
  readonly pendingUnsaved: readonly string[];
  /** Gaps that overlap the shift. */
  readonly gaps: readonly StreamGap[];
  /** Other writers' buy-ins and cash-outs (source transaction). */
  readonly otherWriters: TheirTotals;
  /** The table operator's corrections (source seat_edit) and any other source. */
  readonly corrections: TheirTotals;
}

const overlaps = (gap: StreamGap, from: number, to: number): boolean => gap.from <= to && gap.to >= from;

interface Pairing {
  readonly pairs: Map<Movement, VenueEvent>;
  readonly ambiguous: Set<Movement>;
  readonly ambiguousEvents: Set<VenueEvent>;
}

/**
 * Rules 2 and 3 over the compatibility lists. `noProof`: a pair that may not be confirmed (see onAnotherSeat); an
 * in-order cluster with one is ambiguous as a whole, since its order paired the others only alongside that one.
 */
function pair(
  movements: readonly Movement[],
  candidates: Map<Movement, VenueEvent[]>,
  noProof: (movement: Movement, event: VenueEvent) => boolean,
): Pairing {
  const pairs = new Map<Movement, VenueEvent>();
  const taken = new Set<VenueEvent>();
  const open = new Set(movements);
  const live = (movement: Movement): VenueEvent[] =>
    (candidates.get(movement) ?? []).filter((event) => !taken.has(event));
  for (let changed = true; changed;) {
    changed = false;
    const onlyCandidate = new Map<VenueEvent, Movement[]>();
    for (const movement of open) {
      const left = live(movement);
      if (left.length === 1) {
        const event = left[0] as VenueEvent;
        onlyCandidate.set(event, [...(onlyCandidate.get(event) ?? []), movement]);
      }
    }
    for (const [event, claimants] of onlyCandidate) {
      if (claimants.length !== 1) continue;
      const movement = claimants[0] as Movement;
      pairs.set(movement, event);
      taken.add(event);
      open.delete(movement);
      changed = true;
    }
  }
  // Clusters: movements with the same remaining candidates.
  const ambiguous = new Set<Movement>();
  const ambiguousEvents = new Set<VenueEvent>();
  const clusters = new Map<string, { movements: Movement[]; events: VenueEvent[] }>();
  const eventIds = new Map<VenueEvent, number>();
  for (const movement of open) {
    const left = live(movement);
    if (left.length === 0) continue;
    const id = left
      .map((event) => {
        if (!eventIds.has(event)) eventIds.set(event, eventIds.size);
        return eventIds.get(event);
      })
      .join(',');
    const cluster = clusters.get(id) ?? { movements: [], events: left };
    cluster.movements.push(movement);
    clusters.set(id, cluster);
  }
  const claimedBy = new Map<VenueEvent, number>();
  for (const cluster of clusters.values())
    for (const event of cluster.events) claimedBy.set(event, (claimedBy.get(event) ?? 0) + 1);
  for (const cluster of clusters.values()) {
    const shared = cluster.events.some((event) => (claimedBy.get(event) ?? 0) > 1);
    const inOrder = [...cluster.movements].sort((a, b) => intentAt(a) - intentAt(b));
    // Checked only when there is an event for each movement: a cluster with fewer events is ambiguous anyway.
    const sized = cluster.events.length === cluster.movements.length;
    const proven = sized && inOrder.every((movement, index) => !noProof(movement, cluster.events[index] as VenueEvent));
    if (!shared && proven) {
      inOrder.forEach((movement, index) => pairs.set(movement, cluster.events[index] as VenueEvent));
    } else {
      for (const movement of cluster.movements) ambiguous.add(movement);
      for (const event of cluster.events) ambiguousEvents.add(event);
    }
  }
  return { pairs, ambiguous, ambiguousEvents };
}

function totalsOf(events: readonly VenueEvent[]): TheirTotals {
  let net = 0 as Cents;
  let moneyIn = 0 as Cents;
  let moneyOut = 0 as Cents;
  let unknownAmounts = 0;
  for (const event of events) {
    const delta = eventDelta(event);
    if (delta === null) {
      unknownAmounts += 1;
      continue;
    }
    net = addCents(net, delta);
    if (delta >= 0) moneyIn = addCents(moneyIn, delta);
    else moneyOut = addCents(moneyOut, -delta as Cents);
  }
  return { count: events.length, net, moneyIn, moneyOut, unknownAmounts };
}

/** The gap (if any) that could have hidden this movement's event. */
function hidingGap(movement: Movement, gaps: readonly StreamGap[], now: number): StreamGap | null {
  const from = intentAt(movement);
  const to = Math.min((movement.settlement?.at ?? now) + EVENT_SLACK_MS, now);
  return gaps.find((gap) => overlaps(gap, from, to)) ?? null;
}

/**
 * The venue events the cashier counted movements as applied on (their keys not answered yet): each held for its
 * movement, the first stored event with its content received after the intent, so no other movement pairs with it.
 */
function heldEvents(counted: readonly Movement[], events: readonly VenueEvent[]): Set<VenueEvent> {
  const held = new Set<VenueEvent>();
  for (const movement of counted) {
    const evidence = heldEvidence(movement);
    if (evidence === null) continue;
    const content = eventFingerprint(evidence, null);
    const fits = events.filter(
      (candidate) =>
        !held.has(candidate) &&
        candidate.receivedAt >= intentAt(movement) &&
        eventFingerprint(candidate, null) === content,
    );
    // Two applications equal in content are told apart by the venue's stamp when the count kept it.
    const stamp = evidence.venueTs === undefined || evidence.venueTs === null ? null : venueMillis(evidence.venueTs);
    const event = fits.find((candidate) => stamp !== null && candidate.venueTs === stamp) ?? fits[0];
    if (event !== undefined) held.add(event);
  }
  return held;
}

/** Reconciles the shift's applied movements with the venue ledger (see the file comment for the rule). */
export function reconcile(input: MatchInput): Reconciliation {
  const { ledger, span, now } = input;
  const end = span.to ?? now;
  const record = [...input.movements, ...(input.others ?? [])];
  const reported = new Set(input.movements.map((movement) => movement.key));
  const applied = record.filter((movement) => movement.state === 'applied').sort((a, b) => intentAt(a) - intentAt(b));
  const pending = record.filter((movement) => !SETTLED_STATES.has(movement.state) && movement.mayHaveReachedHost);
  const counted = pending.filter(countedByCashier);
  const first = applied.reduce((earliest, movement) => Math.min(earliest, intentAt(movement)), span.from);
  const held = heldEvents(counted, ledger.events);
  const pool = ledger.events.filter((event) => event.receivedAt >= first && !held.has(event));
  const keys = nameKeys();
  const byPlayer = playerIndex(pool, keys);
  const candidates = new Map<Movement, VenueEvent[]>();
  for (const movement of applied)
    candidates.set(
      movement,
      byPlayer(movement).filter((event) => compatible(movement, event, keys)),
    );
  const { pairs, ambiguous, ambiguousEvents } = pair(applied, candidates, onAnotherSeat);
  // By name only, an event on another seat than the movement's known seat is no proof (a venue may credit a
  // namesake's seat, other writers exist, an equal top-up may start from the same stack): at most ambiguous.
  for (const [movement, event] of pairs)
    if (onAnotherSeat(movement, event)) {
      pairs.delete(movement);
      ambiguous.add(movement);
      ambiguousEvents.add(event);
    }
  const explained = new Set<VenueEvent>([...pairs.values(), ...ambiguousEvents]);
  // An answer held in memory for a full disk: the venue acted on this movement, so any event of its player and
  // kind since its intent may be its record. Withheld from judgement (pending), never "not through this cashier".
  const unsaved = input.movements.filter((movement) => input.unsaved?.has(movement.key) === true);
  for (const movement of unsaved)
    for (const event of byPlayer(movement))
      if (event.kind === KIND[movement.action] && event.receivedAt >= intentAt(movement)) explained.add(event);
  const unsettledEvents = new Set<VenueEvent>(held);
  for (const movement of pending)
    for (const event of byPlayer(movement))
      if (!explained.has(event) && compatible(movement, event, keys)) unsettledEvents.add(event);

  const gaps = ledger.gaps.filter((gap) => overlaps(gap, span.from, end));
  const matched: MatchedPair[] = [];
  const misdirected: MatchedPair[] = [];
  const oursUnmatched: string[] = [];
  const uncheckedMovements: UncheckedMovement[] = counted
    .filter((movement) => reported.has(movement.key))
    .map((movement) => ({ key: movement.key, why: 'counted' as const, gap: null }));
  for (const movement of applied) {
    if (!reported.has(movement.key)) continue;
    const event = pairs.get(movement);
    if (event !== undefined)
      (movement.flags.includes('misdirected') ? misdirected : matched).push({ key: movement.key, event });
    else if (ambiguous.has(movement)) uncheckedMovements.push({ key: movement.key, why: 'ambiguous', gap: null });
    else {
      const gap = hidingGap(movement, ledger.gaps, now);
      if (gap === null) oursUnmatched.push(movement.key);
      else uncheckedMovements.push({ key: movement.key, why: 'gap', gap });
    }
  }
  const inShift = (event: VenueEvent): boolean => {
    const at = eventTime(event);
    return at >= span.from && at <= end;
  };
  const uncheckedEvents: UncheckedEvent[] = [
    ...[...ambiguousEvents].map((event) => ({ event, why: 'ambiguous' as const })),
    ...[...unsettledEvents].filter(inShift).map((event) => ({ event, why: 'unsettled' as const })),
  ];
  const theirs = pool.filter((event) => !explained.has(event) && !unsettledEvents.has(event) && inShift(event));
  return {
    matched,
    misdirected,
    oursUnmatched,
    theirs,
    uncheckedMovements,
    uncheckedEvents,
    pendingUnsaved: unsaved.map((movement) => movement.key),
    gaps,
    otherWriters: totalsOf(theirs.filter((event) => event.source === 'transaction' || event.source === null)),
    corrections: totalsOf(theirs.filter((event) => event.source !== 'transaction' && event.source !== null)),
  };
}

export type { GapReason };
