/**
 * One transaction_applied event is one application by the host: it may be evidence for at most one movement, a
 * movement and its re-send never settle by what the live plane shows, and an event already explained by another
 * movement's host answer is never evidence.
 */
import { describe, expect, it } from 'vitest';
import { createEventAttribution } from '../../../main/core/cashier/attribution';
import type { TransactionAppliedObservation } from '../../../main/core/cashier/types';
import type { TransactionApplied } from '../../../main/core/venue/schemas-live';
import { acceptedKey as accepted, harnessPerTest } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';
import type { SimFault } from '../../support/cashier-sim-host';
import { appliedEventFixture, movementFixture, T0, type TestRequest } from '../../support/cashier-fixtures';

const harness = harnessPerTest();

/** Keeps a copy of every transaction_applied payload the host emits (still delivered when a sink was set). */
function recordEvents(h: Harness): TransactionApplied[] {
  const seen: TransactionApplied[] = [];
  const sink = h.host.eventSink;
  h.host.eventSink = (payload) => {
    seen.push(payload);
    sink?.(payload);
  };
  return seen;
}

/** The first recorded event (the test fails here if the host emitted none). */
function firstOf(events: readonly TransactionApplied[]): TransactionApplied {
  const event = events[0];
  if (event === undefined) throw new Error('the host emitted no transaction_applied event');
  return event;
}

const state = (h: Harness, key: string): string => h.movement(key).state;

/**
 * Requests a movement and waits until it is applied by its key's answer, or counted as applied by the cashier on the
 * event the table shows (its key still unanswered: the event is held for it).
 */
async function appliedBy(h: Harness, input: TestRequest, how: 'counted' | 'answered'): Promise<string> {
  const key = await accepted(h.cashier, input);
  if (how === 'counted') {
    // Evidence only shows it applied; the cashier counts it on what is shown, and its key is still asked.
    expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'applied')).toBe(true);
    expect((await h.cashier.resolveInDoubt(key, 'accept-shown')).ok).toBe(true);
    expect(h.movement(key)).toMatchObject({ state: 'in-doubt', decision: { choice: 'accept-shown' } });
    return key;
  }
  expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
  expect(h.movement(key).settlement?.how).toBe(how);
  return key;
}

/** Requests the same movement again, lets it fall in doubt, then offers it `event`: it must stay in doubt. */
async function expectEventIgnoredBySecond(
  h: Harness,
  input: TestRequest,
  first: string,
  event: TransactionApplied,
): Promise<string> {
  const second = await accepted(h.cashier, { ...input, confirmSecond: true });
  expect(await h.runUntil(() => state(h, second) === 'in-doubt', 300)).toBe(true);
  h.cashier.observeTransactionApplied(event);
  await h.settle();
  expect(h.host.ledger.map((entry) => entry.key)).toEqual([first]);
  expect(state(h, second)).toBe('in-doubt');
  expect(h.movement(second).evidence?.matchingEvent ?? null).toBeNull();
  return second;
}

const event = appliedEventFixture;

