/**
 * Property test: the fault schedules of fault-schedules.test.ts plus the other writers and a late network. Requests
 * the network holds and delivers later ('late-delivery'), hands that start and end (so retries meet
 * hand_in_progress), the venue's own identical movements and events naming no seat or player, and a cashier who
 * presses cancel, "send again", "leave" and "count it as applied" at random. Whatever happens:
 * - no movement is shown applied unless its own key applied, or the cashier decided on evidence the table showed;
 * - no movement is shown cancelled (or withdrawn) if its key can still apply: after every held request has landed,
 *   no cancelled key ever applied;
 * - if a movement and its re-send both applied, both are flagged;
 * all of it while the PC's wall clock steps back and forward (seconds to a day) at every phase of a movement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_FAULTS, type SimFault } from '../../support/cashier-sim-host';
import { expectStepsSaidTruly, steppedHarness, wallStepsArb } from '../../support/wall-steps';

const FAULTS: readonly SimFault[] = [
  ...SCHEDULE_FAULTS,
  'late-delivery',
  'late-delivery',
  'timeout-never',
  'timeout-never',
];
const PLAYERS = ['Alice', 'Bob', 'Carol'] as const;

const writerArb = fc.record({
  step: fc.integer({ min: 0, max: 30 }),
  what: fc.constantFrom('same-movement' as const, 'nameless' as const, 'hand' as const, 'cancel' as const),
  player: fc.integer({ min: 0, max: 2 }),
});

const scenarioArb = fc.record({
  movements: fc.array(
    fc.record({
      action: fc.constantFrom('buy-in' as const, 'cash-out' as const),
      player: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 40 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  faults: fc.array(fc.constantFrom(...FAULTS), { maxLength: 8 }),
  writers: fc.array(writerArb, { maxLength: 8 }),
  choices: fc.array(fc.constantFrom('send-again' as const, 'leave' as const, 'accept-shown' as const), {
    minLength: 3,
    maxLength: 3,
  }),
  wallSteps: wallStepsArb,
});

describe('writer schedules (fast-check, simulated host with other writers and a late network)', () => {
  it('never shows a movement applied or cancelled against its key, and flags every double', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const stepped = await steppedHarness(scenario.wallSteps, { faults: [...scenario.faults], lateMs: 2_500 });
        const { h } = stepped;
        try {
          const decidedOnShown = new Set<string>();
          for (const input of scenario.movements)
            await h.request({
              action: input.action,
              playerName: PLAYERS[input.player] as string,
              amount: input.amount,
              confirmSecond: true,
            });
          const decided = new Set<string>();
          let choice = 0;
          for (let step = 0; step < 120; step += 1) {
            stepped.step();
            await h.settle();
            for (const writer of scenario.writers.filter((candidate) => candidate.step === step)) {
              const name = PLAYERS[writer.player] as string;
              const mine = h.cashier.snapshot().movements.filter((movement) => movement.playerName === name);
              const ours =
                mine.find((movement) => !['applied', 'refused', 'cancelled'].includes(movement.state)) ?? mine[0];
              if (writer.what === 'hand') {
                if (h.host.handInProgress) h.host.endHand(0, 1, 0);
                else h.host.startHand();
                h.pushTable();
              } else if (writer.what === 'cancel') {
                if (ours !== undefined) await h.cashier.cancel(ours.key);
              } else if (!h.host.handInProgress) {
                // Another writer's movement just like ours (same player, kind and amount), or a nameless one.
                const amount = ours?.amount ?? 10;
                const delta = ours?.action === 'cash-out' ? -Math.min(amount, 1) : amount;
                h.host.otherWriter(name, delta, { nullIds: writer.what === 'nameless' });
                h.pushTable();
              }
            }
            for (const movement of h.cashier.snapshot().movements) {
              if (movement.state !== 'in-doubt' || decided.has(movement.key)) continue;
              const pick = scenario.choices[choice % scenario.choices.length] as
                'send-again' | 'leave' | 'accept-shown';
              if (pick === 'send-again' && movement.sendAgainBlockedBy !== null) continue;
              if (pick === 'accept-shown' && movement.evidence?.verdict !== 'applied') continue;
              decided.add(movement.key);
              choice += 1;
              const result = await h.cashier.resolveInDoubt(movement.key, pick);
              if (pick === 'accept-shown' && result.ok) decidedOnShown.add(movement.key);
            }
            if (!h.clock.fireNext()) break;
          }
          // Every held request lands (the hand ends first), then the keys are asked until they settle.
          if (h.host.handInProgress) h.host.endHand(0, 1, 0);
          h.pushTable();
          await h.runUntil(() => false, 400);
          await h.settle();
          const movements = h.cashier.snapshot().movements;
          const applied = new Set(h.host.ledger.map((entry) => entry.key));
          for (const movement of movements) {
            if (movement.state === 'applied' && !decidedOnShown.has(movement.key))
              expect(applied.has(movement.key)).toBe(true);
            if (movement.state === 'cancelled') expect(applied.has(movement.key)).toBe(false);
          }
          for (const movement of movements.filter((candidate) => candidate.replaces !== null)) {
            const old = movements.find((candidate) => candidate.key === movement.replaces);
            if (old !== undefined && applied.has(old.key) && applied.has(movement.key)) {
              expect(old.flags).toContain('both-applied');
              expect(movement.flags).toContain('both-applied');
            }
          }
          expectStepsSaidTruly(stepped);
        } finally {
          await h.dispose();
        }
      }),
      { numRuns: 60 },
    );
  }, 170_000);
});
