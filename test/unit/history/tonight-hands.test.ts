/**
 * Tonight's hands accumulator: a player's money in each hand adds up (start - contributed + won = end), replayed
 * and reconnect duplicates count once, a restarted hand sequence starts a new night, and the view is per player_id.
 */
import { describe, expect, it } from 'vitest';
import {
  applyTonightEvent,
  EMPTY_NIGHT,
  TONIGHT_MAX_HANDS,
  type TonightNight,
} from '../../../main/core/history/tonight-hands';
import { tonightHandsOf } from '../../../main/core/history/tonight-view';
import type { LiveEvent } from '../../../main/core/venue/schemas-live';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

let seq = 0;
function event<K extends LiveEvent['kind']>(kind: K, payload: Extract<LiveEvent, { kind: K }>['payload']): LiveEvent {
  seq += 1;
  return { kind, seq, ts: 1_790_000_000 + seq, payload } as LiveEvent;
}

/** One heads-up hand: Alice (SB 1) raises to 6, Bob (BB 2) calls; the flop is dealt; Bob bets 10, Alice folds. */
function aliceFoldsToBob(handNumber: number, aliceStack: number, bobStack: number): LiveEvent[] {
  return [
    event('start_hand', {
      hand_number: handNumber,
      seats: [
        { seat_id: 1, player_id: ALICE, name: 'Alice', stack: aliceStack, posted: 1 },
        { seat_id: 2, player_id: BOB, name: 'Bob', stack: bobStack, posted: 2 },
      ],
    }),
    event('player_action', {
      hand_number: handNumber,
      seat_id: 1,
      player_id: ALICE,
      action_type: 'raise',
      amount: 5,
      street: 'preflop',
    }),
    event('player_action', {
      hand_number: handNumber,
      seat_id: 2,
      player_id: BOB,
      action_type: 'call',
      amount: 4,
      street: 'preflop',
    }),
    event('deal_street', { hand_number: handNumber, street: 'flop', board: ['Ah', 'Kd', '2c'] }),
    event('player_action', {
      hand_number: handNumber,
      seat_id: 2,
      player_id: BOB,
      action_type: 'bet',
      amount: 10,
      street: 'flop',
    }),
    event('player_action', {
      hand_number: handNumber,
      seat_id: 1,
      player_id: ALICE,
      action_type: 'fold',
      amount: null,
      street: 'flop',
    }),
    event('payout_applied', {
      hand_number: handNumber,
      winner_seat: 2,
      seat_id: 2,
      player_id: BOB,
      amount: 21.5,
      stack_before: bobStack - 16,
      stack_after: bobStack + 5.5,
    }),
    event('end_hand', {
      hand_number: handNumber,
      winner_seats: [2],
      total_pot: 22,
      rake: 0.5,
      board: ['Ah', 'Kd', '2c'],
      seats: [
        { seat_id: 1, player_id: ALICE, name: 'Alice', stack: aliceStack - 6, contributed: 6, won: 0, net: -6 },
        { seat_id: 2, player_id: BOB, name: 'Bob', stack: bobStack + 5.5, contributed: 16, won: 21.5, net: 5.5 },
      ],
    }),
  ];
}

function play(night: TonightNight, events: readonly LiveEvent[]): TonightNight {
  return events.reduce(applyTonightEvent, night);
}

