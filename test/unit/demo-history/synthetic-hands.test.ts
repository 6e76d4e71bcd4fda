/** Synthetic hands are cheap but must be consistent in every field the plane publishes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateHand, type SyntheticHandSpec, type SyntheticSeat } from '../../../main/demo/history/hand-sim';
import { addHand, emptyTally, handTallies, type StatTally } from '../../../main/demo/history/stats';
import { generateHistory } from '../../../main/demo/history/synthetic';
import type { DemoStakes, PlayedHand } from '../../../main/demo/played-hand';
import { createRoster } from '../../../main/demo/roster';

const ACTIONS = new Set(['DEAL', 'POST_BLIND', 'STRADDLE', 'BET', 'CALL', 'RAISE', 'FOLD', 'CHECK', 'ALL_IN']);
const cents = (chips: number): number => Math.round(chips * 100);

/** Every consistency rule a published hand must keep; returns the broken ones. */
function brokenRules(hand: PlayedHand): string[] {
  const broken: string[] = [];
  const netCents = hand.players.reduce((sum, player) => sum + cents(player.net), 0);
  if (netCents !== -cents(hand.rake)) broken.push(`nets sum to ${netCents} cents, rake is ${hand.rake}`);
  const potCents = hand.players.reduce((sum, player) => sum + cents(player.contributed), 0);
  if (potCents !== cents(hand.pot)) broken.push('pot is not the sum of contributions');
  const putIn = (playerId: string): number =>
    hand.actions
      .filter((action) => action.player_id === playerId)
      .reduce((sum, action) => sum + cents(action.amount ?? 0), 0);
  // Increments add up to each contribution, except the uncalled part of the biggest bet, which went back.
  const returned = hand.players.filter((player) => putIn(player.player_id) !== cents(player.contributed));
  const biggest = Math.max(...hand.players.map((player) => putIn(player.player_id)));
  if (returned.length > 1) broken.push('more than one player got chips back');
  for (const player of returned) {
    if (putIn(player.player_id) !== biggest || putIn(player.player_id) < cents(player.contributed))
      broken.push(`${player.player_name}: increments`);
  }
  for (const player of hand.players) {
    if (cents(player.won) - cents(player.contributed) !== cents(player.net))
      broken.push(`${player.player_name}: net != won - contributed`);
    if (player.contributed > player.stack_start) broken.push(`${player.player_name}: put in more than the stack`);
    if (player.won_at_showdown && !player.went_to_showdown) broken.push('won at showdown without going to showdown');
    if (player.went_to_showdown && player.folded_street !== null) broken.push('folded and went to showdown');
    if ((player.hand_rank_name !== null) !== player.went_to_showdown) broken.push('hand_rank_name without showdown');
  }
  hand.actions.forEach((action, i) => {
    if (!ACTIONS.has(action.action)) broken.push(`action ${action.action}`);
    if (i > 0 && action.ts < (hand.actions[i - 1]?.ts ?? 0)) broken.push('action ts going back');
    if (action.amount !== null && action.amount <= 0) broken.push('non-positive increment');
    if (['DEAL', 'CHECK', 'FOLD'].includes(action.action) !== (action.amount === null))
      broken.push(`${action.action} amount ${action.amount}`);
    if (action.decision_ms !== null && (!Number.isInteger(action.decision_ms) || action.decision_ms > 300_000))
      broken.push('decision_ms');
  });
  if (hand.ts < (hand.actions.at(-1)?.ts ?? 0) || hand.started_at > (hand.actions[0]?.ts ?? 0))
    broken.push('hand times');
  const cards = [...hand.board, ...hand.players.flatMap((player) => player.hole_cards)];
  if (new Set(cards).size !== cards.length) broken.push('a card dealt twice');
  const winners = hand.players.filter((player) => player.won > 0).map((player) => player.seat_id);
  if (JSON.stringify(winners) !== JSON.stringify(hand.winner_seats)) broken.push('winner_seats');
  if (hand.board.length !== Object.values(hand.streets).flat().length) broken.push('streets and board differ');
  return broken;
}

