/**
 * A simulated night for the reconciliation: a venue that applies money movements at a table (ours through this
 * PC, other writers', the operator's seat_edit corrections, hands that move stacks), and a live stream that drops,
 * replays (re-sending events already delivered), evicts its buffer, resets its engine, loses an event, and an app
 * that restarts (its ledger read back from the records it wrote). It records the ground truth: which movement each
 * event belongs to and which events the app was delivered.
 */
import type { Movement } from '../../main/core/cashier/index';
import {
  afterRestart,
  applyRecord,
  emptyLedgerState,
  recordsFor,
  type LedgerRecord,
  type LedgerState,
} from '../../main/core/cashier/reconcile/ledger-state';
import { compatible } from '../../main/core/cashier/reconcile/compatible';
import type { StreamNote, VenueEvent, VenueEventFields } from '../../main/core/cashier/reconcile/types';
import { eventFingerprint } from '../../main/core/cashier/reconcile/event-identity';
import { T0, movementFixture } from './cashier-fixtures';

export type NightStep =
  | {
      readonly type: 'ours';
      readonly player: number;
      readonly cashOut: boolean;
      readonly amount: number;
      readonly knownPlayer: boolean;
    }
  /**
   * Our movement falls in doubt and the cashier counts it as applied on the event the table shows. `pending`: its key
   * has not answered yet (the event was another writer's); `refused`: the venue then refused the key (the event was
   * another writer's); `confirmed`: the key applied and the event the cashier counted on was its own.
   */
  | {
      readonly type: 'counted';
      readonly player: number;
      readonly cashOut: boolean;
      readonly amount: number;
      readonly answer: 'pending' | 'refused' | 'confirmed';
    }
  /**
   * Our buy-in asked for `player`'s seat that the venue applied to `to`'s seat instead (a rename made the name
   * another seat's): its answer names `to`'s seat, id, name and stack, and the movement is flagged misdirected.
   */
  | { readonly type: 'misdirected'; readonly player: number; readonly to: number; readonly amount: number }
  | { readonly type: 'theirs'; readonly player: number; readonly amount: number }
  | { readonly type: 'correction'; readonly player: number; readonly stack: number }
  | { readonly type: 'hand'; readonly swing: number }
  | { readonly type: 'drop' }
  | { readonly type: 'reconnect'; readonly outcome: 'complete' | 'evicted' | 'reset'; readonly replayAgain: number }
  | { readonly type: 'restart'; readonly replayAgain: number }
  | { readonly type: 'lose-next' };

/** Two namesakes (same name to the venue, different ids) and one other player. */
export const PLAYERS = [
  { id: 'p-sam-1', name: 'Sam Lee', seat: 1 },
  { id: 'p-sam-2', name: ' sam  LEE ', seat: 2 },
  { id: 'p-ava', name: 'Ava Brennan', seat: 3 },
] as const;

interface Emitted {
  readonly seq: number;
  readonly venueTs: number;
  readonly fields: VenueEventFields;
  /** The movement's key, or 'theirs'. */
  readonly owner: string;
}

export interface NightTruth {
  readonly movements: Movement[];
  /** Fingerprint -> owner, for every event the venue emitted. */
  readonly owners: Map<string, string>;
  /** Fingerprints of the events the app was delivered at least once. */
  readonly delivered: Set<string>;
  /** Keys of our movements whose event the venue never put on the stream (the lost-event fault). */
  readonly lost: Set<string>;
  /** Keys of our movements whose event the app was never delivered. */
  readonly neverDelivered: Set<string>;
  readonly state: LedgerState;
  readonly records: LedgerRecord[];
  readonly shiftFrom: number;
  readonly now: number;
}

