import { describe, expect, it } from 'vitest';
import { assessEvidence, type EvidenceInputs } from '../../../main/core/cashier/evidence';
import { classifyAttempt } from '../../../main/core/cashier/outcome';
import { cancelBlocker, reduceMovement } from '../../../main/core/cashier/machine';
import { mustWithdraw, sendAgainBlocker, sendingFacts } from '../../../main/core/cashier/policy';
import type { Movement, TableObservation } from '../../../main/core/cashier/index';
import {
  T0,
  answer,
  appliedEventFixture,
  movementFixture,
  resetAfterSend,
  liveReadingFixture,
  resetBeforeSend,
} from '../../support/cashier-fixtures';

/** A live, caught-up reading received after the doubt below began, with Alice's stack. */
const table = (stack: number, overrides: Partial<TableObservation> = {}): TableObservation =>
  liveReadingFixture([{ seat_id: 1, player_id: 'p-alice', name: 'Alice', stack }], overrides);

/** In doubt since T0 + 100: the venue answered outcome_unknown. */
const inDoubt = (overrides: Partial<Movement> = {}): Movement =>
  reduceMovement(movementFixture({ state: 'with-host', mayHaveReachedHost: true, ...overrides }), {
    type: 'attempt',
    at: T0 + 100,
    attempt: answer(409, { error: 'outcome_unknown' }),
  });

const inputs = (observed: TableObservation | null, overrides: Partial<EvidenceInputs> = {}): EvidenceInputs => ({
  now: T0 + 200,
  table: observed,
  readFailure: null,
  events: [],
  otherMovementForPlayer: false,
  // An unbroken stream since before the intent, its heartbeat answered after every reading these tests take.
  stream: { unbrokenSince: 0, deliveredThrough: Number.MAX_SAFE_INTEGER },
  stackMovedAt: null,
  ...overrides,
});

const evidenceFor = (movement: Movement, observed: TableObservation | null, overrides: Partial<EvidenceInputs> = {}) =>
  assessEvidence(movement, inputs(observed, overrides));

const attempt = (movement: Movement, ...answers: ReturnType<typeof answer>[]): Movement =>
  answers.reduce(
    (current, each, index) => reduceMovement(current, { type: 'attempt', at: T0 + 10 * (index + 1), attempt: each }),
    movement,
  );