describe('synthetic hands', () => {
  it('keep every consistency rule over a history of 3,000 hands, with showdowns, all-ins and folds', () => {
    const roster = createRoster(7, 20);
    const seen = new Set<string>();
    let showdowns = 0;
    const problems: string[] = [];
    let previousTs = 0;
    generateHistory(
      {
        seed: 7,
        hands: 3000,
        roster,
        stakes: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
        now: Date.UTC(2026, 10, 21),
      },
      (spec) => {
        const hand = simulateHand(spec);
        problems.push(...brokenRules(hand).map((rule) => `${hand.hand_id}: ${rule}`));
        if (hand.ts <= previousTs) problems.push(`${hand.hand_id}: hands out of order`);
        previousTs = hand.ts;
        for (const action of hand.actions) seen.add(action.action);
        if (hand.players.some((player) => player.went_to_showdown)) showdowns += 1;
      },
    );
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual(['ALL_IN', 'BET', 'CALL', 'CHECK', 'DEAL', 'FOLD', 'POST_BLIND', 'RAISE']);
    expect(showdowns).toBeGreaterThan(300);
  });

  it('keep every rule for any table size and stakes, straddles and antes included', () => {
    const roster = createRoster(3, 12);
    const stakes = fc.record<DemoStakes>({
      small_blind: fc.constantFrom(0.5, 1, 2, 5),
      big_blind: fc.constant(0),
      ante: fc.constantFrom(0, 0.25, 1),
      straddle: fc.constant(0),
    });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.nat(), stakes, fc.boolean(), (size, seed, base, straddles) => {
        const stake: DemoStakes = {
          ...base,
          big_blind: base.small_blind * 2,
          straddle: straddles ? base.small_blind * 4 : 0,
        };
        const seats = roster.slice(0, size).map((player, index) => ({ seat_id: index + 1, player }));
        const spec: SyntheticHandSpec = {
          hand_id: `hand-${seed}`,
          hand_number: 1,
          session_uid: 'night',
          started_at: 1_790_000_000,
          stakes: stake,
          seats,
          button_seat: (seed % size) + 1,
          seed,
        };
        const hand = simulateHand(spec);
        expect(brokenRules(hand)).toEqual([]);
        if (straddles && size > 3) expect(hand.actions.some((action) => action.action === 'STRADDLE')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('are a pure function of their spec, so a detail can be regenerated instead of stored', () => {
    const roster = createRoster(11, 9);
    const spec: SyntheticHandSpec = {
      hand_id: 'h',
      hand_number: 4,
      session_uid: 's',
      started_at: 1_790_000_000,
      stakes: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
      seats: roster.map((player, index) => ({ seat_id: index + 1, player })),
      button_seat: 3,
      seed: 12345,
    };
    expect(simulateHand(spec)).toEqual(simulateHand(spec));

    expect(simulateHand({ ...spec, seed: 54321 })).not.toEqual(simulateHand(spec));
  });

  it('count the same stats from the compact log the bundle tallies as from the hand it publishes', () => {
    const roster = createRoster(13, 24);
    generateHistory(
      {
        seed: 13,
        hands: 400,
        roster,
        stakes: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
        now: Date.UTC(2026, 10, 21),
      },
      (spec, log) => {
        const fromLog = new Map<string, StatTally>();
        const tallies = Array.from({ length: log.count }, (_, player) => {
          const tally = emptyTally();
          fromLog.set((spec.seats[log.seatIndex[player] as number] as SyntheticSeat).player.player_id, tally);
          return tally;
        });
        addHand(log, tallies);
        expect(handTallies(simulateHand(spec))).toEqual(fromLog);
      },
    );
  });

  it('spread over nights ending before now, with permanent ids', () => {
    const roster = createRoster(5, 24);
    const now = Date.UTC(2026, 10, 21, 12);
    const nights = new Map<string, number>();
    const ids = new Set<string>();
    generateHistory(
      { seed: 5, hands: 2000, roster, stakes: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 }, now },
      (hand, log) => {
        expect(log.endedAtMs / 1000).toBe(simulateHand(hand).ts);
        nights.set(hand.session_uid, (nights.get(hand.session_uid) ?? 0) + 1);
        ids.add(hand.hand_id);
        expect(log.endedAtMs).toBeLessThan(now);
      },
    );
    expect(ids.size).toBe(2000);
    expect(nights.size).toBeGreaterThan(5);
    expect(Math.max(...nights.values())).toBeLessThanOrEqual(280);
  });
});