describe('tonight accumulator', () => {
  it('records each player’s hand with stacks that add up, and the actions by street', () => {
    const night = play(EMPTY_NIGHT, aliceFoldsToBob(7, 100, 200));
    const [alice] = tonightHandsOf(night, ALICE);
    expect(alice).toMatchObject({
      handNumber: 7,
      seatId: 1,
      stackStart: 100,
      contributed: 6,
      won: 0,
      net: -6,
      stackEnd: 94,
      pot: 22,
      winners: ['Bob'],
    });
    expect(alice?.board).toEqual(['Ah', 'Kd', '2c']);
    expect(alice?.actions).toEqual([
      { street: 'preflop', action: 'post', amount: 1 },
      { street: 'preflop', action: 'raise', amount: 5 },
      { street: 'flop', action: 'fold', amount: null },
    ]);
    const [bob] = tonightHandsOf(night, BOB);
    expect(bob).toMatchObject({ stackStart: 200, contributed: 16, won: 21.5, net: 5.5, stackEnd: 205.5 });
    // The actions' increments are what the venue says the player put in.
    const bobIn = (bob?.actions ?? []).reduce((sum, action) => sum + (action.amount ?? 0), 0);
    expect(bobIn).toBe(bob?.contributed);
  });

  it('chains stacks across hands and lists them newest first', () => {
    let night = EMPTY_NIGHT;
    let alice = 100;
    let bob = 200;
    for (let hand = 1; hand <= 4; hand += 1) {
      night = play(night, aliceFoldsToBob(hand, alice, bob));
      alice -= 6;
      bob += 5.5;
    }
    const hands = tonightHandsOf(night, ALICE);
    expect(hands.map((hand) => hand.handNumber)).toEqual([4, 3, 2, 1]);
    for (const hand of hands) {
      expect(hand.stackEnd).toBe(
        Math.round(((hand.stackStart ?? 0) - (hand.contributed ?? 0) + (hand.won ?? 0)) * 100) / 100,
      );
    }
    expect(hands[0]?.stackStart).toBe(hands[1]?.stackEnd);
    expect(tonightHandsOf(night, 'someone-else')).toEqual([]);
  });

  it('counts a reconnect or reset replay once (same hands under new seqs)', () => {
    const first = aliceFoldsToBob(1, 100, 200);
    const second = aliceFoldsToBob(2, 94, 205.5);
    const partOfThird = aliceFoldsToBob(3, 88, 211);
    const live = play(EMPTY_NIGHT, [...first, ...second, ...partOfThird.slice(0, 3)]);
    // The engine restarted: the whole window comes again with new seqs, then the third hand goes on.
    const replayed = play(live, [...first.map((e) => ({ ...e, seq: e.seq + 1000 })), ...second, ...partOfThird]);
    const hands = tonightHandsOf(replayed, ALICE);
    expect(hands.map((hand) => hand.handNumber)).toEqual([3, 2, 1]);
    expect(hands[0]?.actions.filter((action) => action.action === 'raise')).toHaveLength(1);
    expect(hands[0]).toMatchObject({ stackStart: 88, contributed: 6, stackEnd: 82 });
    expect(replayed.hands).toHaveLength(3);
  });

  it('starts a new night when the hand sequence restarts', () => {
    const lastNight = play(EMPTY_NIGHT, [...aliceFoldsToBob(41, 100, 200), ...aliceFoldsToBob(42, 94, 205.5)]);
    const tonight = play(lastNight, aliceFoldsToBob(1, 300, 300));
    expect(tonightHandsOf(tonight, ALICE).map((hand) => hand.handNumber)).toEqual([1]);
    expect(tonight.seen).toEqual([1]);
  });

  it('takes a hand whose start was missed from its end alone, deriving the start stack', () => {
    const events = aliceFoldsToBob(9, 100, 200);
    const night = play(EMPTY_NIGHT, events.slice(-1));
    expect(tonightHandsOf(night, BOB)[0]).toMatchObject({
      startedAt: null,
      stackStart: 200,
      stackEnd: 205.5,
      actions: [],
    });
  });

  it('ignores events of another hand than the open one', () => {
    const events = aliceFoldsToBob(5, 100, 200);
    const stray = event('player_action', {
      hand_number: 4,
      seat_id: 1,
      player_id: ALICE,
      action_type: 'bet',
      amount: 50,
      street: 'river',
    });
    const night = play(EMPTY_NIGHT, [...events.slice(0, 2), stray, ...events.slice(2)]);
    expect(tonightHandsOf(night, ALICE)[0]?.actions.map((action) => action.action)).toEqual(['post', 'raise', 'fold']);
  });

  it('keeps the last hands only', () => {
    let night = EMPTY_NIGHT;
    for (let hand = 1; hand <= TONIGHT_MAX_HANDS + 3; hand += 1)
      night = play(night, aliceFoldsToBob(hand, 100, 200).slice(-1));
    expect(night.hands).toHaveLength(TONIGHT_MAX_HANDS);
    expect(night.hands[0]?.handNumber).toBe(4);
  });
});
