// Single rules of the engine that property tests cannot aim at: decision_ms gaps, side pots, odd chips, positions.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../main/demo/options';
import { positionNames } from '../../../main/demo/poker/positions';
import { BettingHand } from '../../../main/demo/poker/betting-hand';
import { cardCode } from '../../../main/demo/poker/cards';
import { handName } from '../../../main/demo/poker/evaluator';
import { Act, NONE } from '../../../main/demo/poker/hand-codes';
import { rakeFor } from '../../../main/demo/poker/rake';
import { newSettlement, settle, type Settlement } from '../../../main/demo/poker/settlement';
import { createEngineHarness } from '../../support/demo-engine-harness';

interface Part {
  readonly contributed: number;
  readonly hole: readonly [string, string];
  readonly folded: boolean;
}

const live = (contributed: number, first: string, second: string): Part => ({
  contributed,
  hole: [first, second],
  folded: false,
});
const folder = (contributed: number, first: string, second: string): Part => ({
  contributed,
  hole: [first, second],
  folded: true,
});

/** Settles a finished hand at 1/2 (cents): players in ring order (index 0 is the button), a five-card board. */
function settled(parts: readonly Part[], board: readonly string[]): Settlement {
  const hand = new BettingHand();
  hand.reset(parts.length, 200);
  parts.forEach((part, index) => {
    hand.contributed[index] = part.contributed;
    hand.folded[index] = part.folded ? 1 : NONE;
    hand.hole[index * 2] = cardCode(part.hole[0]);
    hand.hole[index * 2 + 1] = cardCode(part.hole[1]);
  });
  board.forEach((card, index) => (hand.board[index] = cardCode(card)));
  hand.boardLength = board.length;
  const result = newSettlement();
  settle(hand, result);
  return result;
}

/** A post-flop street with these stacks, nobody having bet yet. */
function street(stacks: readonly number[], bigBlind: number): BettingHand {
  const hand = new BettingHand();
  hand.reset(stacks.length, bigBlind);
  stacks.forEach((stack, index) => (hand.stack[index] = stack));
  hand.openStreet(1);
  return hand;
}

describe('decision_ms', () => {
  it(
    'is null for the first action of a run and after a gap over 5 minutes, ' + 'else the ms since the previous commit',
    () => {
      const harness = createEngineHarness(11);
      const actions = () =>
        harness.events.filter((event) => event.kind === 'player_action').map((event) => event.payload);
      while (actions().length === 0) harness.step(700);
      expect(actions()[0]?.decision_ms).toBeNull();
      while (actions().length < 2) harness.step(700);
      expect(actions()[1]?.decision_ms).toBe(700);
      // Find the next action and make it come after a long pause.
      const before = actions().length;
      while (harness.engine.phase !== 'betting') harness.step(700);
      harness.step(5 * 60 * 1000 + 1);
      expect(actions()).toHaveLength(before + 1);
      expect(actions()[before]?.decision_ms).toBeNull();
      harness.playHands(1);
      const exactlyFive = actions().length;
      while (harness.engine.phase !== 'betting') harness.step(700);
      harness.step(5 * 60 * 1000);
      expect(actions()[exactlyFive]?.decision_ms).toBe(300_000);
    },
  );
});

