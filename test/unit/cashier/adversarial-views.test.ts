/**
 * Property test: fault schedules against the runtime, with an ADVERSARIAL view of the table. Readings lie the way
 * real ones do (stale frames from a cut socket, failed reads, the venue's `live: false` last known frame, null hand
 * fields, the frame restored from disk, a disconnected stream), transaction_applied events arrive late and are
 * replayed, hands are played (stacks and hand numbers move), the process restarts, the host keeps keys in_progress
 * longer than any window and applies late or loses its answers, and the cashier presses "send again" on every
 * unsettled movement at random moments, allowed or not.
 *
 * Judged on the simulated host's own log (what it received, answered, applied and showed), never on the cashier's
 * beliefs:
 * 1. A new key reaches the host only after the venue answered outcome_unknown for the key it replaces AND, after
 *    that answer, a true reading of the table showed the old key not applied.
 * 2. A movement applies twice only when the host applied the old key after such a reading said it had not (the
 *    spec's own window); then, once the cashier knows both applied, both are flagged.
 *    And a re-send that had not reached the host when the cashier learned its partner applied never applies: it is
 *    withdrawn.
 * 3. What the cashier calls applied the host applied; what it calls refused or cancelled, the host did not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MovementView } from '../../../main/core/cashier/index';
import type { TransactionApplied } from '../../../main/core/venue/schemas-live';
import { createHarness } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';
import { SCHEDULE_FAULTS, type SimFault, type SimHost, type SimView } from '../../support/cashier-sim-host';

/** The schedules' faults, and a proxy's HTML page answering in the venue's place. */
const FAULTS: readonly SimFault[] = [...SCHEDULE_FAULTS, 'html'];
const LYING_VIEWS: readonly SimView[] = ['stale', 'fail', 'not-live', 'null-hand', 'restored', 'disconnected'];

type Step =
  | { readonly kind: 'push' }
  | { readonly kind: 'freeze' }
  | { readonly kind: 'hand-start' }
  | { readonly kind: 'hand-end'; readonly from: number; readonly to: number; readonly chips: number }
  | { readonly kind: 'press' }
  | { readonly kind: 'deliver'; readonly replay: boolean }
  | { readonly kind: 'restart'; readonly restored: boolean }
  | { readonly kind: 'wait' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'push' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'freeze' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'hand-start' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('hand-end' as const),
      from: fc.nat(2),
      to: fc.nat(2),
      chips: fc.integer({ min: 0, max: 3_000 }).map((c) => c / 100),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'press' as const }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('deliver' as const), replay: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('restart' as const), restored: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'wait' as const }), weight: 4 },
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  movements: fc.array(
    fc.record({
      action: fc.constantFrom('buy-in' as const, 'cash-out' as const),
      playerName: fc.constantFrom('Alice', 'Bob', 'Carol'),
      amount: fc.option(
        fc.integer({ min: 1, max: 5_000 }).map((c) => c / 100),
        { nil: undefined },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  // Most schedules open with a timeout, so most movements reach doubt and the send-again rules are exercised.
  faults: fc
    .tuple(
      fc.constantFrom<SimFault>('timeout-never', 'timeout-apply-later', 'timeout-applied-late', 'slow', 'ok'),
      fc.array(fc.constantFrom(...FAULTS), { maxLength: 8 }),
    )
    .map(([first, rest]) => [first, ...rest]),
  views: fc.array(fc.constantFrom<SimView>('true', ...LYING_VIEWS), { maxLength: 8 }),
  viewFault: fc.constantFrom<SimView>('true', 'true', 'true', 'true', ...LYING_VIEWS),
  lateMs: fc.constantFrom<number>(2_500, 20_000, 90_000),
  eventsLate: fc.boolean(),
  /** The cashier also presses "send again" the moment the tray offers it. */
  eager: fc.boolean(),
  /** A re-send first meets this many 503 host_offline (so the old key may apply first and withdraw it). */
  resendOffline: fc.constantFrom(0, 0, 3, 50),
  steps: fc.array(stepArb, { minLength: 4, maxLength: 40 }),
});

interface Scenario {
  readonly movements: readonly {
    readonly action: 'buy-in' | 'cash-out';
    readonly playerName: string;
    readonly amount?: number | undefined;
  }[];
  readonly faults: readonly SimFault[];
  readonly views: readonly SimView[];
  readonly viewFault: SimView;
  readonly lateMs: number;
  readonly eventsLate: boolean;
  readonly eager: boolean;
  readonly resendOffline: number;
  readonly steps: readonly Step[];
}

/**
 * Schedules aimed at re-send pairs: one movement whose first key times out and applies late (or never), a cashier
 * who presses "send again" the moment it is offered, and a re-send that meets the host offline for a while, so the
 * old key's answer and the re-send race every way round (withdrawn, flagged double, or only one applied).
 */
const pairScenarioArb: fc.Arbitrary<Scenario> = fc.record({
  movements: fc
    .constantFrom('Alice', 'Bob', 'Carol')
    .map((playerName) => [{ action: 'buy-in' as const, playerName, amount: 5 }]),
  faults: fc
    .constantFrom<SimFault>('timeout-apply-later', 'timeout-applied-late', 'timeout-never')
    .map((first) => [first]),
  views: fc.array(fc.constantFrom<SimView>('true', ...LYING_VIEWS), { maxLength: 3 }),
  viewFault: fc.constant<SimView>('true'),
  lateMs: fc.constantFrom(2_500, 8_000, 20_000),
  eventsLate: fc.boolean(),
  eager: fc.constant(true),
  resendOffline: fc.integer({ min: 0, max: 20 }),
  steps: fc.array(
    fc.oneof(
      { arbitrary: fc.constant<Step>({ kind: 'wait' }), weight: 6 },
      { arbitrary: fc.constant<Step>({ kind: 'push' }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('deliver' as const), replay: fc.boolean() }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('restart' as const), restored: fc.boolean() }), weight: 1 },
    ),
    { maxLength: 20 },
  ),
});

