/**
 * The cashier's view of the table: the newest view pushed by the live stream and the newest GET /live/state read,
 * kept apart because they age differently. A pushed view is stamped with when its data arrived (a re-push of the
 * same table does not make it newer); a read is stamped here, with the cashier's clock, when its answer arrived. A
 * failed read is remembered as a reason ("cannot tell"), never as "no change".
 */
import { viewUnusableReason } from './evidence';
import { createStackFreshness, type StackFreshness } from './stack-freshness';
import type { Movement, ObservedSeat, TableObservation, TableReadingFacts } from './types';
import { venueNameKey } from '../../../preload/contract/player-name';

/** The keys a seat is known by: its player id, and its name as the venue matches names. */
function seatKeys(seat: ObservedSeat): readonly string[] {
  const keys: string[] = [];
  if (seat.player_id !== null) keys.push(`id:${seat.player_id}`);
  if (seat.name !== null) keys.push(`name:${venueNameKey(seat.name)}`);
  return keys;
}

/** Each seat key's stack in a view (a key two seats share maps to NaN: it moves whenever either does). */
function stacksByKey(table: TableObservation): Map<string, number | null> {
  const stacks = new Map<string, number | null>();
  for (const seat of table.seats)
    for (const key of seatKeys(seat)) stacks.set(key, stacks.has(key) ? Number.NaN : seat.stack);
  return stacks;
}

/** Records when a pushed view moved a seat's stack against the previous pushed view. */
function noteStackMoves(movedAt: Map<string, number>, previous: TableObservation | null, next: TableObservation): void {
  const before = previous === null ? new Map<string, number | null>() : stacksByKey(previous);
  const after = stacksByKey(next);
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const now = after.get(key);
    if (previous !== null && !Object.is(was, now)) movedAt.set(key, next.receivedAt);
  }
}

/** When the pushed views last moved this player's stack (by name as the venue matches names, or by id), or null. */
function lastStackMove(
  movedAt: ReadonlyMap<string, number>,
  player: Pick<Movement, 'playerId' | 'playerName'>,
): number | null {
  const keys = [`name:${venueNameKey(player.playerName)}`];
  if (player.playerId !== null) keys.push(`id:${player.playerId}`);
  const times = keys.map((key) => movedAt.get(key)).filter((at): at is number => at !== undefined);
  return times.length > 0 ? Math.max(...times) : null;
}

/**
 * Whether a view's numbers are numbers the cashier can keep: finite (and whole where they count). The venue's JSON
 * parses into finite numbers, but the table model's arithmetic can overflow them (cent rounding turns a stack of
 * 1e308 into Infinity); such a view is no reading at all. Infinity is evidence of nothing, and it cannot be
 * journaled (JSON writes null), so memory and journal would disagree on a stack taken from it.
 */
function numbersUsable(table: TableObservation): boolean {
  const whole = (value: number | null): boolean => value === null || Number.isInteger(value);
  const finite = (value: number | null): boolean => value === null || Number.isFinite(value);
  return (
    Number.isFinite(table.receivedAt) &&
    finite(table.venueTs) &&
    whole(table.handNumber) &&
    table.seats.every((seat) => whole(seat.seat_id) && finite(seat.stack))
  );
}

/** Non-forced reads (to refresh evidence) go at most this often; a cashier's "send again" always reads. */
const READ_INTERVAL_MS = 2_000;

export type TableReading =
  { readonly ok: true; readonly table: TableObservation } | { readonly ok: false; readonly reason: string };

export interface TableWatch {
  /** The newest pushed view (for auto-sending and the stack at send), or null. */
  stream(): TableObservation | null;
  /**
   * The reading evidence should use: the newest usable one of the stream and the last read, else the newest.
   * `notBefore`: a stream hand number stands in for a read's unknown one only if the stream had data since then.
   */
  best(notBefore?: number | null): TableObservation | null;
  /** Why the last read failed, while no usable reading has arrived since; else null. */
  readFailure(): string | null;
  /** Takes a pushed view; false (and nothing changes) when its numbers are not finite. */
  take(table: TableObservation): boolean;
  /** A reading with an unknown hand number completed from the live stream when that can vouch for it (see below). */
  fillHand(table: TableObservation, notBefore: number | null): TableObservation;
  /** Reads GET /live/state now (`force`) or when the last read is older than the read interval. */
  read(force: boolean): Promise<TableReading | null>;
  /** When the pushed views last showed this player's stack change (or their seat appear or go), or null. */
  stackMovedAt(player: Pick<Movement, 'playerId' | 'playerName'>): number | null;
  readonly freshness: StackFreshness;
}