/** Plays a night; the shift spans the whole of it. */
export function playNight(steps: readonly NightStep[]): NightTruth {
  let now = T0;
  const tick = (): number => (now += 1_000);
  let state = emptyLedgerState();
  const records: LedgerRecord[] = [];
  const note = (input: StreamNote): void => {
    for (const record of recordsFor(state, input)) {
      applyRecord(state, record);
      records.push(record);
    }
  };
  const stacks = PLAYERS.map(() => 200);
  let hand = 1;
  let venueSeq = 0;
  let connected = true;
  let loseNext = false;
  const buffer: Emitted[] = [];
  const deliveredList: Emitted[] = [];
  const movements: Movement[] = [];
  const owners = new Map<string, string>();
  const delivered = new Set<string>();
  const lost = new Set<string>();
  const deliver = (emitted: Emitted, catchUp: boolean): void => {
    note({ type: 'event', at: tick(), seq: emitted.seq, venueTs: emitted.venueTs, catchUp, fields: emitted.fields });
    delivered.add(eventFingerprint(emitted.fields, emitted.venueTs));
    deliveredList.push(emitted);
  };
  const emit = (
    player: number,
    kind: VenueEventFields['kind'],
    delta: number,
    source: string,
    owner: string,
  ): Emitted => {
    const seat = PLAYERS[player] as (typeof PLAYERS)[number];
    const before = stacks[player] as number;
    stacks[player] = before + delta;
    venueSeq += 1;
    const emitted: Emitted = {
      seq: venueSeq,
      venueTs: tick(),
      owner,
      fields: {
        kind,
        seat_id: seat.seat,
        player_id: seat.id,
        name: seat.name,
        amount: Math.abs(delta),
        delta,
        stack_before: before,
        stack_after: before + delta,
        hand_number: hand,
        source,
        session_id: 'night-1',
      },
    };
    owners.set(eventFingerprint(emitted.fields, emitted.venueTs), owner);
    if (loseNext) {
      loseNext = false;
      if (owner !== 'theirs') lost.add(owner);
      return emitted;
    }
    if (connected) deliver(emitted, false);
    else buffer.push(emitted);
    return emitted;
  };
  const replayAgain = (count: number): void => {
    for (const emitted of deliveredList.slice(-count)) deliver(emitted, true);
  };
  const reconnect = (outcome: 'complete' | 'evicted' | 'reset', again: number): void => {
    const at = tick();
    if (outcome === 'complete') {
      note({ type: 'resume', at, verdict: 'complete' });
      replayAgain(again);
      for (const emitted of buffer.splice(0)) deliver(emitted, true);
    } else {
      buffer.splice(0);
      note({ type: 'gap', at, reason: outcome === 'evicted' ? 'buffer-evicted' : 'engine-reset' });
      note({ type: 'resume', at, verdict: 'incomplete' });
      if (outcome === 'reset') venueSeq = 0;
    }
    connected = true;
  };
  note({ type: 'resume', at: tick(), verdict: 'no-cursor' });
  const shiftFrom = tick();
  let index = 0;
  for (const step of steps) {
    switch (step.type) {
      case 'ours': {
        const player = PLAYERS[step.player] as (typeof PLAYERS)[number];
        const stack = stacks[step.player] as number;
        const amount = step.cashOut ? Math.min(step.amount, stack) : step.amount;
        if (amount <= 0) break;
        const key = `mv-night-${String(index++).padStart(4, '0')}`;
        const intent = tick();
        emit(step.player, step.cashOut ? 'cash_out' : 'buy_in', step.cashOut ? -amount : amount, 'transaction', key);
        const settledAt = tick();
        movements.push(
          movementFixture({
            key,
            action: step.cashOut ? 'cash-out' : 'buy-in',
            playerName: player.name.trim(),
            playerId: step.knownPlayer ? player.id : null,
            seatId: player.seat,
            amount,
            stackAtAsk: stack,
            stackAtSend: stack,
            handAtSend: hand,
            state: 'applied',
            createdAt: intent,
            updatedAt: settledAt,
            firstSentAt: intent,
            mayHaveReachedHost: true,
            settlement: { at: settledAt, how: 'answered', body: { ok: true }, refusal: null },
            shiftId: 'shift-night',
          }),
        );
        break;
      }
      case 'counted': {
        const stack = stacks[step.player] as number;
        const amount = step.cashOut ? Math.min(step.amount, stack) : step.amount;
        if (amount <= 0) break;
        const key = `mv-night-${String(index++).padStart(4, '0')}`;
        const intent = tick();
        const kind = step.cashOut ? 'cash_out' : 'buy_in';
        const owner = step.answer === 'confirmed' ? key : 'theirs';
        const shown = emit(step.player, kind, step.cashOut ? -amount : amount, 'transaction', owner);
        movements.push(countedMovement(step, { key, amount, stack, hand, intent, at: tick(), shown }));
        break;
      }
      case 'misdirected': {
        const key = `mv-night-${String(index++).padStart(4, '0')}`;
        movements.push(misdirectedMovement(step, { key, hand, intent: tick(), stacks, emit, settle: tick }));
        break;
      }
      case 'theirs':
        emit(step.player, 'buy_in', step.amount, 'transaction', 'theirs');
        break;
      case 'correction': {
        const delta = step.stack - (stacks[step.player] as number);
        if (delta !== 0) emit(step.player, 'adjustment', delta, 'seat_edit', 'theirs');
        break;
      }
      case 'hand':
        hand += 1;
        PLAYERS.forEach((_player, seat) => {
          stacks[seat] = Math.max(0, (stacks[seat] as number) + (seat === hand % 3 ? step.swing : -step.swing / 2));
        });
        tick();
        break;
      case 'drop':
        if (connected) note({ type: 'drop', at: tick() });
        connected = false;
        break;
      case 'reconnect':
        if (!connected) reconnect(step.outcome, step.replayAgain);
        break;
      case 'restart': {
        // The app stops (whatever was buffered meanwhile waits in the venue's window) and reads its ledger back.
        connected = false;
        tick();
        state = emptyLedgerState();
        for (const record of records) applyRecord(state, record);
        afterRestart(state);
        reconnect('complete', step.replayAgain);
        break;
      }
      case 'lose-next':
        loseNext = true;
        break;
    }
  }
  const neverDelivered = new Set(
    movements
      .map((movement) => movement.key)
      .filter((key) => ![...owners].some(([fingerprint, owner]) => owner === key && delivered.has(fingerprint))),
  );
  return {
    movements,
    owners,
    delivered,
    lost,
    neverDelivered,
    state,
    records,
    shiftFrom,
    now: tick() + 60_000,
  };
}

