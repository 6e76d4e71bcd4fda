/**
 * The retry table: what one attempt's outcome means for a movement, exactly as the spec's money-movement state
 * table says. Pure; the reducer applies the verdict, the runtime turns `next` into a timer.
 */
import type { TransactionAttempt } from '../venue/transaction';
import type { NextAttempt } from './types';

export type AttemptVerdict =
  /** The host's answer says the movement applied (first answer or a replay). */
  | { readonly kind: 'applied'; readonly replay: boolean }
  /** The host (200 with ok false) or the service (400) refused it: nothing applied. */
  | { readonly kind: 'refused'; readonly replay: boolean; readonly code: string; readonly message: string }
  /** Try the same key again later. `reachedHost` true means the key may now be spent. */
  | { readonly kind: 'retry'; readonly next: NextAttempt; readonly reachedHost: boolean; readonly withHost: boolean; readonly message: string }
  /** 409 outcome_unknown: the key is spent and its answer has not arrived. Keep polling the same key. */
  | { readonly kind: 'outcome-unknown'; readonly next: NextAttempt; readonly message: string }
  /** 409 hand_in_progress: nothing was sent to the host; wait for the table to be between hands. */
  | { readonly kind: 'hand-in-progress'; readonly message: string }
  /** 401: the venue withdrew access. Nothing more is sent until the app has a working key. */
  | { readonly kind: 'access-withdrawn'; readonly message: string };

const backoff = (reason: NextAttempt['reason'], step: number): NextAttempt => ({ reason, delay: { kind: 'backoff', step } });

const SERVICE_REFUSALS: Readonly<Record<string, string>> = {
  bad_body: 'The venue refused the request body (bad_body). Nothing was applied.',
  idempotency_key_required: 'The venue says the idempotency key is missing or malformed. Nothing was applied.',
  bad_player_name: 'The venue refused the player name (bad_player_name). Nothing was applied.',
  bad_amount: 'The venue refused the amount (bad_amount). Nothing was applied.',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Reads a 200 answer tolerantly: a real host's shape is not specified. `ok === false`, or an `error` or
 * `refused` field, means refused; anything else means applied.
 */
export function readHostAnswer(body: unknown): { readonly applied: true } | { readonly applied: false; readonly code: string; readonly message: string } {
  if (!isRecord(body)) return { applied: true };
  const refused = body.ok === false || (body.error !== undefined && body.error !== null) || (body.refused !== undefined && body.refused !== false && body.refused !== null);
  if (!refused) return { applied: true };
  const codeSource = body.reason ?? body.error ?? body.refused;
  const code = typeof codeSource === 'string' ? codeSource : 'refused';
  const message = typeof body.message === 'string' ? body.message : JSON.stringify(body);
  return { applied: false, code, message };
}

/**
 * Classifies one attempt. `step` is how many consecutive waits this movement has had (for the backoff).
 */
export function classifyAttempt(attempt: TransactionAttempt, step: number): AttemptVerdict {
  if (attempt.kind === 'no-response') {
    if (attempt.phase === 'before-send') {
      return { kind: 'retry', next: backoff('network-before-send', step), reachedHost: false, withHost: false, message: `Not sent (${attempt.message}); retrying with the same key.` };
    }
    return { kind: 'retry', next: backoff('network-unknown', step), reachedHost: true, withHost: false, message: `No answer (${attempt.message}); it may have been sent, retrying with the same key.` };
  }
  const { status, errorCode } = attempt;
  if (status === 200) {
    const answer = readHostAnswer(attempt.body);
    if (answer.applied) return { kind: 'applied', replay: attempt.idempotentReplay };
    return { kind: 'refused', replay: attempt.idempotentReplay, code: answer.code, message: answer.message };
  }
  if (status === 400) {
    const code = errorCode ?? 'bad_request';
    return { kind: 'refused', replay: false, code, message: SERVICE_REFUSALS[code] ?? `The venue refused the request (${code}). Nothing was applied.` };
  }
  if (status === 401) return { kind: 'access-withdrawn', message: 'The venue withdrew access (401). Nothing more is sent until the app has a working key.' };
  if (status === 409 && errorCode === 'hand_in_progress') return { kind: 'hand-in-progress', message: 'A hand is in progress; it will be sent between hands.' };
  if (status === 409 && errorCode === 'in_progress') {
    return { kind: 'retry', next: backoff('in_progress', step), reachedHost: true, withHost: true, message: 'The host is working on it; waiting for its answer (same key).' };
  }
  if (status === 409 && errorCode === 'outcome_unknown') {
    return { kind: 'outcome-unknown', next: backoff('outcome_unknown', step), message: 'The venue does not know yet whether it applied; checking the stack and polling the same key.' };
  }
  if (status === 429) {
    const next: NextAttempt = attempt.retryAfterSec !== null
      ? { reason: 'rate_limited', delay: { kind: 'fixed', ms: Math.round(attempt.retryAfterSec * 1000) } }
      : backoff('rate_limited', step);
    return { kind: 'retry', next, reachedHost: false, withHost: false, message: 'Rate limited by the venue; waiting before retrying with the same key.' };
  }
  if (status === 503 && errorCode === 'host_offline') {
    return { kind: 'retry', next: backoff('host_offline', step), reachedHost: false, withHost: false, message: 'The venue host is offline; nothing was sent. Retrying with the same key.' };
  }
  if (status === 504) {
    return { kind: 'retry', next: backoff('host_timeout', step), reachedHost: true, withHost: true, message: 'The host did not answer in time; it may have applied. Polling the same key for its real answer.' };
  }
  if (status >= 500) {
    // Not remembered by the idempotency mechanism, and we cannot tell whether it reached the host: treat the key as
    // possibly spent, so it is never replaced without evidence.
    return { kind: 'retry', next: backoff('server_error', step), reachedHost: true, withHost: false, message: `The venue answered ${status}; retrying with the same key.` };
  }
  return { kind: 'retry', next: backoff('unexpected_status', step), reachedHost: true, withHost: false, message: `Unexpected answer ${status}${errorCode ? ` (${errorCode})` : ''}; retrying with the same key.` };
}
