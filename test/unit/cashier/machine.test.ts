import { describe, expect, it } from 'vitest';
import { assessEvidence } from '../../../main/core/cashier/evidence';
import { cancelBlocker, reduceMovement, sendAgainBlocker } from '../../../main/core/cashier/machine';
import type { Movement, TableObservation } from '../../../main/core/cashier/index';
import { T0, answer, movementFixture } from '../../support/cashier-fixtures';

const table = (stack: number, overrides: Partial<TableObservation> = {}): TableObservation => ({
  betweenHands: true, handNumber: 7, seats: [{ seat_id: 1, player_id: 'p-alice', name: 'Alice', stack }], ...overrides,
});

const inDoubt = (overrides: Partial<Movement> = {}): Movement =>
  reduceMovement(movementFixture({ state: 'with-host', mayHaveReachedHost: true, ...overrides }), { type: 'attempt', at: T0 + 100, attempt: answer(409, { error: 'outcome_unknown' }) });

const evidenceFor = (movement: Movement, observed: TableObservation | null, at = T0 + 200) =>
  assessEvidence(movement, { now: at, table: observed, tableObservedAt: at, events: [], otherMovementForPlayer: false });

describe('movement reducer', () => {
  it('does not mutate its input (readonly state)', () => {
    const before = Object.freeze(movementFixture({ state: 'queued', firstSentAt: null }));
    const after = reduceMovement(before, { type: 'send', at: T0 + 1, stack: 100, handNumber: 7 });
    expect(before.state).toBe('queued');
    expect(after).toMatchObject({ state: 'sending', firstSentAt: T0 + 1, stackAtSend: 100, handAtSend: 7 });
  });

  it('cancels only a queued movement that never reached the host', () => {
    const queued = movementFixture({ state: 'queued', firstSentAt: null });
    expect(cancelBlocker(queued)).toBeNull();
    expect(reduceMovement(queued, { type: 'cancel', at: T0 }).state).toBe('cancelled');
    const bounced = movementFixture({ state: 'queued', mayHaveReachedHost: true });
    expect(cancelBlocker(bounced)).toMatch(/key may be spent/);
    expect(reduceMovement(bounced, { type: 'cancel', at: T0 }).state).toBe('queued');
    expect(reduceMovement(movementFixture(), { type: 'cancel', at: T0 }).state).toBe('sending');
  });

  it('goes in doubt when a possibly-sent movement stays unanswered too long, not before', () => {
    const waiting = movementFixture({ state: 'with-host', mayHaveReachedHost: true });
    expect(reduceMovement(waiting, { type: 'check-unanswered', at: T0 + 999, inDoubtAfterMs: 1_000 }).state).toBe('with-host');
    expect(reduceMovement(waiting, { type: 'check-unanswered', at: T0 + 1_000, inDoubtAfterMs: 1_000 })).toMatchObject({ state: 'in-doubt', doubt: { reason: 'unanswered' } });
    const neverLeft = movementFixture({ state: 'sending', mayHaveReachedHost: false });
    expect(reduceMovement(neverLeft, { type: 'check-unanswered', at: T0 + 5_000, inDoubtAfterMs: 1_000 }).state).toBe('sending');
  });

  it('treats a movement found "sending" after a restart as possibly sent', () => {
    const recovered = reduceMovement(movementFixture({ state: 'sending' }), { type: 'recovered', at: T0 + 1 });
    expect(recovered.mayHaveReachedHost).toBe(true);
    expect(cancelBlocker({ ...recovered, state: 'queued' })).not.toBeNull();
  });

  it('settles applied (observed) only on evidence that it applied', () => {
    const doubtful = inDoubt();
    const seen = evidenceFor(doubtful, table(150));
    expect(seen.verdict).toBe('applied');
    expect(reduceMovement(doubtful, { type: 'evidence', evidence: seen })).toMatchObject({ state: 'applied', settlement: { how: 'observed' } });
    const notSeen = evidenceFor(doubtful, table(100));
    expect(notSeen).toMatchObject({ verdict: 'not-applied', stackCheck: { usable: true, stackAtSend: 100, stackNow: 100, expectedIfApplied: 150 } });
    expect(reduceMovement(doubtful, { type: 'evidence', evidence: notSeen }).state).toBe('in-doubt');
  });

  it('says why the stack cannot decide: mid-hand, hands played since, unknown hand numbers, no view', () => {
    const doubtful = inDoubt();
    expect(evidenceFor(doubtful, table(100, { betweenHands: false })).stackCheck.why).toMatch(/hand is in progress/);
    expect(evidenceFor(doubtful, table(100, { handNumber: 8 })).stackCheck.why).toMatch(/Hands were played/);
    expect(evidenceFor(doubtful, table(100, { handNumber: null })).verdict).toBe('inconclusive');
    expect(evidenceFor(doubtful, null).verdict).toBe('inconclusive');
    expect(assessEvidence(doubtful, { now: T0 + 200, table: table(100), tableObservedAt: T0 + 99, events: [], otherMovementForPlayer: false }).stackCheck.why).toMatch(/predates the doubt/);
    expect(evidenceFor(doubtful, table(123)).verdict).toBe('inconclusive');
    expect(assessEvidence(doubtful, { now: T0 + 200, table: table(100), tableObservedAt: T0 + 200, events: [], otherMovementForPlayer: true }).verdict).toBe('inconclusive');
  });

  it('uses a matching transaction_applied event seen after the intent, and only that', () => {
    const doubtful = inDoubt();
    const event = { kind: 'buy_in', seat_id: 1, player_id: 'p-alice', name: 'Alice', amount: 50, delta: 50, stack_before: 100, stack_after: 150, hand_number: 7, source: 'transaction', session_id: 's', observedAt: T0 + 50 } as const;
    const check = (events: readonly (typeof event | { readonly [K in keyof typeof event]: unknown })[]) =>
      assessEvidence(doubtful, { now: T0 + 200, table: table(123), tableObservedAt: T0 + 200, events: events as never, otherMovementForPlayer: false }).verdict;
    expect(check([event])).toBe('applied');
    expect(check([{ ...event, observedAt: T0 - 1 }])).toBe('inconclusive');
    expect(check([{ ...event, source: 'seat_edit' }])).toBe('inconclusive');
    expect(check([{ ...event, amount: 49 }])).toBe('inconclusive');
    expect(check([{ ...event, kind: 'cash_out' }])).toBe('inconclusive');
    expect(check([{ ...event, player_id: 'p-bob', name: 'Bob' }])).toBe('inconclusive');
  });

  it('allows send-again only for an unsettled, not-yet-replaced movement with fresh not-applied evidence', () => {
    const doubtful = inDoubt();
    expect(sendAgainBlocker(doubtful)).toMatch(/No stack evidence/);
    const stale = reduceMovement(doubtful, { type: 'evidence', evidence: evidenceFor(doubtful, table(100), T0 + 50) });
    expect(sendAgainBlocker(stale)).toMatch(/predates/);
    const inconclusive = reduceMovement(doubtful, { type: 'evidence', evidence: evidenceFor(doubtful, table(100, { betweenHands: false })) });
    expect(sendAgainBlocker(inconclusive)).toMatch(/does not show/);
    const ready = reduceMovement(doubtful, { type: 'evidence', evidence: evidenceFor(doubtful, table(100)) });
    expect(sendAgainBlocker(ready)).toBeNull();
    const replaced = reduceMovement(ready, { type: 'replaced', at: T0 + 300, by: 'mv-new-0001' });
    expect(sendAgainBlocker(replaced)).toMatch(/already sent again/);
    expect(sendAgainBlocker(movementFixture({ state: 'with-host' }))).toMatch(/not in doubt/);
  });

  it('lets the old key\'s real answer win over a re-send and flags both when both applied', () => {
    const replaced = reduceMovement(inDoubt(), { type: 'replaced', at: T0 + 300, by: 'mv-new-0001' });
    const late = reduceMovement(replaced, { type: 'attempt', at: T0 + 400, attempt: answer(200, { ok: true }, { replay: true }) });
    expect(late).toMatchObject({ state: 'applied', replacedBy: 'mv-new-0001' });
    expect(reduceMovement(late, { type: 'partner-applied', at: T0 + 401, partner: 'mv-new-0001' }).flags).toContain('both-applied');
  });

  it('never settles a movement or its re-send by evidence: only each key\'s own answer', () => {
    const old = reduceMovement(inDoubt(), { type: 'replaced', at: T0 + 300, by: 'mv-new-0001' });
    expect(reduceMovement(old, { type: 'evidence', evidence: evidenceFor(old, table(150)) }).state).toBe('in-doubt');
    const resend = inDoubt({ key: 'mv-new-0001', replaces: 'mv-fixture-0001' });
    expect(reduceMovement(resend, { type: 'evidence', evidence: evidenceFor(resend, table(150)) }).state).toBe('in-doubt');
    expect(sendAgainBlocker(reduceMovement(resend, { type: 'evidence', evidence: evidenceFor(resend, table(100)) }))).toMatch(/itself a re-send/);
    expect(reduceMovement(resend, { type: 'attempt', at: T0 + 400, attempt: answer(200, { ok: true }, { replay: true }) }).state).toBe('applied');
  });

  it('records the re-send link in any state, once (recovery repairs a link cut in half by a crash)', () => {
    const settled = reduceMovement(inDoubt(), { type: 'attempt', at: T0 + 300, attempt: answer(200, { ok: true }, { replay: true }) });
    const linked = reduceMovement(settled, { type: 'replaced', at: T0 + 400, by: 'mv-new-0001' });
    expect(linked).toMatchObject({ state: 'applied', replacedBy: 'mv-new-0001' });
    expect(reduceMovement(linked, { type: 'replaced', at: T0 + 500, by: 'mv-new-0002' }).replacedBy).toBe('mv-new-0001');
  });

  it('takes no event stamped with a hand from before the movement left as evidence', () => {
    const doubtful = inDoubt();
    const payload = { kind: 'buy_in' as const, seat_id: 1, player_id: 'p-alice', name: 'Alice', amount: 50, delta: 50, stack_before: 100, stack_after: 150,
      source: 'transaction', session_id: 's1', observedAt: T0 + 150 };
    const inputs = { now: T0 + 200, table: null, tableObservedAt: null, otherMovementForPlayer: false };
    expect(assessEvidence(doubtful, { ...inputs, events: [{ ...payload, hand_number: 6 }] }).verdict).toBe('inconclusive');
    expect(assessEvidence(doubtful, { ...inputs, events: [{ ...payload, hand_number: 7 }] }).verdict).toBe('applied');
  });
});