describe('event attribution', () => {
  it('consumes an event once it settled a movement, copies and journaled attributions included', () => {
    const attribution = createEventAttribution([], 10);
    attribution.observe(event());
    expect(attribution.unattributed()).toHaveLength(1);
    const observed = movementFixture({
      state: 'applied',
      settlement: { at: T0 + 20, how: 'observed', body: null, refusal: null },
      evidence: {
        checkedAt: T0 + 20,
        verdict: 'applied',
        summary: '',
        matchingEvent: event(),
        stackCheck: { usable: false, why: '', stackAtSend: 100, stackNow: null, expectedIfApplied: 150 },
      },
    });
    attribution.settledApplied(observed);
    expect(attribution.unattributed()).toEqual([]);
    // The same application delivered again (a feed replay) is seen later, but it is still the same application.
    attribution.observe(event({ observedAt: T0 + 500 }));
    expect(attribution.unattributed()).toEqual([]);
    // After a restart the attribution is rebuilt from the journaled movement.
    const rebuilt = createEventAttribution([observed], 10);
    rebuilt.observe(event({ observedAt: T0 + 900 }));
    expect(rebuilt.unattributed()).toEqual([]);
  });

  it('holds the event a cashier counted a movement on until its key answers, then gives it back', () => {
    const attribution = createEventAttribution([], 10);
    const earlier = event({ observedAt: T0 + 10, stack_before: 90, stack_after: 140 });
    const counted = event({ observedAt: T0 + 20 });
    attribution.observe(earlier);
    attribution.observe(counted);
    attribution.hold(counted);
    expect(attribution.unattributed()).toEqual([earlier]);
    // Held across a restart while the count stands; a refused count holds nothing.
    const countedMovement = movementFixture({
      state: 'in-doubt',
      decision: { choice: 'accept-shown', at: T0 + 30, by: 'Ann', evidenceEvent: counted },
    });
    const rebuilt = createEventAttribution([countedMovement], 10);
    rebuilt.observe(counted);
    expect(rebuilt.unattributed()).toEqual([]);
    const refusedCount = createEventAttribution([{ ...countedMovement, state: 'refused' }], 10);
    refusedCount.observe(counted);
    expect(refusedCount.unattributed()).toEqual([counted]);
    // The key answered: the event goes back in the order it was seen, once (a second release changes nothing).
    attribution.release(counted);
    attribution.release(counted);
    expect(attribution.unattributed()).toEqual([earlier, counted]);
  });

  it('gives the event of a movement settled by its host answer to that movement, even when it arrives later', () => {
    const attribution = createEventAttribution([], 10);
    attribution.settledApplied(
      movementFixture({
        state: 'applied',
        settlement: { at: T0 + 5, how: 'answered', body: { ok: true }, refusal: null },
      }),
    );
    attribution.observe(event());
    expect(attribution.unattributed()).toEqual([]);
    // The claim is spent: the next matching application is a new one.
    attribution.observe(event({ stack_before: 150, stack_after: 200, observedAt: T0 + 30 }));
    expect(attribution.unattributed()).toHaveLength(1);
  });
});

describe('event attribution across a restart', () => {
  const answered = (claimedEvent: TransactionAppliedObservation | null) =>
    movementFixture({
      state: 'applied',
      firstSentAt: T0,
      stackAtSend: 100,
      settlement: { at: T0 + 5, how: 'answered', body: { ok: true }, refusal: null, claimedEvent },
    });

  it("keeps a journaled claim consumed: the replayed event is nobody's evidence", () => {
    const rebuilt = createEventAttribution([answered(event())], 10);
    rebuilt.observe(event({ observedAt: T0 + 900 }));
    expect(rebuilt.unattributed()).toEqual([]);
  });

  it(
    'waits again for the event of a host-answered application whose event was ' + 'never seen, and reports the claim',
    () => {
      const claimed: string[] = [];
      const rebuilt = createEventAttribution([answered(null)], 10, (movement, seen) =>
        claimed.push(`${movement.key}:${String(seen.stack_before)}`),
      );
      // Another application of the same kind and amount, from another stack, is not this one's.
      rebuilt.observe(event({ stack_before: 300, stack_after: 350, observedAt: T0 + 800 }));
      expect(rebuilt.unattributed()).toHaveLength(1);
      rebuilt.observe(event({ observedAt: T0 + 900 }));
      expect(rebuilt.unattributed()).toHaveLength(1);
      expect(claimed).toEqual([`${answered(null).key}:100`]);
    },
  );
});