/**
 * A pair that ends withdrawn: the old key applies 2.5 s after its 504 while its re-send still meets 503s. Random pair
 * schedules end withdrawn in about 1 run of 16, so 100 of them all miss it about once in 500 test runs (a flaky CI);
 * this one always reaches it.
 */
const WITHDRAWN_PAIR: Scenario = {
  movements: [{ action: 'buy-in', playerName: 'Carol', amount: 5 }],
  faults: ['timeout-apply-later'],
  views: [],
  viewFault: 'true',
  lateMs: 2_500,
  eventsLate: true,
  eager: true,
  resendOffline: 13,
  steps: [{ kind: 'wait' }],
};

const SETTLED = new Set(['applied', 'refused', 'cancelled']);

/** Plays a scenario; returns the movements as the cashier finally sees them. */
async function play(h: Harness, scenario: Scenario): Promise<readonly MovementView[]> {
  const { host } = h;
  host.views.push(...scenario.views);
  host.viewFault = scenario.viewFault;
  const queued: TransactionApplied[] = [];
  const delivered: TransactionApplied[] = [];
  host.eventSink = (payload) => {
    if (scenario.eventsLate) queued.push(payload);
    else h.cashier.observeTransactionApplied(payload);
  };
  const originals = new Set<string>();
  for (const input of scenario.movements) {
    const result = await h.request(input);
    if (result.kind === 'accepted') originals.add(result.movement.key);
  }
  host.keyFault = (key, seenBefore) => (!originals.has(key) && seenBefore < scenario.resendOffline ? 'offline' : null);
  for (let index = 0; index < 250; index += 1) {
    await h.settle();
    const step = scenario.steps[index];
    if (step !== undefined) await act(h, host, step, queued, delivered);
    if (scenario.eager) await pressWhereOffered(h);
    else if (host.handInProgress) host.endHand(0, 1, 0);
    const open = h.cashier.snapshot().movements.filter((movement) => !SETTLED.has(movement.state));
    if (step === undefined && open.length === 0) break;
    if (!h.clock.fireNext() && step === undefined) break;
  }
  await h.settle();
  return h.cashier.snapshot().movements;
}