export interface TableWatchOptions {
  readonly readTable: ((signal: AbortSignal) => Promise<TableReadingFacts>) | undefined;
  readonly now: () => number;
  readonly signal: AbortSignal;
  /** A view changed whether the table is between hands (the snapshot shows it). */
  readonly onBetweenHandsChange: (betweenHands: boolean | null, previous: boolean | null | undefined) => void;
}

const usable = (table: TableObservation | null): table is TableObservation =>
  table !== null && viewUnusableReason(table) === null;

export function createTableWatch(options: TableWatchOptions): TableWatch {
  const freshness = createStackFreshness();
  let streamed: TableObservation | null = null;
  let lastRead: TableObservation | null = null;
  let failure: { readonly reason: string; readonly at: number } | null = null;
  let lastReadAt: number | null = null;
  let inFlight: Promise<TableReading> | null = null;
  const movedAt = new Map<string, number>();

  function best(notBefore: number | null = null): TableObservation | null {
    const candidates = [streamed, lastRead].filter((table): table is TableObservation => table !== null);
    const good = candidates.filter(usable);
    const pool = good.length > 0 ? good : candidates;
    const newest = pool.reduce<TableObservation | null>(
      (found, table) => (found === null || table.receivedAt > found.receivedAt ? table : found),
      null,
    );
    return newest === null ? null : withStreamHand(newest, notBefore);
  }

  /**
   * A venue may leave hand_number null in GET /live/state between hands (the spec allows it). A stream that is live
   * and caught up learned its hand number on this connection (a reconnect's frame resets it), and any hand started
   * since would have moved it: while it is usable, its number stands in for the read's unknown one. But only if
   * the stream had data at or after `notBefore` (the doubt): a half-open socket still says "connected and caught up"
   * until its heartbeat gives up (up to 45 s), and its hand number from before the doubt cannot tell whether a hand
   * was played since (one that took back exactly what the old key applied would make it look not applied).
   */
  function withStreamHand(table: TableObservation, notBefore: number | null): TableObservation {
    if (table.handNumber !== null || table === streamed || !usable(streamed) || streamed.handNumber === null)
      return table;
    if (notBefore !== null && streamed.receivedAt < notBefore) return table;
    return { ...table, handNumber: streamed.handNumber };
  }

  async function readNow(): Promise<TableReading> {
    if (options.readTable === undefined) return { ok: false, reason: 'no way to read the table' };
    const generation = freshness.generation();
    const startedAt = options.now();
    lastReadAt = startedAt;
    let facts: TableReadingFacts;
    try {
      facts = await options.readTable(options.signal);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failure = { reason, at: startedAt };
      return { ok: false, reason };
    }
    // Stamped here, with the cashier's clock, when the answer arrived.
    const table: TableObservation = {
      source: 'live-state-read',
      live: facts.live,
      caughtUp: true,
      receivedAt: options.now(),
      venueTs: facts.venueTs,
      betweenHands: facts.betweenHands,
      handNumber: facts.handNumber,
      seats: facts.seats,
    };
    if (!numbersUsable(table)) {
      failure = { reason: "the venue's table could not be read", at: startedAt };
      return { ok: false, reason: failure.reason };
    }
    freshness.viewTaken(generation);
    lastRead = table;
    failure = null;
    return { ok: true, table };
  }

  return {
    stream: () => streamed,
    best,
    readFailure() {
      if (failure === null) return null;
      const newest = best();
      return usable(newest) && newest.receivedAt > failure.at ? null : failure.reason;
    },
    take(table) {
      if (!numbersUsable(table)) return false;
      // A push is not a view asked after the answers so far: it shows an application only once its event came.
      freshness.viewPushed();
      const previous = streamed?.betweenHands;
      noteStackMoves(movedAt, streamed, table);
      streamed = table;
      if (previous !== table.betweenHands) options.onBetweenHandsChange(table.betweenHands, previous);
      return true;
    },
    fillHand: withStreamHand,
    stackMovedAt: (player) => lastStackMove(movedAt, player),
    async read(force) {
      // A forced read (the cashier pressed "send again") must start after the press: a read already in flight
      // began before it, so wait for that one and read again.
      if (force && inFlight !== null) await inFlight;
      else if (inFlight !== null) return inFlight;
      else if (!force && lastReadAt !== null && options.now() - lastReadAt < READ_INTERVAL_MS) return null;
      const reading = readNow().finally(() => {
        if (inFlight === reading) inFlight = null;
      });
      inFlight = reading;
      return reading;
    },
    freshness,
  };
}