interface MisdirectedFacts {
  readonly key: string;
  readonly hand: number;
  readonly intent: number;
  readonly stacks: readonly number[];
  readonly emit: (
    player: number,
    kind: VenueEventFields['kind'],
    delta: number,
    source: string,
    owner: string,
  ) => Emitted;
  readonly settle: () => number;
}

/** Our buy-in for `step.player`'s seat, applied by the venue to `step.to`'s (another seat), as its answer says. */
function misdirectedMovement(step: Extract<NightStep, { type: 'misdirected' }>, facts: MisdirectedFacts): Movement {
  const asked = PLAYERS[step.player] as (typeof PLAYERS)[number];
  const toIndex = step.to === step.player ? (step.player + 1) % PLAYERS.length : step.to;
  const applied = PLAYERS[toIndex] as (typeof PLAYERS)[number];
  const stack = facts.stacks[step.player] as number;
  const stackBefore = facts.stacks[toIndex] as number;
  facts.emit(toIndex, 'buy_in', step.amount, 'transaction', facts.key);
  const at = facts.settle();
  return movementFixture({
    key: facts.key,
    action: 'buy-in',
    playerName: asked.name.trim(),
    playerId: asked.id,
    seatId: asked.seat,
    amount: step.amount,
    stackAtAsk: stack,
    stackAtSend: stack,
    handAtSend: facts.hand,
    state: 'applied',
    createdAt: facts.intent,
    updatedAt: at,
    firstSentAt: facts.intent,
    mayHaveReachedHost: true,
    flags: ['misdirected'],
    settlement: {
      at,
      how: 'answered',
      body: {
        ok: true,
        seat_id: applied.seat,
        player_id: applied.id,
        name: applied.name,
        amount: step.amount,
        delta: step.amount,
        stack_before: stackBefore,
        stack_after: stackBefore + step.amount,
      },
      refusal: null,
    },
    shiftId: 'shift-night',
  });
}

