import { describe, expect, it } from 'vitest';
import { jumpToStreet, replayHand, type HandDetail } from '../../../main/core/history/index';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

function detail(streets: unknown = { flop: ['Ah', 'Kd', '2c'], turn: ['9s'], river: ['3h'] }): HandDetail {
  return {
    hand: {
      hand_id: 'h1',
      ts: 1_700_000_000,
      board: ['Ah', 'Kd', '2c', '9s', '3h'],
      stakes: { small_blind: 1, big_blind: 2 },
      winners: [{ player_id: A, player_name: 'Ann' }],
      players: [
        {
          player_id: A,
          player_name: 'Ann',
          position: 'SB',
          showed_cards: true,
          hole_cards: ['As', 'Ad'],
          result: 'won',
          net_result_bb: 10.5,
          won_at_showdown: true,
          hand_rank_name: 'Three of a Kind',
          stack_start: 200,
        },
        {
          player_id: B,
          player_name: 'Bob',
          position: 'BB',
          showed_cards: false,
          result: 'lost',
          net_result_bb: -10.5,
          stack_start: 150,
        },
        {
          player_id: C,
          player_name: 'Cid',
          position: 'BTN',
          showed_cards: false,
          result: 'folded',
          folded_street: 'preflop',
          stack_start: 100,
        },
      ],
    },
    actions: [
      { action: 'POST_BLIND', player_id: A, player_name: 'Ann', amount: 1, street: 'preflop' },
      { action: 'POST_BLIND', player_id: B, player_name: 'Bob', amount: 2, street: 'preflop' },
      { action: 'FOLD', player_id: C, player_name: 'Cid', amount: null, street: 'preflop' },
      { action: 'CALL', player_id: A, player_name: 'Ann', amount: 1, street: 'preflop' },
      { action: 'CHECK', player_id: B, player_name: 'Bob', amount: null, street: 'preflop' },
      { action: 'DEAL', player_id: null, player_name: '', amount: null, street: 'flop' },
      { action: 'BET', player_id: A, player_name: 'Ann', amount: 3.3, street: 'flop' },
      { action: 'CALL', player_id: B, player_name: 'Bob', amount: 3.3, street: 'flop' },
      { action: 'BET', player_id: A, player_name: 'Ann', amount: 6.7, street: 'turn' },
      { action: 'CALL', player_id: B, player_name: 'Bob', amount: 6.7, street: 'turn' },
      { action: 'CHECK', player_id: A, player_name: 'Ann', amount: null, street: 'river' },
      { action: 'CHECK', player_id: B, player_name: 'Bob', amount: null, street: 'river' },
    ],
    streets,
  };
}

describe('replayHand', () => {
  it('shows the board and pot as they were at every step, with chips and big blinds', () => {
    const frames = replayHand(detail());
    expect(frames).toHaveLength(14);
    expect(frames.map((frame) => frame.potChips)).toEqual([0, 1, 3, 3, 4, 4, 4, 7.3, 10.6, 17.3, 24, 24, 24, 24]);
    expect(frames.map((frame) => frame.board.length)).toEqual([0, 0, 0, 0, 0, 0, 3, 3, 3, 4, 4, 5, 5, 5]);
    const flopBet = frames[7];
    expect(flopBet?.action).toMatchObject({ kind: 'BET', amountChips: 3.3, amountBb: 1.65 });
    expect(flopBet?.potBb).toBe(3.65);
    const ann = flopBet?.players.find((player) => player.playerId === A);
    expect(ann).toMatchObject({ contributedChips: 5.3, streetChips: 3.3, stackChips: 194.7 });
    expect(frames[3]?.players.find((player) => player.playerId === C)?.folded).toBe(true);
  });

  it('never shows hole cards of a mucked hand, even if the data carried them', () => {
    const leaky = detail();
    const bob = leaky.hand.players[1];
    if (bob !== undefined) bob.hole_cards = ['7c', '7d'];
    for (const frame of replayHand(leaky)) {
      expect(frame.players.find((player) => player.playerId === A)?.holeCards).toEqual(['As', 'Ad']);
      expect(frame.players.find((player) => player.playerId === B)?.holeCards).toBeNull();
      expect(frame.players.find((player) => player.playerId === C)?.holeCards).toBeNull();
    }
  });

  it('ends with the winners and every result', () => {
    const last = replayHand(detail()).at(-1);
    expect(last?.winners).toEqual([{ player_id: A, player_name: 'Ann' }]);
    expect(last?.results?.map((result) => [result.name, result.result, result.netResultBb])).toEqual([
      ['Ann', 'won', 10.5],
      ['Bob', 'lost', -10.5],
      ['Cid', 'folded', null],
    ]);
    expect(last?.board).toEqual(['Ah', 'Kd', '2c', '9s', '3h']);
  });

  it('jumps to the first step of a street and reports streets never reached', () => {
    const frames = replayHand(detail());
    expect(jumpToStreet(frames, 'flop')).toBe(6);
    expect(frames[jumpToStreet(frames, 'turn')]?.board).toEqual(['Ah', 'Kd', '2c', '9s']);
    expect(jumpToStreet(frames, 'showdown')).toBe(-1);
  });

  it('tolerates unknown streets content and unknown street names', () => {
    const odd = detail('not an object');
    odd.actions.push({ action: 'MYSTERY', player_id: A, player_name: 'Ann', amount: 0, street: 'bonus_round' });
    const frames = replayHand(odd);
    expect(frames[jumpToStreet(frames, 'turn')]?.board).toEqual(['Ah', 'Kd', '2c', '9s']);
    expect(frames.at(-2)).toMatchObject({ street: 'bonus_round', potChips: 24 });
    expect(frames.at(-2)?.board).toHaveLength(5);
  });
});
