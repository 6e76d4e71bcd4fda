// Property tests over thousands of hands played by the demo venue's engine directly (no sockets, no timers).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MovementRequest } from '../../../main/demo/engine/movements';
import type { EngineEvent } from '../../../main/demo/engine/types';
import { projectLiveState } from '../../../main/demo/live/projection';
import type { DemoStakes } from '../../../main/demo/played-hand';
import { createEngineHarness, PLAIN_STAKES, type EngineHarness } from '../../support/demo-engine-harness';

type Row = Record<string, unknown>;
const cents = (value: unknown): number => Math.round((value as number) * 100);
const rows = (value: unknown): Row[] => value as Row[];

const HANDS_PER_RUN = 200;
const RUNS = 5;

const movementArb: fc.Arbitrary<MovementRequest> = fc
  .record({
    kind: fc.constantFrom('buy_in' as const, 'cash_out' as const),
    playerName: fc.constantFrom('Cash Ier', 'Walk In', 'Late Comer'),
    amountCents: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
    closeSession: fc.boolean(),
  })
  .map((request) => ({
    ...request,
    closeSession: request.kind === 'cash_out' && request.closeSession,
    amountCents: request.kind === 'buy_in' ? (request.amountCents ?? 100) : request.amountCents,
  }));

/** The venue's plain 1/2, and the same with an ante, a straddle, or both (spec: `posted` covers all three). */
const stakesArb: fc.Arbitrary<DemoStakes> = fc.constantFrom(
  PLAIN_STAKES,
  { ...PLAIN_STAKES, ante: 0.5 },
  { ...PLAIN_STAKES, straddle: 4 },
  { ...PLAIN_STAKES, ante: 0.25, straddle: 4 },
);

const scenarioArb = fc.record({
  seed: fc.integer({ min: 0, max: 0xffff_ffff }),
  stakes: stakesArb,
  seats: fc.integer({ min: 6, max: 9 }),
  movements: fc.array(fc.tuple(fc.integer({ min: 0, max: HANDS_PER_RUN - 1 }), movementArb), { maxLength: 20 }),
  edits: fc.array(
    fc.tuple(
      fc.integer({ min: 0, max: HANDS_PER_RUN - 1 }),
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 0, max: 80_000 }),
    ),
    { maxLength: 5 },
  ),
});

/**
 * Plays a scenario hand by hand, applying its movements and seat edits between hands; `check` runs after every commit.
 */
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function play(scenario: Scenario, check: (harness: EngineHarness) => void): EngineHarness {
  const harness = createEngineHarness(scenario.seed, scenario.seats, 500, scenario.stakes);
  for (let hand = 0; hand < HANDS_PER_RUN; hand += 1) {
    for (const [at, request] of scenario.movements) if (at === hand) harness.movement(request);
    for (const [at, seatId, stack] of scenario.edits) {
      const seat = harness.engine.seats[seatId - 1];
      if (at === hand && seat !== undefined && seat.playerId !== null) harness.seatEdit(seatId, stack);
    }
    check(harness);
    harness.playHands(1, () => check(harness));
  }
  return harness;
}

const handOf = (event: EngineEvent): number | undefined => event.payload.hand_number as number | undefined;

