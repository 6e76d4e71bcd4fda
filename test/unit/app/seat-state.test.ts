/** Seat states: "sitting out" means present === false only; folded comes from this hand's fold actions. */
import { describe, expect, it } from 'vitest';
import type { SeatView } from '../../../preload/contract';
import { tableView } from '../../../main/core/session/table-view';
import { initialTable, reduceTable } from '../../../main/core/venue/table-model';
import { seatStateLabel } from '../../../renderer/table/seat-state';
import { tableFrame } from '../../support/web-fake-feed';

const seat = (patch: Partial<SeatView>): SeatView => ({
  seatId: 1,
  name: 'Ada',
  playerId: null,
  stack: 100,
  inHand: false,
  present: true,
  folded: false,
  ...patch,
});

describe('seat state label', () => {
  it('never calls a present player between hands "sitting out"', () => {
    expect(seatStateLabel(seat({}), true)).toBeNull();
    expect(seatStateLabel(seat({ present: false }), true)).toBe('sitting out');
    expect(seatStateLabel(seat({ name: null, stack: null, present: false }), true)).toBe('empty');
  });

  it('says in hand, folded, or waiting during a hand', () => {
    expect(seatStateLabel(seat({ inHand: true }), false)).toBe('in hand');
    expect(seatStateLabel(seat({ folded: true }), false)).toBe('folded');
    expect(seatStateLabel(seat({}), false)).toBe('waiting for the next hand');
    expect(seatStateLabel(seat({ present: false }), false)).toBe('sitting out');
  });
});

describe('table view', () => {
  it('marks a seat folded after its fold in the hand in progress, and clears it between hands', () => {
    const frame = tableFrame(10, 4);
    const inHand = {
      ...frame,
      street: 'preflop',
      seats: (frame.seats ?? []).map((entry) => ({ ...entry, in_hand: true })),
    };
    let state = reduceTable(initialTable(), { type: 'state', live: true, state: inHand, at: 1 });
    const fold = {
      kind: 'player_action',
      seq: 1,
      ts: 2,
      payload: { hand_number: 4, seat_id: 2, action_type: 'fold', amount: null },
    } as const;
    state = reduceTable(state, { type: 'event', event: fold, at: 2 });
    const during = tableView(state);
    expect(during?.seats.find((view) => view.seatId === 2)).toMatchObject({ inHand: false, folded: true });
    expect(during?.seats.find((view) => view.seatId === 3)).toMatchObject({ inHand: true, folded: false });
    const after = tableView(reduceTable(state, { type: 'state', live: true, state: tableFrame(0, 4), at: 3 }));
    expect(after?.seats.every((view) => !view.folded && view.present)).toBe(true);
  });
});
