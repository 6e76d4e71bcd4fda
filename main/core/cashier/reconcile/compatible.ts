/**
 * Rule 1 of the matching (the rule in full: match.ts's file comment): whether a venue event could be the venue's
 * record of a movement, from the fields the request, the host's answer and the event carry; and the index that
 * narrows the night's events to those that may name a movement's player. Its own file because this is the part that
 * reads fields (the answer's body, the event's amounts, names and seats), while match.ts pairs what is compatible
 * one to one and writes the result.
 */
import { sameVenueName, venueNameKey } from '../../../../preload/contract/player-name';
import { toCents, type Cents } from '../../venue/money';
import type { Movement } from '../types';
import type { VenueEvent } from './types';

export const KIND = { 'buy-in': 'buy_in', 'cash-out': 'cash_out' } as const;

function stringField(body: unknown, field: string): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

function numberField(body: unknown, field: string): number | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The movement's delta in cents from a source other than its event (the host's answer, the amount asked). */
function independentDelta(movement: Movement): Cents | null {
  const sign = movement.action === 'buy-in' ? 1 : -1;
  const body = movement.settlement?.body;
  const magnitude = numberField(body, 'delta') ?? numberField(body, 'amount') ?? movement.amount;
  return magnitude === null ? null : toCents(sign * Math.abs(magnitude));
}

/** The event's signed delta in cents (from its amount and kind when it carries no delta). */
export function eventDelta(event: VenueEvent): Cents | null {
  if (event.delta !== null) return toCents(event.delta);
  if (event.amount === null) return null;
  return toCents((event.kind === 'cash_out' ? -1 : 1) * Math.abs(event.amount));
}

/** When the movement's intent was journaled (its creation when it never left). */
export const intentAt = (movement: Movement): number => movement.firstSentAt ?? movement.createdAt;

/** Whom the venue's record of a movement names, and from what stack, as known without the event. */
interface RecordedTarget {
  readonly playerId: string | null;
  readonly name: string;
  readonly stackBefore: number | null;
}

/**
 * The request's player and stack, completed by the host's answer (a walk-in leaves with neither a player id nor a
 * stack; its answer names both, so a namesake's equal top-up is never taken for it). A misdirected movement went
 * where its answer says, so only the answer speaks for it: the request's player id and stack are another seat's.
 */
function recordedTarget(movement: Movement): RecordedTarget {
  const body = movement.settlement?.body;
  if (movement.flags.includes('misdirected'))
    return {
      playerId: stringField(body, 'player_id'),
      name: stringField(body, 'player_name') ?? stringField(body, 'name') ?? movement.playerName,
      stackBefore: numberField(body, 'stack_before'),
    };
  // A walk-in (a buy-in with no seat) seats the player with nothing: when neither the send nor a bare answer knew
  // the stack, its application still started from 0, never from chips already on a namesake's seat.
  const walkIn = movement.action === 'buy-in' && movement.seatId === null;
  return {
    playerId: movement.playerId ?? stringField(body, 'player_id'),
    name: movement.playerName,
    stackBefore: movement.stackAtSend ?? numberField(body, 'stack_before') ?? (walkIn ? 0 : null),
  };
}

/** Player names as the venue keys them, each distinct name normalised once per reconciliation (NFKC is costly). */
export type NameKeys = (name: string | null) => string;

export function nameKeys(): NameKeys {
  const known = new Map<string, string>();
  return (name) => {
    if (name === null) return '';
    let key = known.get(name);
    if (key === undefined) {
      key = venueNameKey(name);
      known.set(name, key);
    }
    return key;
  };
}

const sameName = (a: string | null, b: string | null, keys: NameKeys | null): boolean => {
  if (keys === null) return sameVenueName(a, b);
  const key = keys(a);
  return key !== '' && key === keys(b);
};

/** Whether `event` could be the venue's record of `movement` (rule 1). */
export function compatible(movement: Movement, event: VenueEvent, keys: NameKeys | null = null): boolean {
  if (event.source !== null && event.source !== 'transaction') return false;
  if (event.kind !== KIND[movement.action]) return false;
  const { playerId, name, stackBefore } = recordedTarget(movement);
  if (playerId !== null && event.player_id !== null) {
    if (playerId !== event.player_id) return false;
  } else if (!sameName(name, event.name, keys)) return false;
  if (event.receivedAt < intentAt(movement)) return false;
  if (movement.handAtSend !== null && event.hand_number !== null && event.hand_number < movement.handAtSend)
    return false;
  const expected = independentDelta(movement);
  const actual = eventDelta(event);
  if (expected !== null && actual !== null && expected !== actual) return false;
  if (expected === null && event.stack_after !== null && toCents(event.stack_after) !== 0) return false;
  if (stackBefore !== null && event.stack_before !== null) return toCents(stackBefore) === toCents(event.stack_before);
  return true;
}

/**
 * Matched by name only (no player id on one side), and the event is not shown on the movement's seat: the
 * movement's known seat (the answer's, else the request's) is not the event's, or the event names no seat and no
 * player at all (the spec allows both null; such an event says only that a name moved, as for in-doubt evidence).
 */
export function onAnotherSeat(movement: Movement, event: VenueEvent): boolean {
  const body = movement.settlement?.body;
  const { playerId } = recordedTarget(movement);
  if (playerId !== null && event.player_id !== null) return false;
  if (event.seat_id === null && event.player_id === null) return true;
  const seatId = numberField(body, 'seat_id') ?? movement.seatId;
  return seatId !== null && event.seat_id !== null && seatId !== event.seat_id;
}

/** When the event happened: the venue's stamp for a replayed one (it arrived late), else when it arrived. */
export function eventTime(event: VenueEvent): number {
  return event.catchUp && event.venueTs !== null ? event.venueTs : event.receivedAt;
}

/**
 * The events that may name a movement's player (by id, or by the venue's name key), in stream order: compatibility
 * is then checked on these few, not on the whole night.
 */
export function playerIndex(events: readonly VenueEvent[], keys: NameKeys): (movement: Movement) => VenueEvent[] {
  const byId = new Map<string, VenueEvent[]>();
  const byName = new Map<string, VenueEvent[]>();
  const add = (map: Map<string, VenueEvent[]>, key: string, event: VenueEvent): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [event]);
    else list.push(event);
  };
  events.forEach((event) => {
    if (event.player_id !== null) add(byId, event.player_id, event);
    if (event.name !== null) add(byName, keys(event.name), event);
  });
  const order = new Map(events.map((event, index) => [event, index]));
  return (movement) => {
    const target = recordedTarget(movement);
    const found = new Set<VenueEvent>(byName.get(keys(target.name)) ?? []);
    if (target.playerId !== null) for (const event of byId.get(target.playerId) ?? []) found.add(event);
    return [...found].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  };
}