describe('pots', () => {
  it(
    'builds a main pot and side pots from the contributions, folded chips included, ' + 'and rakes the main pot first',
    () => {
      // Ring: the folding button, then the short stack, the middle and the big stack.
      const result = settled(
        [folder(100, '2c', '7d'), live(50, 'As', 'Ad'), live(200, 'Ks', 'Kd'), live(200, 'Qs', 'Qd')],
        ['3h', '8c', '9d', 'Jh', '4s'],
      );
      // Main pot 200 (50 from each, the folder's included) less 5% of 550; the side pot 350 goes whole to the kings.
      expect(result.rake).toBe(27);
      expect(Array.from(result.won.subarray(0, 4))).toEqual([0, 173, 350, 0]);
      expect(result.showdown).toBe(true);
      expect(handName(result.strength[1] as number)).toBe('Pair');
    },
  );

  it('splits a tie and gives the odd cent to the first winner left of the button', () => {
    const result = settled(
      [folder(1, '7c', '8c'), live(100, '2d', '3c'), live(100, '2c', '3d')],
      ['Ah', 'Kh', 'Qs', 'Jd', 'Tc'],
    );
    expect(result.rake).toBe(10);
    expect(Array.from(result.won.subarray(0, 3))).toEqual([0, 96, 95]);
  });

  it('takes no rake without a flop and caps it', () => {
    expect(rakeFor(10_000, false, 500)).toBe(0);
    expect(rakeFor(2_000, true, 500)).toBe(100);
    expect(rakeFor(100_000, true, 500)).toBe(500);
  });
});

/** A move a test makes: who (ring index), what (an Act code), and the street total for a raise. */
type Move = readonly [player: number, move: number, amountTo: number];

/**
 * Plays the moves after ring index `after`, checking each mover is the one the engine says acts next; returns the
 * actions taken.
 */
function playMoves(hand: BettingHand, after: number, moves: readonly Move[]): number[] {
  let last = after;
  return moves.map(([player, move, amountTo]) => {
    expect(hand.nextToAct(last)).toBe(player);
    last = player;
    return hand.apply(player, move, amountTo);
  });
}

describe('the betting engine', () => {
  it('lets a short all-in raise be called but not re-raised by a player who already acted', () => {
    const hand = street([10_000, 10_000, 500], 200);
    // 500 raises the 400 bet by 100, less than a full raise: the action is not reopened.
    expect(
      playMoves(hand, 0, [
        [1, Act.RAISE, 400],
        [2, Act.ALL_IN, 0],
      ]),
    ).toEqual([Act.BET, Act.ALL_IN]);
    hand.turnOptions(0);
    expect([hand.toCall, hand.minRaiseTo, hand.mayRaise]).toEqual([500, 900, true]);
    expect(
      playMoves(hand, 2, [
        [0, Act.CALL, 0],
        [1, Act.RAISE, 3_000],
      ]),
    ).toEqual([Act.CALL, Act.CALL]);
    expect(hand.increment).toBe(100);
    expect(hand.nextToAct(1)).toBe(NONE);
    expect(hand.returnUncalled()).toBe(0);
  });

  it('reopens the action after an opening bet, even a short all-in one, and gives back an uncalled bet', () => {
    const hand = street([10_000, 10_000, 150], 200);
    expect(
      playMoves(hand, 0, [
        [1, Act.CHECK, 0],
        [2, Act.ALL_IN, 0],
        [0, Act.CALL, 0],
      ]),
    ).toEqual([Act.CHECK, Act.ALL_IN, Act.CALL]);
    // Player 1 checked before any bet: facing the first bet of the street, they may raise.
    hand.turnOptions(1);
    expect([hand.toCall, hand.minRaiseTo, hand.mayRaise]).toEqual([150, 350, true]);
    expect(
      playMoves(hand, 0, [
        [1, Act.ALL_IN, 0],
        [0, Act.FOLD, 0],
      ]),
    ).toEqual([Act.ALL_IN, Act.FOLD]);
    expect(hand.nextToAct(0)).toBe(NONE);
    // The shove's unmatched part comes back: the shover has chips again, so is no longer all-in.
    expect(hand.returnUncalled()).toBe(9_850);
    expect([hand.stack[1], hand.contributed[1], hand.allIn[1]]).toEqual([9_850, 150, 0]);
  });
});

