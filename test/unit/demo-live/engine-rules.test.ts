// Single rules of the engine that property tests cannot aim at: decision_ms gaps, side pots, odd chips, positions.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../main/demo/options';
import { positionNames } from '../../../main/demo/poker/positions';
import { buildPots, rakeFor, settle } from '../../../main/demo/engine/pots';
import type { HandPlayer } from '../../../main/demo/engine/types';
import { createEngineHarness } from '../../support/demo-engine-harness';

const player = (seatId: number, contributed: number, hole: [string, string], folded = false): HandPlayer => ({
  seatId,
  playerId: `p${seatId}`,
  name: `P${seatId}`,
  position: 'UTG',
  hole,
  stackStart: contributed,
  streetBet: 0,
  contributed,
  folded,
  foldedStreet: folded ? 'flop' : null,
  allIn: !folded,
  actedReopen: -1,
  posted: 0,
});

describe('decision_ms', () => {
  it('is null for the first action of a run and after a gap over 5 minutes, else the ms since the previous commit', () => {
    const harness = createEngineHarness(11);
    const actions = () => harness.events.filter((event) => event.kind === 'player_action').map((event) => event.payload);
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
  });
});

describe('pots', () => {
  it('builds a main pot and side pots from the contributions, folded chips included', () => {
    const short = player(1, 50, ['As', 'Ad']);
    const mid = player(2, 200, ['Ks', 'Kd']);
    const big = player(3, 200, ['Qs', 'Qd']);
    const folder = player(4, 100, ['2c', '7d'], true);
    const pots = buildPots([short, mid, big, folder]);
    expect(pots.map((pot) => pot.amount)).toEqual([200, 350]);
    expect(pots[0]?.eligible).toEqual([short, mid, big]);
    expect(pots[1]?.eligible).toEqual([mid, big]);
    const result = settle(pots, ['3h', '8c', '9d', 'Jh', '4s'], 4, 6);
    expect(result.won.get(1)).toBe(200);
    expect(result.won.get(2)).toBe(350);
    expect(result.won.get(3)).toBeUndefined();
    expect(result.handNames.get(1)).toBe('Pair');
  });

  it('splits a tie and gives the odd cent to the first winner left of the button', () => {
    const a = player(2, 100, ['2c', '3d']);
    const b = player(5, 100, ['2d', '3c']);
    const folder = player(6, 1, ['7c', '8c'], true);
    const pots = buildPots([a, b, folder]);
    expect(pots.map((pot) => pot.amount)).toEqual([201]);
    const result = settle(pots, ['Ah', 'Kh', 'Qs', 'Jd', 'Tc'], 4, 6);
    expect(result.won.get(5)).toBe(101);
    expect(result.won.get(2)).toBe(100);
  });

  it('takes no rake without a flop and caps it', () => {
    expect(rakeFor(10_000, false, 500)).toBe(0);
    expect(rakeFor(2_000, true, 500)).toBe(100);
    expect(rakeFor(100_000, true, 500)).toBe(500);
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

  it('take an ante from everyone, then the blinds, then a straddle after the big blind, as start_hand posts them', () => {
    const harness = createEngineHarness(5, 6, 700, stakes);
    while (harness.engine.hand === null) harness.step();
    const hand = harness.engine.hand;
    const [button, small, big, straddler, ...rest] = hand.players;
    if (button === undefined || small === undefined || big === undefined || straddler === undefined) throw new Error('expected four players or more');
    expect([button.posted, small.posted, big.posted, straddler.posted, ...rest.map((player) => player.posted)]).toEqual([50, 150, 250, 450, ...rest.map(() => 50)]);
    // Antes are dead: only the blinds and the straddle are bets to match; the straddle sets the bet and the raise size.
    expect([small.streetBet, big.streetBet, straddler.streetBet]).toEqual([100, 200, 400]);
    expect(hand.currentBet).toBe(400);
    expect(hand.lastRaiseSize).toBe(400);
    const start = harness.events.find((event) => event.kind === 'start_hand')?.payload as { seats: { seat_id: number; posted: number }[] };
    expect(start.seats.find((seat) => seat.seat_id === straddler.seatId)?.posted).toBe(4.5);
    expect(hand.actions.filter((action) => action.action === 'STRADDLE').map((action) => action.seat_id)).toEqual([straddler.seatId]);
    // Pre-flop action starts after the straddle.
    expect(hand.actionOn).toBe((rest[0] ?? button).seatId);
  });

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
        .filter((event) => event.kind === 'player_action' && event.payload.hand_number === handNumber && event.payload.street === 'preflop')
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

describe('the demo venue\'s forced-bet options', () => {
  it('default to plain 1/2 and refuse an ante over the big blind, a straddle under two big blinds, or fractions of a cent', () => {
    expect(resolveOptions({}).stakes).toEqual({ small_blind: 1, big_blind: 2, ante: 0, straddle: 0 });
    expect(resolveOptions({ ante: 0.25, straddle: 4 }).stakes).toEqual({ small_blind: 1, big_blind: 2, ante: 0.25, straddle: 4 });
    expect(() => resolveOptions({ ante: 3 })).toThrow(/ante/);
    expect(() => resolveOptions({ ante: 0.005 })).toThrow(/ante/);
    expect(() => resolveOptions({ ante: Number.NaN })).toThrow(/ante/);
    expect(() => resolveOptions({ straddle: 3 })).toThrow(/straddle/);
    expect(() => resolveOptions({ straddle: -4 })).toThrow(/straddle/);
  });
});