describe('cashier: one event settles at most one movement', () => {
  it("never lets the re-send's event settle the old movement (the fault-schedule counterexample)", async () => {
    const faults: SimFault[] = ['reset-before', 'timeout-never'];
    const h = await harness({ faults, lateMs: 2_500 });
    const key = await accepted(h.cashier, { action: 'cash-out', playerName: 'Bob', amount: 54.54, confirmed: true });
    expect(await h.runUntil(() => h.movement(key).sendAgainBlockedBy === null, 300)).toBe(true);
    // The re-send's first request is the next one the host sees: it applies at once, answers 504, and its event
    // reaches the cashier while the re-send is still being set up.
    faults.push('timeout-applied-late');
    const resent = await h.cashier.resolveInDoubt(key, 'send-again');
    if (!resent.ok) throw new Error(resent.reason);
    const newKey = resent.movement.key;
    // The link is in place the moment the re-send exists, before anything of it is journaled or sent.
    expect(h.movement(key).replacedBy).toBe(newKey);
    expect(await h.runUntil(() => state(h, newKey) === 'applied', 2_000)).toBe(true);
    await h.settle();
    expect(h.host.ledger.map((entry) => entry.key)).toEqual([newKey]);
    // The event was the re-send's: the old key was never applied, so it stays in doubt, polled by its key.
    expect(h.movement(key)).toMatchObject({ state: 'in-doubt', replacedBy: newKey, flags: [] });
    // A re-send settles only on its own key's answer (504 then the stored answer), never on the event it caused.
    expect(h.movement(newKey).settlement?.how).toBe('replayed');
  });

  it('never reuses an event a cashier counted a movement on, even delivered again after a restart', async () => {
    // Every request takes the next fault, polls included: the first movement's poll gets 'ok' (409 outcome_unknown).
    const h = await harness({ faults: ['timeout-applied-late', 'ok'], lateMs: 10_000_000 });
    const seen = recordEvents(h);
    const carol = { action: 'buy-in', playerName: 'Carol', amount: 19.5 } as const;
    const first = await appliedBy(h, carol, 'counted');
    // The counted key is still asked (409 outcome_unknown until its late answer); the second movement's key is
    // spent and never answered.
    h.host.keyFault = (key) => (key === first ? 'ok' : 'timeout-never');
    await h.restart();
    await expectEventIgnoredBySecond(h, carol, first, firstOf(seen));
  });

  it("never takes a late event explained by another movement's host answer as evidence", async () => {
    const h = await harness({ faults: ['ok', 'timeout-never'], feedEvents: false });
    const held = recordEvents(h);
    const bob = { action: 'cash-out', playerName: 'Bob', amount: 20 } as const;
    const first = await appliedBy(h, bob, 'answered');
    h.pushTable();
    // The first cash-out's event reaches the cashier only after the second one's intent was journaled.
    const second = await expectEventIgnoredBySecond(h, bob, first, firstOf(held));
    // The push before the event is not a view of the first application (the live table moves a stack on its event):
    // the second left with no stack at send, so only an event could decide it, and this one is the first's.
    expect(h.movement(second)).toMatchObject({ stackAtSend: null });
    expect(h.movement(second).evidence).toMatchObject({ verdict: 'inconclusive', matchingEvent: null });
  });

  it('journals the event a host-answered movement claims, whether it came before or after the answer', async () => {
    const h = await harness({ faults: ['ok'] });
    const first = await appliedBy(h, { action: 'buy-in', playerName: 'Carol', amount: 30 }, 'answered');
    await h.settle();
    await h.restart();
    expect(h.movement(first).settlement?.claimedEvent).toMatchObject({ kind: 'buy_in', amount: 30 });
  });

  it("never takes an event another movement's host answer explained, delivered again after a restart", async () => {
    const h = await harness({ faults: ['ok', 'timeout-never'], feedEvents: false });
    const held = recordEvents(h);
    const bob = { action: 'cash-out', playerName: 'Bob', amount: 20 } as const;
    const first = await appliedBy(h, bob, 'answered');
    h.cashier.observeTransactionApplied(firstOf(held));
    h.pushTable();
    // After a restart the feed may replay the event: the first cash-out's claim on it was journaled, and that
    // application started from the stack before the first cash-out, not from the one the second leaves with.
    await h.settle();
    await h.restart();
    expect(h.movement(first).settlement?.claimedEvent).toMatchObject({ kind: 'cash_out', amount: 20 });
    h.pushTable();
    await expectEventIgnoredBySecond(h, bob, first, firstOf(held));
  });

  it("never takes the stack from a view that predates the player's last application as the stack at send", async () => {
    const h = await harness({ faults: ['ok', 'timeout-never'], feedEvents: false });
    const first = await accepted(h.cashier, { action: 'cash-out', playerName: 'Bob', amount: 20 });
    expect(await h.runUntil(() => state(h, first) === 'applied')).toBe(true);
    // No view has arrived since the first cash-out applied: its stack (250) no longer is Bob's stack.
    const second = await accepted(h.cashier, {
      action: 'cash-out',
      playerName: 'Bob',
      amount: 20,
      confirmSecond: true,
    });
    expect(await h.runUntil(() => state(h, second) === 'in-doubt', 300)).toBe(true);
    await h.settle();
    expect(h.host.ledger.map((entry) => entry.key)).toEqual([first]);
    expect(h.movement(second)).toMatchObject({
      state: 'in-doubt',
      stackAtSend: null,
      evidence: { verdict: 'inconclusive' },
    });
  });
});