describe('demo engine properties', () => {
  it('Chips are conserved: stacks + pot + rake = initial chips + applied movements, after every commit', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        let movementSum = 0;
        const broken: string[] = [];
        const harness = play(scenario, (current) => {
          const account = current.engine.chipAccount();
          if (
            account.stacksCents + account.potCents + account.rakeCents !==
            account.initialCents + account.appliedCents
          ) {
            broken.push(JSON.stringify(account));
          }
        });
        expect(broken).toEqual([]);
        for (const event of harness.events)
          if (event.kind === 'transaction_applied') movementSum += cents(event.payload.delta);
        expect(movementSum).toBe(harness.engine.chipAccount().appliedCents);
        expect(harness.engine.playedHands().length).toBeGreaterThan(HANDS_PER_RUN / 2);
      }),
      { numRuns: RUNS },
    );
  });

  it('Stacks never go negative and every seat amount is a whole number of cents', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const bad: (number | null)[] = [];
        play(scenario, (harness) => {
          for (const seat of harness.engine.seats)
            if (seat.stack !== null && !(seat.stack >= 0 && Number.isInteger(seat.stack))) bad.push(seat.stack);
        });
        expect(bad).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('end_hand: net = won - contributed per seat, nets sum to -rake, the winnings equal pot - rake', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const harness = play(scenario, () => undefined);
        const ends = harness.events.filter((event) => event.kind === 'end_hand').map((event) => event.payload);
        for (const end of ends) {
          let net = 0;
          let won = 0;
          for (const seat of rows(end.seats)) {
            expect(cents(seat.net)).toBe(cents(seat.won) - cents(seat.contributed));
            net += cents(seat.net);
            won += cents(seat.won);
          }
          expect(net + cents(end.rake)).toBe(0);
          expect(won).toBe(cents(end.total_pot) - cents(end.rake));
          if (end.street === 'preflop') expect(end.rake).toBe(0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('No hole card ever appears in an event payload or in the projected live state of its hand', () => {
    const strings = (value: unknown): string[] => {
      if (typeof value === 'string') return [value];
      if (Array.isArray(value)) return value.flatMap(strings);
      if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
      return [];
    };
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const leaks: string[] = [];
        const harness = play(scenario, (current) => {
          const hand = current.engine.hand;
          if (hand === null) return;
          const visible = new Set(strings(projectLiveState(current.engine, current.now)));
          for (const player of hand.players) for (const card of player.hole) if (visible.has(card)) leaks.push(card);
        });
        const byHand = new Map<number, Set<string>>();
        for (const event of harness.events) {
          const hand = handOf(event);
          if (hand === undefined) continue;
          const seen = byHand.get(hand) ?? new Set<string>();
          for (const text of strings(event.payload)) seen.add(text);
          byHand.set(hand, seen);
          expect(JSON.stringify(event.payload)).not.toMatch(/hole|equity|reveal|showed/i);
        }
        for (const played of harness.engine.playedHands()) {
          for (const player of played.players)
            for (const card of player.hole_cards) if (byHand.get(played.hand_number)?.has(card)) leaks.push(card);
        }
        expect(leaks).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it(
    'Every player_action is legal No-Limit: check/call/bet/raise sizes, min-raise, ' +
      'all-in = the whole stack, nobody acts after folding',
    () => {
      fc.assert(
        fc.property(scenarioArb, (scenario) => {
          const harness = play(scenario, () => undefined);
          let hands = 0;
          let stacks = new Map<number, number>();
          let bets = new Map<number, number>();
          let out = new Set<number>();
          let currentBet = 0;
          let lastRaise = 0;
          const bb = 200;
          const returnUncalled = (): void => {
            const sorted = [...bets.entries()].sort((a, b) => b[1] - a[1]);
            const [top, second] = sorted;
            if (top === undefined) return;
            const excess = top[1] - (second?.[1] ?? 0);
            if (excess > 0) stacks.set(top[0], (stacks.get(top[0]) ?? 0) + excess);
          };
          for (const event of harness.events) {
            const payload = event.payload;
            if (event.kind === 'start_hand') {
              hands += 1;
              const seats = rows(payload.seats).filter((seat) => seat.in_hand === true);
              const blinds = payload.blinds as { ante: number; straddle: number };
              // Antes are dead money: what a seat posted beyond its ante is its bet to match.
              const ante = cents(blinds.ante);
              stacks = new Map(seats.map((seat) => [seat.seat_id as number, cents(seat.stack) - cents(seat.posted)]));
              bets = new Map(seats.map((seat) => [seat.seat_id as number, Math.max(0, cents(seat.posted) - ante)]));
              out = new Set(
                seats.filter((seat) => cents(seat.stack) === cents(seat.posted)).map((seat) => seat.seat_id as number),
              );
              // A straddle (four or more players dealt in) is a live raise: the bet to match and the raise size.
              currentBet = cents(blinds.straddle) > 0 && seats.length > 3 ? Math.max(bb, cents(blinds.straddle)) : bb;
              lastRaise = currentBet;
            } else if (event.kind === 'street_advance') {
              returnUncalled();
              bets = new Map([...bets.keys()].map((seat) => [seat, 0]));
              currentBet = 0;
              lastRaise = bb;
            } else if (event.kind === 'player_action') {
              const seat = payload.seat_id as number;
              const stack = stacks.get(seat);
              expect(stack).toBeDefined();
              expect(out.has(seat)).toBe(false);
              const toCall = currentBet - (bets.get(seat) ?? 0);
              const amount = payload.amount === null ? 0 : cents(payload.amount);
              switch (payload.action_type) {
                case 'fold':
                  expect(toCall).toBeGreaterThan(0);
                  expect(payload.amount).toBeNull();
                  out.add(seat);
                  break;
                case 'check':
                  expect(toCall).toBe(0);
                  expect(payload.amount).toBeNull();
                  break;
                case 'call':
                  expect(amount).toBe(toCall);
                  expect(amount).toBeLessThan(stack as number);
                  break;
                case 'bet':
                  expect(currentBet).toBe(0);
                  expect(amount).toBeGreaterThanOrEqual(bb);
                  expect(amount).toBeLessThan(stack as number);
                  break;
                case 'raise':
                  expect(currentBet).toBeGreaterThan(0);
                  expect((bets.get(seat) ?? 0) + amount - currentBet).toBeGreaterThanOrEqual(lastRaise);
                  expect(amount).toBeLessThan(stack as number);
                  break;
                case 'all_in':
                  expect(amount).toBe(stack);
                  expect(amount).toBeGreaterThan(0);
                  out.add(seat);
                  break;
                default:
                  throw new Error(`unexpected action ${String(payload.action_type)}`);
              }
              stacks.set(seat, (stack as number) - amount);
              const total = (bets.get(seat) ?? 0) + amount;
              bets.set(seat, total);
              if (total > currentBet) {
                if (total - currentBet >= lastRaise) lastRaise = total - currentBet;
                currentBet = total;
              }
            }
          }
          expect(hands).toBeGreaterThan(HANDS_PER_RUN / 2);
        }),
        { numRuns: RUNS },
      );
    },
  );
});
