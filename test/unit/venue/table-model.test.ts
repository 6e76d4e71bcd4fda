import { describe, expect, it } from 'vitest';
import {
  initialTable,
  readFrameValue,
  reduceTable,
  dataAgeMs,
  type LiveEvent,
  type TableState,
} from '../../../main/core/venue/index';
import { unplaceableStackChange } from '../../../main/core/venue/table-stack-events';
import { fixtureSeats, handEvents, stateFrame, type EventFrameJson } from '../../support/venue-fixtures';

function asEvent(frame: EventFrameJson): LiveEvent {
  const { parsed } = readFrameValue(structuredClone(frame));
  if (parsed.type !== 'event') throw new Error(`fixture did not parse: ${JSON.stringify(parsed)}`);
  return parsed.event;
}

function fromState(frame: Record<string, unknown>, at = 0): TableState {
  const { parsed } = readFrameValue(structuredClone(frame));
  if (parsed.type !== 'state') throw new Error('state fixture did not parse');
  return reduceTable(initialTable(), { type: 'state', live: parsed.frame.live, state: parsed.frame.state, at });
}

describe('reduceTable', () => {
  it('start_hand stacks are pre-blind: the model stores stack - posted and the pot holds the blinds once', () => {
    const seats = fixtureSeats();
    let table = fromState(stateFrame(seats));
    const [start] = handEvents(fixtureSeats(), 1);
    table = reduceTable(table, { type: 'event', event: asEvent(start as EventFrameJson), at: 1 });
    expect(table.seats.map((seat) => seat.stack)).toEqual([200, 199, 198, 200, 200, 200]);
    expect(table.pot).toBe(3);
    expect(table.currentBet).toBe(2);
    expect(table.betweenHands).toBe(false);
    expect(table.street).toBe('preflop');
    // The venue's next state frame is net of blinds: taking it must not subtract them again.
    const net = stateFrame(fixtureSeats());
    const state = net.state as { seats: Array<{ stack: number; in_hand: boolean }>; pot: number };
    state.seats[1]!.stack = 199;
    state.seats[2]!.stack = 198;
    state.pot = 3;
    for (const seat of state.seats) seat.in_hand = true;
    const netFrame = readFrameValue(structuredClone(net)).parsed;
    if (netFrame.type !== 'state') throw new Error('state fixture did not parse');
    const healed = reduceTable(table, { type: 'state', live: true, state: netFrame.frame.state, at: 2 });
    expect(healed.seats.map((seat) => seat.stack)).toEqual([200, 199, 198, 200, 200, 200]);
    expect(healed.betweenHands).toBe(false);
  });

  it('follows whole hands to the exact final stacks (to the cent) and never mutates its input', () => {
    const truth = fixtureSeats();
    const events = handEvents(truth, 40);
    let table = fromState(stateFrame(fixtureSeats()));
    const frozen = table;
    const snapshot = JSON.stringify(frozen);
    for (const frame of events) table = reduceTable(table, { type: 'event', event: asEvent(frame), at: frame.seq });
    expect(JSON.stringify(frozen)).toBe(snapshot);
    expect(table.seats.map((seat) => seat.stack)).toEqual(truth.map((seat) => seat.stack));
    expect(table.pot).toBe(0);
    expect(table.betweenHands).toBe(true);
    expect(table.handNumber).toBe(40);
    expect(table.lastSeq).toBe(events.length);
    expect(table.ticker.length).toBe(50);
    expect(table.ticker.latest()?.label).toBe('end');
  });

  it('tracks pot, current bet, folds and the board within a hand', () => {
    const events = handEvents(fixtureSeats(), 1);
    let table = fromState(stateFrame(fixtureSeats()));
    // start, 6 preflop calls/checks, deal_street (flop), bet 4.5
    for (const frame of events.slice(0, 9)) table = reduceTable(table, { type: 'event', event: asEvent(frame), at: 0 });
    expect(table.street).toBe('flop');
    expect(table.board).toEqual(['As', 'Kd', 'Qh']);
    expect(table.pot).toBe(16.5);
    expect(table.currentBet).toBe(4.5);
    expect(table.seats[0]?.stack).toBe(193.5);
    table = reduceTable(table, { type: 'event', event: asEvent(events[9] as EventFrameJson), at: 0 });
    table = reduceTable(table, { type: 'event', event: asEvent(events[10] as EventFrameJson), at: 0 });
    expect(table.seats[2]?.in_hand).toBe(false);
  });

  it('applies payout_applied and transaction_applied stack_after, keyed on player_id in the stack history', () => {
    const seats = fixtureSeats();
    let table = fromState(stateFrame(seats));
    const move = asEvent({
      type: 'event',
      seq: 1,
      ts: 1,
      kind: 'transaction_applied',
      payload: {
        kind: 'buy_in',
        seat_id: 3,
        player_id: seats[2]!.player_id,
        name: 'Player 3',
        amount: 50,
        delta: 50,
        stack_before: 200,
        stack_after: 250,
        hand_number: null,
        source: 'transaction',
      },
    });
    table = reduceTable(table, { type: 'event', event: move, at: 5 });
    expect(table.seats[2]?.stack).toBe(250);
    expect(table.betweenHands).toBe(true);
    const points = table.stackHistory[seats[2]!.player_id]?.toArray() ?? [];
    expect(points.map((point) => [point.stack, point.reason])).toEqual([
      [200, 'state'],
      [250, 'transaction'],
    ]);
    expect(table.ticker.latest()).toMatchObject({ kind: 'money', label: 'buy_in', amount: 50, stack_after: 250 });
    const newSeat = asEvent({
      type: 'event',
      seq: 2,
      ts: 2,
      kind: 'transaction_applied',
      payload: {
        kind: 'buy_in',
        seat_id: 9,
        player_id: 'p-new',
        name: 'New',
        amount: 80,
        delta: 80,
        stack_before: 0,
        stack_after: 80,
        source: 'transaction',
      },
    });
    table = reduceTable(table, { type: 'event', event: newSeat, at: 6 });
    expect(table.seats.at(-1)).toMatchObject({ seat_id: 9, player_id: 'p-new', stack: 80 });
  });

  it('places a transaction_applied naming no seat and no player by a name only one seat carries, else heals', () => {
    const seats = fixtureSeats();
    const nameless = (name: string, seq: number): LiveEvent =>
      asEvent({
        type: 'event',
        seq,
        ts: seq,
        kind: 'transaction_applied',
        payload: {
          kind: 'buy_in',
          seat_id: null,
          player_id: null,
          name,
          amount: 100,
          delta: 100,
          stack_before: 200,
          stack_after: 300,
          hand_number: null,
          source: 'transaction',
        },
      });
    let table = fromState(stateFrame(seats));
    // "PLAYER 3 " is Player 3 as the venue matches names: the only seat carrying it takes the new stack.
    const placed = nameless('PLAYER 3 ', 1);
    expect(unplaceableStackChange(table, placed)).toBe(false);
    table = reduceTable(table, { type: 'event', event: placed, at: 5 });
    expect(table.seats[2]?.stack).toBe(300);
    // Two seats carry the name: nothing can be placed, the keeper must heal from a fresh reading.
    const renamed = seats.map((seat, index) => (index === 4 ? { ...seat, name: 'player 2' } : seat));
    const twins = fromState(stateFrame(renamed));
    const ambiguous = nameless('Player 2', 2);
    expect(unplaceableStackChange(twins, ambiguous)).toBe(true);
    const after = reduceTable(twins, { type: 'event', event: ambiguous, at: 6 });
    expect(after.seats.map((seat) => seat.stack)).toEqual(twins.seats.map((seat) => seat.stack));
    expect(unplaceableStackChange(table, nameless('Nobody', 3))).toBe(true);
  });

  it('reads betweenHands from a fresh state frame and rounds money to cents', () => {
    const frame = stateFrame(fixtureSeats());
    const state = frame.state as { seats: Array<{ in_hand: boolean; stack: number }>; pot: number };
    state.pot = 0.1 + 0.2;
    state.seats[0]!.in_hand = true;
    const table = fromState(frame, 1_000);
    expect(table.pot).toBe(0.3);
    expect(table.betweenHands).toBe(false);
    expect(dataAgeMs(table, 4_000)).toBe(3_000);
    expect(fromState(stateFrame(fixtureSeats())).betweenHands).toBe(true);
  });

  it('catch-up events only reach the ticker: the state frame already holds their money', () => {
    const events = handEvents(fixtureSeats(), 1);
    const base = fromState(stateFrame(fixtureSeats()));
    let table = base;
    for (const frame of events) table = reduceTable(table, { type: 'catch-up', event: asEvent(frame), at: 0 });
    expect(table.seats).toEqual(base.seats);
    expect(table.pot).toBe(base.pot);
    expect(table.ticker.length).toBe(events.length);
  });
});

