/**
 * The fast ingest path must be invisible: a frame whose text skips the privacy walk reads exactly as a walked one,
 * the deferred catch-up ticker reads exactly like an eager one, and the reducer shares what an event left alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialTable,
  readFrameText,
  readFrameValue,
  reduceTable,
  type LiveEvent,
  type TableState,
} from '../../../main/core/venue/index';
import { catchUpLine } from '../../../main/core/venue/ticker-lines';
import { fixtureSeats, handEvents, stateFrame, type EventFrameJson } from '../../support/venue-fixtures';

const hand = handEvents(fixtureSeats(), 2);
const validFrames: unknown[] = [
  stateFrame(fixtureSeats()),
  { type: 'replay', since_seq: 3, count: 2, complete: true, reset: false, oldest_seq: 4, newest_seq: 5, window: 1000 },
  ...hand,
  {
    type: 'event',
    seq: 99,
    ts: 1,
    kind: 'transaction_applied',
    payload: { kind: 'buy_in', seat_id: 2, amount: 50, delta: 50, stack_after: 250, session_id: { night: 3 } },
  },
];

/** The complete path: walk for forbidden keys, then validate, on a private copy. */
function completeRead(text: string): ReturnType<typeof readFrameValue> {
  return readFrameValue(JSON.parse(text) as unknown, true);
}

function asEvent(frame: EventFrameJson): LiveEvent {
  const { parsed } = readFrameValue(structuredClone(frame));
  if (parsed.type !== 'event') throw new Error('fixture did not parse');
  return parsed.event;
}

function fromState(): TableState {
  const { parsed } = readFrameValue(structuredClone(stateFrame(fixtureSeats())));
  if (parsed.type !== 'state') throw new Error('state fixture did not parse');
  return reduceTable(initialTable(), { type: 'state', live: parsed.frame.live, state: parsed.frame.state, at: 0 });
}

describe('reading without the privacy walk when the text cannot carry a forbidden key', () => {
  it('reads every valid frame exactly as the complete path does', () => {
    for (const frame of validFrames) {
      const text = JSON.stringify(frame);
      expect(readFrameText(text)).toEqual(completeRead(text));
    }
  });

  it('still strips and reports forbidden keys at any depth, including inside values of unknown type', () => {
    const nested = {
      type: 'event',
      seq: 7,
      ts: 1,
      kind: 'start_hand',
      payload: { hand_number: 3, tournament: { level: 2, seats: [{ hole_cards: ['As', 'Kd'] }] } },
    };
    const reading = readFrameText(JSON.stringify(nested));
    expect(reading.violations).toEqual(['$.payload.tournament.seats[0].hole_cards']);
    expect(reading.parsed.type).toBe('event');
    const extraKey = {
      type: 'event',
      seq: 8,
      ts: 1,
      kind: 'street_advance',
      payload: { street: 'turn', future: { equity: 0.4 } },
    };
    expect(readFrameText(JSON.stringify(extraKey)).violations).toEqual(['$.payload.future.equity']);
  });

  it('agrees with the complete path on mutated frames: a field replaced, removed or added at any depth', () => {
    const mutate = (value: unknown, path: readonly number[], key: string, replacement: unknown): unknown => {
      if (value === null || typeof value !== 'object') return replacement;
      const copy: Record<string, unknown> = Array.isArray(value)
        ? ([...value] as unknown as Record<string, unknown>)
        : { ...value };
      const keys = Object.keys(copy);
      if (path.length === 0 || keys.length === 0) {
        copy[key] = replacement;
        return copy;
      }
      const [head, ...rest] = path;
      const chosen = keys[(head as number) % keys.length] as string;
      if (rest.length === 0 && replacement === undefined) delete copy[chosen];
      else copy[chosen] = mutate(copy[chosen], rest, key, replacement);
      return copy;
    };
    const keyArb = fc.constantFrom(
      'extra',
      'hole_cards',
      'cards',
      'revealed',
      'equity',
      'win_pct',
      'seat_id',
      'payload',
      'kind',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...validFrames),
        fc.array(fc.nat(), { maxLength: 5 }),
        keyArb,
        fc.oneof(fc.jsonValue(), fc.constant(undefined)),
        (frame, path, key, replacement) => {
          const text = JSON.stringify(mutate(structuredClone(frame), path, key, replacement)) ?? 'null';
          expect(readFrameText(text)).toEqual(completeRead(text));
        },
      ),
      { numRuns: 1_500 },
    );
  });
});

describe('deferred catch-up ticker', () => {
  it('reads exactly like lines built eagerly, and older states never change', () => {
    const base = fromState();
    const events = hand.map(asEvent);
    const states = [base];
    let table = base;
    for (const event of events) {
      table = reduceTable(table, { type: 'catch-up', event, at: 0 });
      states.push(table);
    }
    const eager = events.map(catchUpLine).slice(-table.ticker.limit);
    expect(table.ticker.toArray()).toEqual(eager);
    expect(table.ticker.latest()).toEqual(eager.at(-1));
    // Lines are built once: a second read hands back the same objects.
    expect(table.ticker.toArray()).toEqual(table.ticker.toArray());
    expect(table.ticker.toArray()[0]).toBe(table.ticker.toArray()[0]);
    for (const [index, state] of states.entries())
      expect(state.ticker.toArray()).toEqual(events.slice(0, index).map(catchUpLine).slice(-table.ticker.limit));
    expect(JSON.parse(JSON.stringify(table.ticker))).toEqual(eager);
  });

  it('mixes deferred and applied lines in order', () => {
    const events = hand.map(asEvent);
    let table = fromState();
    table = reduceTable(table, { type: 'catch-up', event: events[0] as LiveEvent, at: 0 });
    table = reduceTable(table, { type: 'event', event: events[1] as LiveEvent, at: 0 });
    table = reduceTable(table, { type: 'catch-up', event: events[2] as LiveEvent, at: 0 });
    expect(table.ticker.toArray().map((line) => [line.seq, line.kind])).toEqual([
      [1, 'hand'],
      [2, 'action'],
      [3, 'action'],
    ]);
  });
});

describe('structural sharing', () => {
  it('an action replaces only the acting seat; untouched seats, histories and blinds keep their identity', () => {
    const events = hand.map(asEvent);
    let table = reduceTable(fromState(), { type: 'event', event: events[0] as LiveEvent, at: 0 });
    const before = table;
    table = reduceTable(table, { type: 'event', event: events[1] as LiveEvent, at: 0 });
    const acting = (events[1] as LiveEvent & { kind: 'player_action' }).payload.seat_id;
    for (const [index, seat] of table.seats.entries()) {
      if (seat.seat_id === acting) expect(seat).not.toBe(before.seats[index]);
      else expect(seat).toBe(before.seats[index]);
    }
    expect(table.stackHistory).toBe(before.stackHistory);
    expect(table.blinds).toBe(before.blinds);
  });

  it('end_hand keeps the seat list itself when it changes no seat', () => {
    const events = hand.map(asEvent);
    let table = fromState();
    for (const event of events.slice(0, 17)) table = reduceTable(table, { type: 'event', event, at: 0 });
    const endHand = events[16] as LiveEvent;
    expect(endHand.kind).toBe('end_hand');
    const again = reduceTable(table, {
      type: 'event',
      event: { ...endHand, seq: endHand.seq + 1 } as LiveEvent,
      at: 0,
    });
    expect(again.seats).toBe(table.seats);
  });
});