/** A movement the cashier counted as applied on `shown`, and what its key's answer then said (see NightStep). */
function countedMovement(
  step: Extract<NightStep, { type: 'counted' }>,
  facts: {
    readonly key: string;
    readonly amount: number;
    readonly stack: number;
    readonly hand: number;
    readonly intent: number;
    readonly at: number;
    readonly shown: Emitted;
  },
): Movement {
  const player = PLAYERS[step.player] as (typeof PLAYERS)[number];
  const decision = {
    choice: 'accept-shown' as const,
    at: facts.at,
    by: 'Ann',
    // As the live feed hands it over: the payload, when it was seen, and the frame's stamp in Unix seconds.
    evidenceEvent: { ...facts.shown.fields, observedAt: facts.at, venueTs: facts.shown.venueTs / 1000 },
  };
  const base = movementFixture({
    key: facts.key,
    action: step.cashOut ? 'cash-out' : 'buy-in',
    playerName: player.name.trim(),
    playerId: player.id,
    seatId: player.seat,
    amount: facts.amount,
    stackAtAsk: facts.stack,
    stackAtSend: facts.stack,
    handAtSend: facts.hand,
    state: 'in-doubt',
    createdAt: facts.intent,
    updatedAt: facts.at,
    firstSentAt: facts.intent,
    mayHaveReachedHost: true,
    doubt: { since: facts.intent, reason: 'outcome_unknown' },
    decision,
    shiftId: 'shift-night',
  });
  if (step.answer === 'pending') return base;
  if (step.answer === 'refused')
    return {
      ...base,
      state: 'refused',
      flags: ['counted-not-applied'],
      settlement: {
        at: facts.at + 1,
        how: 'answered',
        body: { ok: false, reason: 'insufficient_stack' },
        refusal: { code: 'insufficient_stack', message: 'no chips' },
      },
    };
  return {
    ...base,
    state: 'applied',
    settlement: { at: facts.at + 1, how: 'answered', body: { ok: true }, refusal: null },
  };
}

/**
 * Why the matcher may rightly leave a movement whose event was delivered unmatched, or null when the pairing is
 * certain and it must be matched. The event carries no idempotency key, so the pairing is in doubt exactly when the
 * stored record fits (the matcher's own rule 1, `compatible`) more than one explanation:
 * - `rival-movement`: another movement of ours, whose own event the app never received, fits this movement's event
 *   (a movement by name only for a namesake: the venue credits by name, so the event may be that one's record);
 * - `rival-event`: another writer's event fits this movement as well as its own (the same player, kind, amount and
 *   stack before, a hand later), so which of the two is ours cannot be told.
 */
export function pairingInDoubt(
  truth: NightTruth,
  events: readonly VenueEvent[],
  movement: Movement,
): 'rival-movement' | 'rival-event' | null {
  const ownerOf = (event: VenueEvent): string | undefined => truth.owners.get(eventFingerprint(event, event.venueTs));
  const own = events.find((event) => ownerOf(event) === movement.key);
  if (own === undefined) return null;
  const rivalMovement = truth.movements.some(
    (other) => other !== movement && truth.neverDelivered.has(other.key) && compatible(other, own),
  );
  if (rivalMovement) return 'rival-movement';
  const rivalEvent = events.some((event) => ownerOf(event) === 'theirs' && compatible(movement, event));
  return rivalEvent ? 'rival-event' : null;
}