describe('a state frame without a state', () => {
  it('keeps the last seats on screen but never vouches for them (hand state unknown), live or not', () => {
    for (const live of [true, false]) {
      const before = fromState(stateFrame(fixtureSeats(), 7), 10);
      expect(before.handStateKnown).toBe(true);
      const { parsed } = readFrameValue({ type: 'state', live, state: null });
      if (parsed.type !== 'state') throw new Error('empty state frame did not parse');
      // A reconnect whose venue has no table state now: the seats are an earlier frame's, not this connection's,
      // so the cashier must not read them as a fresh live stack (venue-link maps unknown hand state to null).
      const after = reduceTable(before, { type: 'state', live, state: parsed.frame.state, at: 20 });
      expect(after.seats).toEqual(before.seats);
      expect(after.handStateKnown).toBe(false);
      // The next frame with a table vouches again.
      const next = readFrameValue(stateFrame(fixtureSeats(), 8)).parsed;
      if (next.type !== 'state') throw new Error('state fixture did not parse');
      expect(reduceTable(after, { type: 'state', live: true, state: next.frame.state, at: 30 }).handStateKnown).toBe(
        true,
      );
    }
  });
});

describe('seats without a seat_id (the spec allows null)', () => {
  it('still say a hand is in progress when their players are dealt in', () => {
    const frame = stateFrame(fixtureSeats(), 9);
    const state = frame.state as { seats: Array<{ seat_id: number | null; in_hand: boolean }>; street: string };
    state.street = 'flop';
    state.seats[0]!.seat_id = null;
    state.seats[0]!.in_hand = true;
    state.seats[1]!.seat_id = null;
    state.seats[1]!.in_hand = true;
    const table = fromState(frame);
    expect(table.betweenHands).toBe(false);
    expect(table.street).toBe('flop');
  });
});

describe('reduceTable structural sharing', () => {
  /** A state frame fixture as the socket delivers it, parsed. */
  function parsedState(frame: Record<string, unknown>) {
    const { parsed } = readFrameValue(structuredClone(frame));
    if (parsed.type !== 'state') throw new Error('state fixture did not parse');
    return parsed.frame.state;
  }

  it('keeps the seats a state frame repeats as the same objects, and the list when no seat changed', () => {
    const first = fromState(stateFrame(fixtureSeats()));
    const again = reduceTable(first, {
      type: 'state',
      live: true,
      state: parsedState(stateFrame(fixtureSeats())),
      at: 5,
    });
    expect(again.seats).toBe(first.seats);
    const moved = stateFrame(fixtureSeats());
    (moved.state as { seats: Array<{ stack: number }> }).seats[2]!.stack = 150;
    const after = reduceTable(first, { type: 'state', live: true, state: parsedState(moved), at: 6 });
    expect(after.seats).not.toBe(first.seats);
    expect(after.seats[2]?.stack).toBe(150);
    expect(after.seats.filter((seat, index) => seat === first.seats[index])).toHaveLength(first.seats.length - 1);
  });
});