describe('positions', () => {
  it('names seats from the button', () => {
    expect(positionNames(2)).toEqual(['BTN', 'BB']);
    expect(positionNames(6)).toEqual(['BTN', 'SB', 'BB', 'UTG', 'HJ', 'CO']);
    expect(positionNames(9)).toEqual(['BTN', 'SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'MP', 'HJ', 'CO']);
  });
});

describe('antes and the straddle', () => {
  const stakes = { small_blind: 1, big_blind: 2, ante: 0.5, straddle: 4 };

  it(
    'take an ante from everyone, then the blinds, then a straddle after the ' + 'big blind, as start_hand posts them',
    () => {
      const harness = createEngineHarness(5, 6, 700, stakes);
      while (harness.engine.hand === null) harness.step();
      const hand = harness.engine.hand;
      const [button, small, big, straddler, ...rest] = hand.players;
      if (button === undefined || small === undefined || big === undefined || straddler === undefined)
        throw new Error('expected four players or more');
      expect([
        button.posted,
        small.posted,
        big.posted,
        straddler.posted,
        ...rest.map((player) => player.posted),
      ]).toEqual([50, 150, 250, 450, ...rest.map(() => 50)]);
      // Antes are dead: only the blinds and the straddle are bets to match; the straddle sets the bet and the raise
      // size.
      expect([small.streetBet, big.streetBet, straddler.streetBet]).toEqual([100, 200, 400]);
      expect(hand.currentBet).toBe(400);
      expect(hand.bets.lastRaise).toBe(400);
      const start = harness.events.find((event) => event.kind === 'start_hand')?.payload as {
        seats: { seat_id: number; posted: number }[];
      };
      expect(start.seats.find((seat) => seat.seat_id === straddler.seatId)?.posted).toBe(4.5);
      expect(hand.actions.filter((action) => action.action === 'STRADDLE').map((action) => action.seat_id)).toEqual([
        straddler.seatId,
      ]);
      // Pre-flop action starts after the straddle.
      expect(hand.actionOn).toBe((rest[0] ?? button).seatId);
    },
  );

  it('lets the straddler act last pre-flop, after the big blind, over many hands', () => {
    const harness = createEngineHarness(9, 8, 700, stakes);
    let checked = 0;
    for (let round = 0; round < 40; round += 1) {
      while (harness.engine.hand === null) harness.step();
      const { handNumber, players } = harness.engine.hand;
      const big = players[2]?.seatId;
      const straddler = players.length > 3 ? players[3]?.seatId : undefined;
      harness.playHands(1);
      const preflop = harness.events
        .filter(
          (event) =>
            event.kind === 'player_action' &&
            event.payload.hand_number === handNumber &&
            event.payload.street === 'preflop',
        )
        .map((event) => event.payload.seat_id as number);
      const bigFirst = preflop.indexOf(big ?? -1);
      const straddleFirst = straddler === undefined ? -1 : preflop.indexOf(straddler);
      if (bigFirst >= 0 && straddleFirst >= 0) {
        expect(straddleFirst).toBeGreaterThan(bigFirst);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});

describe("the demo venue's forced-bet options", () => {
  it(
    'default to plain 1/2 and refuse an ante over the big blind, a straddle ' +
      'under two big blinds, or fractions of a cent',
    () => {
      expect(resolveOptions({}).stakes).toEqual({ small_blind: 1, big_blind: 2, ante: 0, straddle: 0 });
      expect(resolveOptions({ ante: 0.25, straddle: 4 }).stakes).toEqual({
        small_blind: 1,
        big_blind: 2,
        ante: 0.25,
        straddle: 4,
      });
      expect(() => resolveOptions({ ante: 3 })).toThrow(/ante/);
      expect(() => resolveOptions({ ante: 0.005 })).toThrow(/ante/);
      expect(() => resolveOptions({ ante: Number.NaN })).toThrow(/ante/);
      expect(() => resolveOptions({ straddle: 3 })).toThrow(/straddle/);
      expect(() => resolveOptions({ straddle: -4 })).toThrow(/straddle/);
    },
  );
});
