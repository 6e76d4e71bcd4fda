/** Main's history shaping: money by mode, replay views without mucked cards. */
import { describe, expect, it } from 'vitest';
import type { HandDetail, HandSummary } from '../../../main/core/history';
import { moneyFigures } from '../../../main/core/history/money-figures';
import { toUnixMs } from '../../../main/core/history/unix-ms';
import { handDetailView, handRowView, playerStatsView, sessionRowView } from '../../../main/core/session/history-views';

const summary: HandSummary = {
  hand_id: 'h1',
  ts: 1_790_000_000.5,
  hand_number: 65,
  session_uid: 'night-1',
  board: ['3d', '6c', '8h', 'Th', 'Kc'],
  final_pot_bb: 12,
  winners: [{ player_id: 'a', player_name: 'Alice' }],
  player_count: 2,
  stakes: { big_blind: 2 },
};

const detail: HandDetail = {
  hand: {
    ...summary,
    players: [
      {
        player_id: 'a',
        player_name: 'Alice',
        position: 'BB',
        showed_cards: true,
        hole_cards: ['Kd', '3s'],
        result: 'won',
        won_at_showdown: true,
        net_result_bb: 5.4,
        net_result_dollars: 10.8,
      },
      // A mucked loser: the venue sent no cards; a bogus field must not leak them either.
      {
        player_id: 'b',
        player_name: 'Bob',
        position: 'SB',
        showed_cards: false,
        hole_cards: ['Ah', 'Ad'],
        result: 'lost',
        went_to_showdown: true,
        net_result_bb: -6,
      },
    ],
  },
  actions: [
    { action: 'DEAL', player_name: 'Dealer', street: 'preflop', amount: null },
    { action: 'POST_BLIND', player_id: 'b', player_name: 'Bob', street: 'preflop', amount: 1 },
    { action: 'POST_BLIND', player_id: 'a', player_name: 'Alice', street: 'preflop', amount: 2 },
    { action: 'CALL', player_id: 'b', player_name: 'Bob', street: 'preflop', amount: 1 },
    { action: 'DEAL', player_name: 'Dealer', street: 'flop', amount: null },
    { action: 'BET', player_id: 'b', player_name: 'Bob', street: 'flop', amount: 4 },
    { action: 'CALL', player_id: 'a', player_name: 'Alice', street: 'flop', amount: 4 },
  ],
  streets: { flop: ['3d', '6c', '8h'], turn: ['Th'], river: ['Kc'] },
};

describe('history views', () => {
  it('shapes a hand row; the pot only where money is shown, and an unrepublished 0 as unknown', () => {
    expect(handRowView(summary, 'bb')).toMatchObject({
      handId: 'h1',
      handNumber: 65,
      at: 1_790_000_000_500,
      winners: ['Alice'],
      bigBlind: 2,
      pot: { value: 12, unit: 'bb' },
    });
    expect(handRowView(summary, 'hidden')).toMatchObject({ pot: null, bigBlind: null });
    // final_pot_bb is in big blinds: in dollars mode it is converted with stakes.big_blind, never relabelled.
    expect(handRowView(summary, 'dollars').pot).toEqual({ label: 'Pot', value: 24, unit: 'dollars' });
    expect(handRowView({ ...summary, stakes: null }, 'dollars').pot).toEqual({ label: 'Pot', value: 12, unit: 'bb' });
    expect(handRowView({ ...summary, final_pot_bb: 0 }, 'bb').pot).toBeNull();
  });

  it(
    'passes money fields only where the money mode permits them (bb/100 is ' +
      'not a money field, but hidden hides it)',
    () => {
      const stats = {
        player_id: 'a',
        name: 'Alice',
        hands_played: 10,
        vpip: 25.5,
        bb_per_100: 3.2,
        net_bb: 12,
        net_dollars: 24,
      };
      expect(moneyFigures(stats, 'bb')).toEqual([{ label: 'Net', value: 12, unit: 'bb' }]);
      expect(moneyFigures(stats, 'dollars')).toEqual([{ label: 'Net', value: 24, unit: 'dollars' }]);
      expect(moneyFigures(stats, 'hidden')).toEqual([]);
      expect(playerStatsView(stats, 'bb')).toMatchObject({ bbPer100: 3.2 });
      // A win rate in big blinds tells what a player won: with money hidden it is not shown either.
      expect(playerStatsView(stats, 'hidden')).toMatchObject({ name: 'Alice', vpip: 25.5, bbPer100: null, money: [] });
    },
  );

  it('replays with pot and board as they were, and never shows a mucked player’s cards', () => {
    const view = handDetailView(detail, 'bb');
    expect(view.steps.map((step) => step.potChips)).toEqual([0, 0, 1, 3, 4, 4, 8, 12, 12]);
    expect(view.steps[3]).toMatchObject({
      actor: 'Alice',
      action: 'POST_BLIND',
      amountChips: 2,
      amountBb: 1,
      potBb: 1.5,
    });
    expect(view.steps[5]?.board).toEqual(['3d', '6c', '8h']);
    expect(view.steps.at(-1)?.board).toEqual(['3d', '6c', '8h', 'Th', 'Kc']);
    expect(view.streets).toEqual([
      { street: 'preflop', step: 1 },
      { street: 'flop', step: 5 },
    ]);
    for (const step of view.steps) expect(step.players.find((player) => player.name === 'Bob')?.holeCards).toBeNull();
    expect(view.results.find((result) => result.name === 'Bob')).toMatchObject({
      holeCards: null,
      net: { value: -6, unit: 'bb' },
    });
    expect(view.results.find((result) => result.name === 'Alice')).toMatchObject({
      holeCards: ['Kd', '3s'],
      wonAtShowdown: true,
    });
    const hidden = handDetailView(detail, 'hidden');
    expect(hidden.results.every((result) => result.net === null)).toBe(true);
    // With money hidden the replay still runs, but no amount leaves main, in chips or in big blinds.
    expect(hidden.steps.map((step) => step.action)).toEqual(view.steps.map((step) => step.action));
    for (const step of hidden.steps) {
      expect([step.amountChips, step.amountBb, step.potChips, step.potBb]).toEqual([null, null, null, null]);
      for (const player of step.players) expect([player.contributedChips, player.contributedBb]).toEqual([null, null]);
    }
    expect(handDetailView(detail, 'dollars').results.find((result) => result.name === 'Alice')?.net).toEqual({
      label: 'Net result',
      value: 10.8,
      unit: 'dollars',
    });
  });

  it('reads session times and blinds tolerantly', () => {
    expect(
      sessionRowView(
        {
          session_uid: 's',
          started_at: 1_790_000_000,
          ended_at: '2026-09-20T02:00:00Z',
          hands_count: 150,
          blinds: { small_blind: 1, big_blind: 2, ante: 0.5 },
        },
        'bb',
      ),
    ).toEqual({
      sessionUid: 's',
      startedAt: 1_790_000_000_000,
      endedAt: Date.parse('2026-09-20T02:00:00Z'),
      handsCount: 150,
      playerCount: null,
      blinds: '1/2 ante 0.5',
    });
    expect(sessionRowView({ session_uid: 's', started_at: 'not a date', blinds: 'odd' }, 'bb')).toMatchObject({
      startedAt: null,
      blinds: null,
    });
    expect(sessionRowView({ session_uid: 's', blinds: { small_blind: 1, big_blind: 2 } }, 'hidden').blinds).toBeNull();
    expect(toUnixMs(-1)).toBeNull();
  });
});