async function pressWhereOffered(h: Harness): Promise<void> {
  for (const movement of h.cashier.snapshot().movements) {
    if (movement.sendAgainBlockedBy === null) await h.cashier.resolveInDoubt(movement.key, 'send-again');
  }
}

async function act(
  h: Harness,
  host: SimHost,
  step: Step,
  queued: TransactionApplied[],
  delivered: TransactionApplied[],
): Promise<void> {
  switch (step.kind) {
    case 'push':
      h.pushTable();
      return;
    case 'freeze':
      host.freezeView();
      return;
    case 'hand-start':
      if (!host.handInProgress) host.startHand();
      h.pushTable();
      return;
    case 'hand-end':
      if (host.handInProgress) host.endHand(step.from, step.to, step.chips);
      h.pushTable();
      return;
    case 'press':
      // Pressed on every unsettled movement, allowed or not: the cashier must refuse what the rules refuse.
      for (const movement of h.cashier.snapshot().movements) {
        if (!SETTLED.has(movement.state)) await h.cashier.resolveInDoubt(movement.key, 'send-again');
      }
      return;
    case 'deliver': {
      // Late events, and (replay) earlier ones again, as a since_seq replay after a reconnect brings them.
      const batch = [...(step.replay ? delivered : []), ...queued.splice(0)];
      delivered.push(...batch);
      for (const payload of batch) h.cashier.observeTransactionApplied(payload);
      return;
    }
    case 'restart':
      if (step.restored) host.views.unshift('restored');
      host.log.push({ type: 'restart' });
      await h.restart();
      return;
    case 'wait':
      return;
  }
}

/** Checks the three invariants on the host's log; returns what was violated (empty when nothing). */
function violations(host: SimHost, movements: readonly MovementView[]): string[] {
  const found: string[] = [];
  const { log } = host;
  const firstIndex = (match: (entry: (typeof log)[number]) => boolean, from = 0): number => {
    for (let index = from; index < log.length; index += 1) if (match(log[index] as (typeof log)[number])) return index;
    return -1;
  };
  for (const movement of movements) {
    const old = movement.replaces;
    if (old === null) continue;
    const sentAt = firstIndex((entry) => entry.type === 'request' && entry.key === movement.key);
    if (sentAt === -1) continue;
    const unknownAt = firstIndex(
      (entry) => entry.type === 'answer' && entry.key === old && entry.code === 'outcome_unknown',
    );
    if (unknownAt === -1 || unknownAt > sentAt) {
      found.push(`${movement.key} was sent before the venue answered outcome_unknown for ${old}`);
      continue;
    }
    const reading = firstIndex(
      (entry) => entry.type === 'reading' && entry.view === 'true' && !entry.applied.includes(old),
      unknownAt,
    );
    if (reading === -1 || reading > sentAt)
      found.push(`${movement.key} was sent without a true reading after outcome_unknown showing ${old} not applied`);
  }
  const counts = new Map<string, number>();
  for (const entry of host.ledger) counts.set(entry.key, (counts.get(entry.key) ?? 0) + 1);
  for (const [key, count] of counts) if (count > 1) found.push(`${key} applied ${count} times`);
  const byKey = new Map(movements.map((movement) => [movement.key, movement]));
  for (const movement of movements) {
    const applied = counts.has(movement.key);
    if (movement.state === 'applied' && !applied)
      found.push(`${movement.key} shown applied, the host never applied it`);
    if ((movement.state === 'refused' || movement.state === 'cancelled') && applied)
      found.push(`${movement.key} shown ${movement.state}, the host applied it`);
    const partner = movement.replaces === null ? undefined : byKey.get(movement.replaces);
    if (partner !== undefined && counts.has(partner.key) && applied) {
      // Both applied on the host: whichever the cashier heard applied first, the other had already reached the host.
      const heard = firstIndex(
        (entry) =>
          entry.type === 'answer' && (entry.key === partner.key || entry.key === movement.key) && entry.applied,
      );
      const first = heard === -1 ? null : (log[heard] as { readonly key: string }).key;
      const other = first === partner.key ? movement.key : partner.key;
      const reached = firstIndex((entry) => entry.type === 'accepted' && entry.key === other);
      // Across a restart a movement that was being sent may have had a request in flight: recovery must count it
      // as possibly with the host, so it can no longer be withdrawn (it is polled, and a double is flagged).
      const sentFrom = firstIndex((entry) => entry.type === 'request' && entry.key === other);
      const restarted = log.some((entry, index) => entry.type === 'restart' && index > sentFrom && index < reached);
      if (first !== null && reached > heard && !restarted)
        found.push(`${other} reached the host after ${first} was known applied: it should have been withdrawn`);
    }
    if (partner !== undefined && movement.state === 'applied' && partner.state === 'applied') {
      if (!movement.flags.includes('both-applied') || !partner.flags.includes('both-applied'))
        found.push(`${partner.key} and ${movement.key} both applied, not flagged`);
    }
  }
  for (const key of counts.keys()) if (!byKey.has(key)) found.push(`${key} applied but not journaled`);
  return found;
}

