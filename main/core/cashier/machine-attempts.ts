/**
 * One attempt's answer, applied to a movement: the attempt recorded (identical polls folded), the retry table's verdict
 * (`outcome.ts` `classifyAttempt`) turned into the movement's next state and the words the cashier reads. Its own
 * file because it is the one part of the reducer that reads the host's answer: the money-movement table's states
 * (applied, refused, outcome unknown, hand in progress, access withdrawn, retry) live here, and `machine.ts` keeps the
 * other events and the order they are taken in.
 */
import type { AppliedFields, TransactionAttempt } from '../venue/transaction';
import { confirmedMessage, contradictionMessage, countedByCashier } from './decision';
import { addFlag } from './machine-facts';
import { classifyAttempt, misdirectedAdvice, misdirection, type AttemptVerdict } from './outcome';
import type { AttemptRecord, Movement } from './types';

/** Folds identical consecutive non-final outcomes (polling an in-doubt key can take thousands of attempts). */
function recordAttempt(
  attempts: readonly AttemptRecord[],
  at: number,
  attempt: TransactionAttempt,
): readonly AttemptRecord[] {
  const entry: AttemptRecord =
    attempt.kind === 'answered'
      ? {
          at,
          lastAt: at,
          count: 1,
          kind: 'answered',
          status: attempt.status,
          errorCode: attempt.errorCode,
          idempotentReplay: attempt.idempotentReplay,
          body: attempt.body,
          phase: null,
          message: null,
        }
      : {
          at,
          lastAt: at,
          count: 1,
          kind: 'no-response',
          status: null,
          errorCode: null,
          idempotentReplay: false,
          body: null,
          phase: attempt.phase,
          message: attempt.message,
        };
  const last = attempts[attempts.length - 1];
  const foldable =
    last !== undefined &&
    entry.status !== 200 &&
    last.kind === entry.kind &&
    last.status === entry.status &&
    last.errorCode === entry.errorCode &&
    last.phase === entry.phase &&
    last.message === entry.message;
  if (foldable) return [...attempts.slice(0, -1), { ...last, lastAt: at, count: last.count + 1, body: entry.body }];
  return [...attempts, entry];
}

/** Attempts made so far: the backoff step (the runtime caps the delay, so polling settles at the cap). */
function waitStep(movement: Movement): number {
  return movement.attempts.reduce((sum, entry) => sum + entry.count, 0);
}

/** Whether the venue itself has said this key is with the host (504, in_progress, outcome_unknown). */
function venueSaidWithHost(movement: Movement): boolean {
  return (
    movement.state === 'in-doubt' ||
    movement.state === 'with-host' ||
    movement.attempts.some(
      (entry) =>
        entry.status === 504 ||
        (entry.status === 409 && (entry.errorCode === 'in_progress' || entry.errorCode === 'outcome_unknown')),
    )
  );
}

/** The host answered applied (or replayed its stored answer): settled, flagged when it applied to someone else. */
function answeredApplied(
  movement: Movement,
  base: Movement,
  at: number,
  verdict: Extract<AttemptVerdict, { kind: 'applied' }>,
  body: unknown,
): Movement {
  const { replay, fields } = verdict;
  const settlement = {
    at,
    how: replay ? ('replayed' as const) : ('answered' as const),
    body,
    refusal: null,
  };
  const applied: Movement = { ...base, state: 'applied', next: null, mayHaveReachedHost: true, settlement };
  const wrong = misdirection(movement, fields);
  if (wrong !== null)
    return {
      ...applied,
      flags: addFlag(movement.flags, 'misdirected'),
      message: misdirectedMessage(movement, wrong, fields),
    };
  return { ...applied, message: replay ? "Applied (the host's stored answer)." : 'Applied.' };
}