describe('movement reducer', () => {
  it('does not mutate its input (readonly state)', () => {
    const before = Object.freeze(movementFixture({ state: 'queued', firstSentAt: null }));
    const after = reduceMovement(before, { type: 'send', at: T0 + 1, stack: 100, handNumber: 7 });
    expect(before.state).toBe('queued');
    expect(after).toMatchObject({ state: 'sending', firstSentAt: T0 + 1, stackAtSend: 100, handAtSend: 7 });
  });

  it('cancels only a movement whose bytes never left this machine (queued, or refused before sending)', () => {
    const queued = movementFixture({ state: 'queued', firstSentAt: null });
    expect(cancelBlocker(queued)).toBeNull();
    expect(reduceMovement(queued, { type: 'cancel', at: T0 }).state).toBe('cancelled');
    const bounced = movementFixture({ state: 'queued', mayHaveReachedHost: true });
    expect(cancelBlocker(bounced)).toMatch(/may still apply/);
    expect(reduceMovement(bounced, { type: 'cancel', at: T0 }).state).toBe('queued');
    // The venue is down: every attempt was refused before a byte left (ECONNREFUSED), or answered host_offline.
    const refused = attempt(
      movementFixture({ state: 'sending' }),
      resetBeforeSend,
      answer(503, { error: 'host_offline' }),
    );
    expect(refused).toMatchObject({ state: 'sending', mayHaveReachedHost: false });
    expect(cancelBlocker(refused)).toBeNull();
    expect(reduceMovement(refused, { type: 'cancel', at: T0 }).state).toBe('cancelled');
    // Once a request may have left (no answer), never.
    const left = attempt(refused, resetAfterSend as never);
    expect(cancelBlocker(left)).toMatch(/may still apply/);
    expect(reduceMovement(left, { type: 'cancel', at: T0 }).state).toBe('sending');
  });

  it(
    'puts a movement in doubt only on outcome_unknown: in_progress, 504, no ' +
      'answer and 5xx keep the key with the host',
    () => {
      const sent = movementFixture({ state: 'sending' });
      const waiting = attempt(
        sent,
        answer(504, { error: 'host_timeout' }),
        answer(409, { error: 'in_progress' }),
        resetAfterSend as never,
        answer(500, {}),
      );
      expect(waiting).toMatchObject({ state: 'with-host', doubt: null, mayHaveReachedHost: true });
      // However long: there is no time after which an unanswered key is in doubt.
      expect(
        attempt(waiting, ...Array.from({ length: 50 }, () => answer(409, { error: 'in_progress' }))),
      ).toMatchObject({
        state: 'with-host',
        doubt: null,
      });
      const unknown = attempt(waiting, answer(409, { error: 'outcome_unknown' }));
      expect(unknown).toMatchObject({ state: 'in-doubt', doubt: { reason: 'outcome_unknown', since: T0 + 10 } });
      // The doubt began at the FIRST outcome_unknown: later ones do not move it.
      expect(attempt(unknown, answer(409, { error: 'outcome_unknown' })).doubt?.since).toBe(T0 + 10);
    },
  );

  it('reads an old journal\'s time-based doubt as "with the host" after a restart', () => {
    const old = movementFixture({
      state: 'in-doubt',
      mayHaveReachedHost: true,
      doubt: { since: T0, reason: 'unanswered' },
    });
    expect(reduceMovement(old, { type: 'recovered', at: T0 + 1 })).toMatchObject({ state: 'with-host', doubt: null });
  });

  it('treats a movement found "sending" after a restart as possibly sent', () => {
    const recovered = reduceMovement(movementFixture({ state: 'sending' }), { type: 'recovered', at: T0 + 1 });
    expect(recovered.mayHaveReachedHost).toBe(true);
    expect(cancelBlocker({ ...recovered, state: 'queued' })).not.toBeNull();
  });

  it(
    'takes hand_in_progress as proof the key is unused: back to the queue, ' +
      'stack and hand taken again when it leaves',
    () => {
      const unsure = attempt(
        movementFixture({ state: 'sending', stackAtSend: 100, handAtSend: 7 }),
        resetAfterSend as never,
      );
      expect(unsure.mayHaveReachedHost).toBe(true);
      // The request that got no answer may still be delivered and applied (a load balancer holding it): the
      // answer to a later request of the key says nothing about it. Queued (asked again between hands), never unused.
      const requeued = attempt(unsure, answer(409, { error: 'hand_in_progress' }));
      expect(requeued).toMatchObject({ state: 'queued', mayHaveReachedHost: true });
      expect(requeued.message).toMatch(/may still apply/);
      expect(cancelBlocker(requeued)).toMatch(/may still apply/);
      expect(mustWithdraw(requeued, { ...requeued, key: 'partner', state: 'applied' })).toBe(false);
      expect(reduceMovement(requeued, { type: 'send', at: T0 + 500, stack: 140, handNumber: 9 })).toMatchObject({
        stackAtSend: 100,
        handAtSend: 7,
        firstSentAt: T0,
      });
      // A key whose every request was answered, the last with hand_in_progress, is unused: taken again when it leaves.
      const answered = attempt(
        movementFixture({ state: 'sending', stackAtSend: 100, handAtSend: 7 }),
        answer(409, { error: 'hand_in_progress' }),
      );
      expect(answered).toMatchObject({ state: 'queued', mayHaveReachedHost: false });
      expect(reduceMovement(answered, { type: 'send', at: T0 + 500, stack: 140, handNumber: 9 })).toMatchObject({
        stackAtSend: 140,
        handAtSend: 9,
      });
      // A key the venue itself called "with the host" is not believed unused on a contradicting answer.
      const spent = attempt(
        movementFixture({ state: 'sending' }),
        answer(504, { error: 'host_timeout' }),
        answer(409, { error: 'hand_in_progress' }),
      );
      expect(spent).toMatchObject({ state: 'with-host', mayHaveReachedHost: true });
    },
  );

  it('settles only on a 200 whose body is a JSON object; anything else is asked again under the same key', () => {
    const sent = movementFixture({ state: 'sending' });
    for (const body of ['<html>Portal</html>', '', null, [1], 42]) {
      const next = attempt(sent, answer(200, body));
      expect(next).toMatchObject({ state: 'sending', mayHaveReachedHost: true, next: { reason: 'unreadable_answer' } });
    }
    expect(attempt(sent, answer(200, { ok: true })).state).toBe('applied');
    expect(attempt(sent, answer(200, { ok: false, reason: 'no_seat' })).state).toBe('refused');
  });

  it('settles a 400 as refused only when it cannot be about a spent key', () => {
    expect(attempt(movementFixture({ state: 'sending' }), answer(400, { error: 'bad_amount' })).state).toBe('refused');
    const afterTimeout = attempt(
      movementFixture({ state: 'sending' }),
      answer(504, { error: 'host_timeout' }),
      answer(400, { error: 'bad_body' }),
    );
    expect(afterTimeout).toMatchObject({ state: 'with-host', next: { reason: 'refused_after_send' } });
    // The host's stored answer, replayed, is the key's own settlement.
    expect(attempt(afterTimeout, answer(400, { error: 'bad_amount' }, { replay: true })).state).toBe('refused');
  });

  it("caps a venue's retry_after_sec so a huge value cannot overflow a timer", () => {
    for (const seconds of [1e12, Number.MAX_VALUE, 86_400 * 30]) {
      const verdict = classifyAttempt(answer(429, { error: 'rate_limited' }, { retryAfterSec: seconds }), 0, false);
      expect(verdict).toMatchObject({ kind: 'retry', next: { delay: { kind: 'fixed', ms: 15 * 60_000 } } });
    }
    expect(classifyAttempt(answer(429, { error: 'rate_limited' }, { retryAfterSec: 2.5 }), 0, false)).toMatchObject({
      next: { delay: { ms: 2_500 } },
    });
  });

  it('never settles on evidence alone: shown applied stays in doubt until the cashier decides on it', () => {
    const doubtful = inDoubt();
    const seen = evidenceFor(doubtful, table(150));
    expect(seen.verdict).toBe('applied');
    const shown = reduceMovement(doubtful, { type: 'evidence', evidence: seen });
    expect(shown).toMatchObject({ state: 'in-doubt', settlement: null });
    expect(shown.message).toMatch(/Shown applied by the table, not confirmed by the venue for this request/);
    // The cashier's count is recorded as theirs and settles nothing: the key's answer still decides.
    const counted = reduceMovement(shown, { type: 'accept-shown', at: T0 + 300, operator: 'Ann' });
    expect(counted).toMatchObject({
      state: 'in-doubt',
      settlement: null,
      decision: { choice: 'accept-shown', at: T0 + 300, by: 'Ann', evidenceEvent: seen.matchingEvent },
    });
    expect(counted.message).toMatch(/^Counted as applied by the cashier \(Ann, .*still asking the venue/);
    // Nothing to accept on evidence that does not show it applied.
    const notShown = reduceMovement(doubtful, { type: 'accept-shown', at: T0 + 300, operator: 'Ann' });
    expect(notShown.state).toBe('in-doubt');
    expect(notShown.decision ?? null).toBeNull();
    const notSeen = evidenceFor(doubtful, table(100));
    expect(notSeen).toMatchObject({
      verdict: 'not-applied',
      observation: { source: 'live-state-read', live: true },
      stackCheck: { usable: true, stackAtSend: 100, stackNow: 100, expectedIfApplied: 150 },
    });
    expect(reduceMovement(doubtful, { type: 'evidence', evidence: notSeen }).state).toBe('in-doubt');
  });

  it(
    'never says "not applied" on a reading it cannot trust: restored, not live, ' +
      'not caught up, older than the doubt, failed',
    () => {
      const doubtful = inDoubt();
      const cases: Array<[TableObservation | null, RegExp, Partial<EvidenceInputs>?]> = [
        [table(100, { source: 'restored' }), /saved before the restart/],
        [table(100, { live: false }), /host is offline/],
        [table(100, { source: 'state-frame', caughtUp: false }), /not connected and caught up/],
        [table(100, { receivedAt: T0 + 99 }), /is older than/],
        [null, /Cannot read the table now: timeout/, { readFailure: 'timeout' }],
        [table(100, { receivedAt: T0 + 99 }), /Cannot read the table now: 503/, { readFailure: '503' }],
        [table(100, { betweenHands: null }), /did not say whether a hand is in progress/],
        [table(100, { handNumber: null }), /Hand numbers unknown/],
        [table(100, { betweenHands: false }), /hand is in progress/],
        [table(100, { handNumber: 8 }), /Hands were played/],
        [table(100), /Another movement/, { otherMovementForPlayer: true }],
        [table(123), /neither/],
      ];
      for (const [observed, why, extra] of cases) {
        const evidence = evidenceFor(doubtful, observed, extra);
        expect(evidence.verdict).toBe('inconclusive');
        expect(evidence.stackCheck.why).toMatch(why);
      }
      expect(evidenceFor(inDoubt({ handAtSend: null }), table(100)).verdict).toBe('inconclusive');
      expect(evidenceFor(inDoubt({ stackAtSend: null }), table(100)).stackCheck.why).toMatch(/not seen on a live view/);
    },
  );

  it('uses a matching transaction_applied event seen after the intent, and only that', () => {
    const doubtful = inDoubt();
    const event = appliedEventFixture({ session_id: 's', observedAt: T0 + 50 });
    const check = (events: readonly (typeof event | { readonly [K in keyof typeof event]: unknown })[]) =>
      assessEvidence(doubtful, inputs(table(123), { events: events as never })).verdict;
    expect(check([event])).toBe('applied');
    expect(check([{ ...event, observedAt: T0 - 1 }])).toBe('inconclusive');
    expect(check([{ ...event, source: 'seat_edit' }])).toBe('inconclusive');
    expect(check([{ ...event, amount: 49 }])).toBe('inconclusive');
    expect(check([{ ...event, kind: 'cash_out' }])).toBe('inconclusive');
    expect(check([{ ...event, player_id: 'p-bob', name: 'Bob' }])).toBe('inconclusive');
    expect(check([{ ...event, stack_before: 90 }])).toBe('inconclusive');
    expect(check([{ ...event, hand_number: 6 }])).toBe('inconclusive');
  });

  it('does not judge by the stack when another application for the player moved it since the send', () => {
    const doubtful = inDoubt();
    const correction = appliedEventFixture({
      kind: 'adjustment',
      source: 'seat_edit',
      session_id: 's',
      observedAt: T0 + 50,
    });
    // The operator put 50 on the seat by hand: the stack is what applying ours gives, but the event explains it.
    const corrected = evidenceFor(doubtful, table(150), { events: [correction] });
    expect(corrected.verdict).toBe('inconclusive');
    expect(corrected.stackCheck.why).toMatch(/moved since it left/);
    // Ours applied (its event lost in a gap) and the operator took 50 back: the stack is back where it left, which
    // must not read as "not applied" (that would let the cashier pay again).
    const undone = { ...correction, amount: 50, delta: -50, stack_before: 150, stack_after: 100, observedAt: T0 + 120 };
    expect(evidenceFor(doubtful, table(100), { events: [undone] }).verdict).toBe('inconclusive');
    // Another terminal's buy-in for her, a cash-out, or a movement of another player: the same.
    const terminal = {
      ...correction,
      kind: 'buy_in' as const,
      source: 'transaction',
      amount: 20,
      delta: 20,
      stack_after: 120,
    };
    expect(evidenceFor(doubtful, table(100), { events: [terminal] }).verdict).toBe('inconclusive');
    // Events from before it left, or of another player, do not blur it.
    expect(evidenceFor(doubtful, table(100), { events: [{ ...undone, observedAt: T0 - 1 }] }).verdict).toBe(
      'not-applied',
    );
    const bob = { ...undone, player_id: 'p-bob', name: 'Bob', seat_id: 2 };
    expect(evidenceFor(doubtful, table(100), { events: [bob] }).verdict).toBe('not-applied');
  });

  it('allows send-again only after outcome_unknown and a live reading since then showing it did not apply', () => {
    const doubtful = inDoubt();
    expect(sendAgainBlocker(doubtful, T0 + 300)).toMatch(/No reading of the table since/);
    const stale = reduceMovement(doubtful, {
      type: 'evidence',
      evidence: { ...evidenceFor(doubtful, table(100)), checkedAt: T0 + 50 },
    });
    expect(sendAgainBlocker(stale, T0 + 300)).toMatch(/is older than/);
    const midHand = reduceMovement(doubtful, {
      type: 'evidence',
      evidence: evidenceFor(doubtful, table(100, { betweenHands: false })),
    });
    expect(sendAgainBlocker(midHand, T0 + 300)).toMatch(/hand is in progress/);
    const cut = reduceMovement(doubtful, {
      type: 'evidence',
      evidence: evidenceFor(doubtful, null, { readFailure: 'ECONNREFUSED' }),
    });
    expect(sendAgainBlocker(cut, T0 + 300)).toMatch(/Cannot read the table now/);
    const ready = reduceMovement(doubtful, { type: 'evidence', evidence: evidenceFor(doubtful, table(100)) });
    expect(sendAgainBlocker(ready, T0 + 300)).toBeNull();
    const replaced = reduceMovement(ready, { type: 'replaced', at: T0 + 300, by: 'mv-new-0001' });
    expect(sendAgainBlocker(replaced, T0 + 300)).toMatch(/already sent again/);
    expect(
      sendAgainBlocker(
        attempt(movementFixture({ state: 'sending', firstSentAt: T0 }), answer(409, { error: 'in_progress' })),
        T0 + 80_010,
      ),
    ).toMatch(/venue still has it \(for 1 min 20 s so far\)/);
  });

  it('takes the stack at send only from a reading that vouches for the table now', () => {
    const player = { playerId: 'p-alice', playerName: 'Alice' };
    expect(sendingFacts(player, table(100, { source: 'state-frame' }), false)).toEqual({ stack: 100, handNumber: 7 });
    expect(sendingFacts(player, table(100, { source: 'restored' }), false)).toEqual({ stack: null, handNumber: null });
    expect(sendingFacts(player, table(100, { live: false }), false)).toEqual({ stack: null, handNumber: null });
    expect(sendingFacts(player, table(100, { caughtUp: false }), false)).toEqual({ stack: null, handNumber: null });
    expect(sendingFacts(player, table(100, { betweenHands: null }), false)).toEqual({ stack: null, handNumber: null });
    expect(sendingFacts(player, table(100, { handNumber: null }), false)).toEqual({ stack: 100, handNumber: null });
    expect(sendingFacts(player, table(100), true)).toEqual({ stack: null, handNumber: 7 });
  });

  it("lets the old key's real answer win over a re-send and flags both, with the adjustment, when both applied", () => {
    const replaced = reduceMovement(inDoubt(), { type: 'replaced', at: T0 + 300, by: 'mv-new-0001' });
    const late = reduceMovement(replaced, {
      type: 'attempt',
      at: T0 + 400,
      attempt: answer(200, { ok: true }, { replay: true }),
    });
    expect(late).toMatchObject({ state: 'applied', replacedBy: 'mv-new-0001' });
    const flagged = reduceMovement(late, { type: 'partner-applied', at: T0 + 401, partner: 'mv-new-0001' });
    expect(flagged.flags).toContain('both-applied');
    expect(flagged.message).toMatch(/DOUBLE.*credited twice: take 50 chips back/);
  });

  it('withdraws a re-send only while it never reached the host', () => {
    const resend = movementFixture({ key: 'mv-new-0001', state: 'sending', replaces: 'mv-fixture-0001' });
    const offline = attempt(resend, answer(503, { error: 'host_offline' }));
    expect(reduceMovement(offline, { type: 'withdraw', at: T0 + 500, partner: 'mv-fixture-0001' })).toMatchObject({
      state: 'cancelled',
      settlement: { how: 'withdrawn' },
    });
    const maybe = attempt(resend, resetAfterSend as never);
    expect(reduceMovement(maybe, { type: 'withdraw', at: T0 + 500, partner: 'mv-fixture-0001' }).state).toBe('sending');
  });

  it("never settles a movement or its re-send by evidence: only each key's own answer", () => {
    const old = reduceMovement(inDoubt(), { type: 'replaced', at: T0 + 300, by: 'mv-new-0001' });
    expect(reduceMovement(old, { type: 'evidence', evidence: evidenceFor(old, table(150)) }).state).toBe('in-doubt');
    const resend = inDoubt({ key: 'mv-new-0001', replaces: 'mv-fixture-0001' });
    expect(reduceMovement(resend, { type: 'evidence', evidence: evidenceFor(resend, table(150)) }).state).toBe(
      'in-doubt',
    );
    expect(
      sendAgainBlocker(
        reduceMovement(resend, { type: 'evidence', evidence: evidenceFor(resend, table(100)) }),
        T0 + 300,
      ),
    ).toMatch(/itself a re-send/);
    expect(
      reduceMovement(resend, { type: 'attempt', at: T0 + 400, attempt: answer(200, { ok: true }, { replay: true }) })
        .state,
    ).toBe('applied');
  });

  it('records the re-send link in any state, once (recovery repairs a link cut in half by a crash)', () => {
    const settled = reduceMovement(inDoubt(), {
      type: 'attempt',
      at: T0 + 300,
      attempt: answer(200, { ok: true }, { replay: true }),
    });
    const linked = reduceMovement(settled, { type: 'replaced', at: T0 + 400, by: 'mv-new-0001' });
    expect(linked).toMatchObject({ state: 'applied', replacedBy: 'mv-new-0001' });
    expect(reduceMovement(linked, { type: 'replaced', at: T0 + 500, by: 'mv-new-0002' }).replacedBy).toBe(
      'mv-new-0001',
    );
  });
});