/** Runs one scenario and returns what was violated; `tally` counts what the schedules reached. */
async function check(scenario: Scenario, tally: Record<string, number>): Promise<string[]> {
  const h = await createHarness({ faults: [...scenario.faults], feedEvents: false, lateMs: scenario.lateMs });
  try {
    const movements = await play(h, scenario);
    const count = (name: string, reached: boolean): void => {
      if (reached) tally[name] = (tally[name] ?? 0) + 1;
    };
    count('runs', true);
    count(
      'outcomeUnknown',
      h.host.log.some((entry) => entry.type === 'answer' && entry.code === 'outcome_unknown'),
    );
    count(
      'resent',
      movements.some((movement) => movement.replaces !== null),
    );
    count(
      'withdrawn',
      movements.some((movement) => movement.settlement?.how === 'withdrawn'),
    );
    count(
      'doubles',
      movements.some((movement) => movement.flags.includes('both-applied')),
    );
    count(
      'observed',
      movements.some((movement) => movement.settlement?.how === 'observed'),
    );
    return violations(h.host, movements);
  } finally {
    await h.dispose();
  }
}

describe('fault schedules with an adversarial view of the table (fast-check)', () => {
  const runs = Number(process.env.CASHIER_PROPERTY_RUNS ?? 200);

  it(
    'sends a new key only on outcome_unknown and a true reading after it, and ' + 'never applies twice unflagged',
    async () => {
      const tally: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(scenarioArb, async (scenario) => {
          expect(await check(scenario, tally)).toEqual([]);
        }),
        { numRuns: runs },
      );
      // The schedules must reach the rules they are about: doubt and accepted re-sends.
      expect(tally.outcomeUnknown ?? 0).toBeGreaterThan(0);
      expect(tally.resent ?? 0).toBeGreaterThan(0);
      console.log(JSON.stringify(tally));
    },
    240_000,
  );

  it('withdraws or flags every re-send pair, whichever key the host answers first', async () => {
    const tally: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(pairScenarioArb, async (scenario) => {
        expect(await check(scenario, tally)).toEqual([]);
      }),
      // The example comes on top of the random schedules (fast-check counts examples in numRuns).
      { numRuns: Math.ceil(runs / 2) + 1, examples: [[WITHDRAWN_PAIR]] },
    );
    expect(tally.resent ?? 0).toBeGreaterThan(0);
    expect(tally.withdrawn ?? 0).toBeGreaterThan(0);
    expect(tally.doubles ?? 0).toBeGreaterThan(0);
    console.log(JSON.stringify(tally));
  }, 240_000);
});