/** The venue answered hand_in_progress: back to the queue, unless the key may already be with the host. */
function handInProgress(movement: Movement, base: Movement, step: number, message: string): Movement {
  // The spec's table answers hand_in_progress only for an unused key. A key the venue has already called "with
  // the host" contradicts that: keep polling it rather than believe either answer.
  if (venueSaidWithHost(movement)) {
    return {
      ...base,
      next: { reason: 'in_progress', delay: { kind: 'backoff', step } },
      message: 'The venue said a hand is in progress for a request it had passed to the host; asking for its answer.',
    };
  }
  // This request of the key was answered unused, but an earlier one left without an answer: the network may still
  // deliver it and the host apply it. Back to the queue (asked again between hands) but never "never sent".
  if (movement.mayHaveReachedHost)
    return {
      ...base,
      state: 'queued',
      next: null,
      message:
        'Sent earlier without an answer: it may still apply. A hand is in progress; asking about it again ' +
        'between hands.',
    };
  // Proven unused: back to the queue. Its stack and hand are taken again when it next leaves.
  return {
    ...base,
    state: 'queued',
    next: null,
    mayHaveReachedHost: false,
    evidence: null,
    message,
  };
}

/** One attempt's answer applied to an unsettled movement that has left (the reducer's `attempt` event). */
export function applyAttempt(movement: Movement, at: number, attempt: TransactionAttempt): Movement {
  const step = waitStep(movement);
  const verdict = classifyAttempt(attempt, step, movement.mayHaveReachedHost);
  const attempts = recordAttempt(movement.attempts, at, attempt);
  const base = { ...movement, attempts, updatedAt: at };
  const body = attempt.kind === 'answered' ? attempt.body : null;
  switch (verdict.kind) {
    case 'applied': {
      const applied = answeredApplied(movement, base, at, verdict, body);
      return { ...applied, message: confirmedMessage(movement, applied.message) };
    }
    case 'refused': {
      // A key the cashier counted as applied, refused by the venue: the count was wrong, and the drawer needs a fix.
      const counted = countedByCashier(movement);
      return {
        ...base,
        state: 'refused',
        next: null,
        flags: counted ? addFlag(movement.flags, 'counted-not-applied') : movement.flags,
        message: counted ? contradictionMessage(movement, verdict.message) : `Refused: ${verdict.message}`,
        settlement: {
          at,
          how: verdict.replay ? 'replayed' : 'answered',
          body,
          refusal: { code: verdict.code, message: verdict.message },
        },
      };
    }
    case 'outcome-unknown': {
      // Evidence must be read after the venue's FIRST outcome_unknown for this key; an old journal's time-based doubt
      // is not that.
      const doubt =
        movement.doubt?.reason === 'outcome_unknown'
          ? movement.doubt
          : { since: at, reason: 'outcome_unknown' as const };
      return {
        ...base,
        state: 'in-doubt',
        next: verdict.next,
        mayHaveReachedHost: true,
        message: verdict.message,
        doubt,
      };
    }
    case 'hand-in-progress':
      return handInProgress(movement, base, step, verdict.message);
    case 'access-withdrawn':
      if (movement.mayHaveReachedHost) return { ...base, next: null, message: verdict.message };
      return { ...base, state: 'queued', next: null, message: verdict.message };
    case 'retry': {
      const mayHaveReachedHost = movement.mayHaveReachedHost || verdict.reachedHost;
      const state =
        movement.state === 'in-doubt'
          ? 'in-doubt'
          : verdict.withHost || movement.state === 'with-host'
            ? 'with-host'
            : 'sending';
      return { ...base, state, next: verdict.next, mayHaveReachedHost, message: verdict.message };
    }
  }
}

/** A 200 that named another seat or player than the request: what happened and where the money went. */
function misdirectedMessage(movement: Movement, wrong: string, fields: AppliedFields): string {
  return `${wrong.charAt(0).toUpperCase()}${wrong.slice(1)}. ${misdirectedAdvice(movement, fields)}`;
}
