/**
 * Property test: random movements against a simulated host under random fault schedules (504 after apply, 504
 * never applied, 504 applied later, late answers, resets, offline host, rate limits, hands in progress), with the
 * cashier choosing at random between "send again" and "leave" when allowed. Whatever happens:
 * - a second key is used only after evidence said "not applied" (and that evidence was true when it was given)
 *   and the cashier chose it;
 * - no key applies twice, and if a movement and its re-send both applied, both are flagged;
 * - what the cashier says applied is exactly what the host applied, and the journal on disk agrees;
 * all of it while the PC's wall clock steps back and forward (seconds to a day) at every phase of a movement, and a
 * step is said only when there was one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../../main/core/cashier/index';
import { createHarness } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';
import { SCHEDULE_FAULTS, type SimFault } from '../../support/cashier-sim-host';
import { expectStepsSaidTruly, steppedHarness, wallStepsArb } from '../../support/wall-steps';

const FAULTS = SCHEDULE_FAULTS;

const movementArb = fc.record({
  action: fc.constantFrom('buy-in' as const, 'cash-out' as const),
  playerName: fc.constantFrom('Alice', 'Bob', 'Carol'),
  amount: fc.option(
    fc.integer({ min: 1, max: 9_000 }).map((cents) => cents / 100),
    { nil: undefined },
  ),
});

const scenarioArb = fc.record({
  movements: fc.array(movementArb, { minLength: 1, maxLength: 4 }),
  faults: fc.array(fc.constantFrom(...FAULTS), { maxLength: 10 }),
  choices: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  feedEvents: fc.boolean(),
  restartAt: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  // Steps of the wall clock at every phase (wall-steps.ts): nothing below may change under them.
  wallSteps: wallStepsArb,
});

interface Scenario {
  readonly movements: readonly {
    readonly action: 'buy-in' | 'cash-out';
    readonly playerName: string;
    readonly amount?: number;
  }[];
  readonly faults: readonly SimFault[];
  readonly choices: readonly boolean[];
  readonly feedEvents: boolean;
  readonly restartAt: number | null;
  readonly wallSteps?: readonly (number | null)[];
}

interface SendAgainRecord {
  readonly oldKey: string;
  readonly hostHadAppliedOld: boolean;
}

async function play(h: Harness, scenario: Scenario, turn: () => void = () => undefined): Promise<SendAgainRecord[]> {
  const resent: SendAgainRecord[] = [];
  const decided = new Set<string>();
  for (const input of scenario.movements) {
    // Identical movements in a row are meant here (the window rule has its own tests): confirmed.
    const result = await h.request({ ...input, confirmSecond: true });
    const valid = input.action === 'cash-out' || input.amount !== undefined;
    expect(result.kind).toBe(
      valid
        ? h.cashier
            .snapshot()
            .movements.some(
              (m) =>
                m.playerName === input.playerName && m.key !== (result.kind === 'accepted' ? result.movement.key : ''),
            )
          ? 'blocked'
          : 'accepted'
        : 'invalid',
    );
  }
  let choice = 0;
  for (let step = 0; step < 400; step += 1) {
    turn();
    await h.settle();
    if (step === scenario.restartAt) {
      await h.restart();
      // Ready is not quiet: readings taken at the start may still be turning into evidence.
      await h.settle();
    }
    for (const movement of h.cashier.snapshot().movements) {
      if (movement.state !== 'in-doubt' || decided.has(movement.key) || movement.sendAgainBlockedBy !== null) continue;
      decided.add(movement.key);
      const sendAgain = scenario.choices[choice % scenario.choices.length] as boolean;
      choice += 1;
      const hostHadAppliedOld = h.host.ledger.some((entry) => entry.key === movement.key);
      const result = await h.cashier.resolveInDoubt(movement.key, sendAgain ? 'send-again' : 'leave');
      // A cashier's press can meet a movement that settled since the screen was drawn, or one the table shows applied
      // by the reading taken at the press (not settled: evidence never settles); only then may it be refused, and in
      // the second case the host really did apply that key (no other writer here).
      if (!result.ok) {
        const now = h.movement(movement.key);
        if (now.state === 'in-doubt') {
          expect(result.reason).toMatch(/table shows it applied/);
          expect(h.host.ledger.some((entry) => entry.key === movement.key)).toBe(true);
        } else {
          expect(['applied', 'refused', 'cancelled']).toContain(now.state);
          expect(result.reason).toContain(now.state);
        }
        continue;
      }
      if (sendAgain) resent.push({ oldKey: movement.key, hostHadAppliedOld });
    }
    const open = h.cashier
      .snapshot()
      .movements.filter((movement) => !['applied', 'refused', 'cancelled'].includes(movement.state));
    const onlyHopeless = open.every(
      (movement) =>
        movement.state === 'in-doubt' && (decided.has(movement.key) || movement.evidence?.verdict === 'inconclusive'),
    );
    if (open.length === 0 || (onlyHopeless && step > 60)) break;
    if (!h.clock.fireNext()) break;
  }
  return resent;
}

describe('fault schedules (fast-check, simulated host)', () => {
  it('never uses a second key without evidence and choice, and never applies a movement twice unflagged', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const stepped = await steppedHarness(scenario.wallSteps, {
          faults: [...scenario.faults],
          feedEvents: scenario.feedEvents,
          lateMs: 2_500,
        });
        const { h } = stepped;
        try {
          const resent = await play(h, scenario as Scenario, stepped.step);
          const movements = h.cashier.snapshot().movements;
          const byKey = new Map(movements.map((movement) => [movement.key, movement]));
          // Every key the host ever saw belongs to a journaled movement; new keys only via an accepted send-again.
          for (const key of h.host.keysSeen) expect(byKey.has(key)).toBe(true);
          const replacements = movements.filter((movement) => movement.replaces !== null);
          expect(replacements.map((movement) => movement.replaces).sort()).toEqual(
            resent.map((record) => record.oldKey).sort(),
          );
          // The evidence was true when the cashier acted on it.
          for (const record of resent) expect(record.hostHadAppliedOld).toBe(false);
          // No key applies twice.
          const appliedKeys = h.host.ledger.map((entry) => entry.key);
          expect(new Set(appliedKeys).size).toBe(appliedKeys.length);
          // The cashier's applied set is exactly the host's.
          for (const movement of movements) {
            const hostApplied = appliedKeys.includes(movement.key);
            if (movement.state === 'applied') expect(hostApplied).toBe(true);
            if (movement.state === 'refused' || movement.state === 'cancelled') expect(hostApplied).toBe(false);
          }
          // A movement and its re-send that both applied are both flagged.
          for (const replacement of replacements) {
            const old = byKey.get(replacement.replaces as string);
            if (old?.state === 'applied' && replacement.state === 'applied') {
              expect(old.flags).toContain('both-applied');
              expect(replacement.flags).toContain('both-applied');
            }
          }
          // One unsettled movement per player.
          const players = movements
            .filter((m) => !['applied', 'refused', 'cancelled'].includes(m.state) && m.replacedBy === null)
            .map((m) => m.playerName);
          expect(new Set(players).size).toBe(players.length);
          // The journal on disk says the same as the snapshot.
          // Compare after settling: an attempt still in flight may settle a movement while the journal is flushed.
          await h.settle();
          const onDisk = await readJournal(h.dataDir);
          const settled = h.cashier.snapshot().movements;
          expect(onDisk.movements.map((m) => [m.key, m.state]).sort()).toEqual(
            settled.map((m) => [m.key, m.state]).sort(),
          );
          expectStepsSaidTruly(stepped);
        } finally {
          await h.dispose();
        }
      }),
      { numRuns: 40 },
    );
  }, 170_000);

  it('settles every movement when no key is lost for good (no timeout-never)', async () => {
    const liveFaults = FAULTS.filter((fault) => fault !== 'timeout-never');
    await fc.assert(
      fc.asyncProperty(
        fc.array(movementArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom(...liveFaults), { maxLength: 8 }),
        async (inputs, faults) => {
          const h = await createHarness({ faults: [...faults], feedEvents: false, lateMs: 2_500 });
          try {
            await play(h, {
              movements: inputs,
              faults,
              choices: [false],
              feedEvents: false,
              restartAt: null,
            } as Scenario);
            const unsettled = h.cashier
              .snapshot()
              .movements.filter((m) => !['applied', 'refused', 'cancelled'].includes(m.state));
            expect(unsettled).toEqual([]);
            expect(h.cashier.snapshot().movements.every((m) => m.replaces === null)).toBe(true);
          } finally {
            await h.dispose();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 170_000);
});
