/** Player statistics come from the actions of the hands, counted the way trackers count them. */
import { describe, expect, it } from 'vitest';
import type { PlayedHand, PlayedHandAction, PlayedHandPlayer } from '../../../main/demo/played-hand';
import { addTally, emptyTally, handTallies, statRates } from '../../../main/demo/history/stats';

const seat = (id: string, fields: Partial<PlayedHandPlayer>): PlayedHandPlayer => ({
  seat_id: Number(id.slice(1)),
  player_id: id,
  player_name: id,
  position: 'BTN',
  hole_cards: ['2c', '3d'],
  showed_cards: false,
  went_to_showdown: false,
  hand_rank_name: null,
  folded_street: null,
  won_at_showdown: false,
  stack_start: 200,
  contributed: 0,
  won: 0,
  net: 0,
  ...fields,
});

const act = (
  player: string | null,
  action: PlayedHandAction['action'],
  amount: number | null,
  street: PlayedHandAction['street'],
): PlayedHandAction => ({
  seat_id: player === null ? null : Number(player.slice(1)),
  player_id: player,
  player_name: player ?? 'Dealer',
  action,
  amount,
  street,
  position: null,
  ts: 1,
  decision_ms: 1000,
});

/**
 * p1 posts SB, p2 BB; p3 raises to 6, p4 re-raises to 18 (a 3-bet), p1 folds, p2 folds, p3 calls.
 * Flop: p3 checks, p4 bets 20, p3 raises all-in for 176, p4 calls. p4 wins at showdown.
 */
const HAND: PlayedHand = {
  hand_id: 'h1',
  hand_number: 1,
  session_uid: 'n1',
  started_at: 0,
  ts: 3600,
  game_mode: 'cash',
  betting_structure: 'no_limit',
  stakes: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
  button_seat: 4,
  board: ['Ah', 'Kd', '2c', '7s', '9h'],
  streets: { flop: ['Ah', 'Kd', '2c'], turn: ['7s'], river: ['9h'] },
  pot: 403,
  rake: 6,
  winner_seats: [4],
  players: [
    seat('p1', { folded_street: 'preflop', contributed: 1, net: -1 }),
    seat('p2', { folded_street: 'preflop', contributed: 2, net: -2 }),
    seat('p3', { went_to_showdown: true, hand_rank_name: 'Pair', contributed: 200, net: -200 }),
    seat('p4', {
      went_to_showdown: true,
      won_at_showdown: true,
      hand_rank_name: 'Two Pair',
      contributed: 200,
      won: 397,
      net: 197,
    }),
  ],
  actions: [
    act(null, 'DEAL', null, 'preflop'),
    act('p1', 'POST_BLIND', 1, 'preflop'),
    act('p2', 'POST_BLIND', 2, 'preflop'),
    act('p3', 'RAISE', 6, 'preflop'),
    act('p4', 'RAISE', 18, 'preflop'),
    act('p1', 'FOLD', null, 'preflop'),
    act('p2', 'FOLD', null, 'preflop'),
    act('p3', 'CALL', 12, 'preflop'),
    act(null, 'DEAL', null, 'flop'),
    act('p3', 'CHECK', null, 'flop'),
    act('p4', 'BET', 20, 'flop'),
    act('p3', 'ALL_IN', 182, 'flop'),
    act('p4', 'ALL_IN', 162, 'flop'),
  ],
};

describe('player statistics', () => {
  it('count VPIP, PFR, 3-bets, aggression and showdowns from the actions', () => {
    const tallies = handTallies(HAND);
    // The blinds first act facing two raises: a 4-bet spot, not a 3-bet chance.
    expect(tallies.get('p1')).toMatchObject({ vpip: 0, pfr: 0, threebetChances: 0, threebets: 0, sawFlop: 0 });
    expect(tallies.get('p2')).toMatchObject({ vpip: 0, pfr: 0, threebetChances: 0, threebets: 0 });
    expect(tallies.get('p3')).toMatchObject({
      vpip: 1,
      pfr: 1,
      threebetChances: 0,
      aggressive: 1,
      calls: 0,
      sawFlop: 1,
      wentToShowdown: 1,
    });
    // p4's all-in only matches p3's: a call, not a raise.
    expect(tallies.get('p4')).toMatchObject({
      vpip: 1,
      pfr: 1,
      threebetChances: 1,
      threebets: 1,
      aggressive: 1,
      calls: 1,
      wonAtShowdown: 1,
    });
    expect(tallies.get('p4')).toMatchObject({ netCents: 19700, netBb: 98.5, firstStart: 0, lastEnd: 3600 });
  });

  it('turn tallies into percentages, a finite aggression factor and bb/100', () => {
    const total = emptyTally();
    for (let i = 0; i < 4; i += 1) addTally(total, handTallies(HAND).get('p4') ?? emptyTally());
    addTally(total, { ...emptyTally(), hands: 4, firstStart: 0, lastEnd: 0 });
    const rates = statRates(total);
    expect(rates).toMatchObject({
      vpip: 50,
      pfr: 50,
      threebet: 100,
      aggression_factor: 1,
      wtsd: 100,
      wsd: 100,
      bb_per_100: 4925,
    });
    const noCalls = statRates({ ...emptyTally(), hands: 1, aggressive: 3 });
    expect(noCalls.aggression_factor).toBe(3);
    expect(statRates(emptyTally())).toMatchObject({ vpip: 0, wtsd: 0, bb_per_100: 0 });
  });
});
