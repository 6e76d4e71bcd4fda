/**
 * The retry table: what one attempt's outcome means for a movement, exactly as the spec's money-movement state
 * table says. Pure; the reducer applies the verdict, the runtime turns `next` into a timer.
 *
 * Two rules beyond the table, because a cashier hands over cash on what this decides:
 * - Only a 200 whose body is a JSON object is the host's answer. Anything else (a proxy's or captive portal's HTML
 *   with status 200, an empty body, an array) says nothing about the movement: the same key is tried again.
 * - A 400 settles a movement as refused only when it cannot be about a spent key: on a key that never reached the
 *   host, or as the host's stored answer (`Idempotent-Replay: true`). A plain 400 to a retry of a key that may
 *   already be with the host (after a 504, say) does not say the first request did not apply.
 */
import { MAX_RETRY_AFTER_SEC } from '../venue/limits';
import type { TransactionAttempt } from '../venue/transaction';
import { sameVenueName } from '../../../preload/contract/player-name';
import type { MovementRequestFields, NextAttempt } from './types';

export type AttemptVerdict =
  /** The host's answer says the movement applied (first answer or a replay). */
  | { readonly kind: 'applied'; readonly replay: boolean }
  /** The host (200 with ok false) or the service (400) refused it: nothing applied. */
  | { readonly kind: 'refused'; readonly replay: boolean; readonly code: string; readonly message: string }
  /**
   * Try the same key again later. `reachedHost`: the key may now be spent. `withHost`: the venue itself said the key
   * is with the host (in_progress, host_timeout), or gave an answer that cannot settle a key that may be there.
   */
  | {
      readonly kind: 'retry';
      readonly next: NextAttempt;
      readonly reachedHost: boolean;
      readonly withHost: boolean;
      readonly message: string;
    }
  /** 409 outcome_unknown: the key is spent and its answer has not arrived. Keep polling the same key. */
  | { readonly kind: 'outcome-unknown'; readonly next: NextAttempt; readonly message: string }
  /** 409 hand_in_progress: the key is unused (the spec's table): wait for the table to be between hands. */
  | { readonly kind: 'hand-in-progress'; readonly message: string }
  /** 401: the venue withdrew access. Nothing more is sent until the app has a working key. */
  | { readonly kind: 'access-withdrawn'; readonly message: string };

const backoff = (reason: NextAttempt['reason'], step: number): NextAttempt => ({
  reason,
  delay: { kind: 'backoff', step },
});

const SERVICE_REFUSALS: Readonly<Record<string, string>> = {
  bad_body: 'The venue could not read the request. Nothing was applied.',
  idempotency_key_required: 'The venue did not accept the request reference. Nothing was applied.',
  bad_player_name: 'The venue refused the player name. Nothing was applied.',
  bad_amount: 'The venue refused the amount. Nothing was applied.',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The host's 200 answer read tolerantly (its shape is not specified), or null when the body is not a JSON object. */
export function readHostAnswer(
  body: unknown,
): { readonly applied: true } | { readonly applied: false; readonly code: string; readonly message: string } | null {
  if (!isRecord(body)) return null;
  const refused =
    body.ok === false ||
    (body.error !== undefined && body.error !== null) ||
    (body.refused !== undefined && body.refused !== false && body.refused !== null);
  if (!refused) return { applied: true };
  const codeSource = body.reason ?? body.error ?? body.refused;
  const code = typeof codeSource === 'string' ? codeSource : 'refused';
  const message = typeof body.message === 'string' ? body.message : JSON.stringify(body);
  return { applied: false, code, message };
}

/**
 * A venue's `retry_after_sec` as a delay: clamped to [0, MAX_RETRY_AFTER_SEC] so a huge value cannot overflow a timer.
 */
export function retryAfterDelay(retryAfterSec: number): NextAttempt {
  const seconds = Number.isFinite(retryAfterSec)
    ? Math.min(Math.max(retryAfterSec, 0), MAX_RETRY_AFTER_SEC)
    : MAX_RETRY_AFTER_SEC;
  return { reason: 'rate_limited', delay: { kind: 'fixed', ms: Math.round(seconds * 1000) } };
}

function classifyNoResponse(
  attempt: Extract<TransactionAttempt, { kind: 'no-response' }>,
  step: number,
): AttemptVerdict {
  if (attempt.phase === 'before-send') {
    return {
      kind: 'retry',
      next: backoff('network-before-send', step),
      reachedHost: false,
      withHost: false,
      message: 'Not sent: the venue could not be reached. Asking again (it cannot apply twice).',
    };
  }
  return {
    kind: 'retry',
    next: backoff('network-unknown', step),
    reachedHost: true,
    withHost: false,
    message: 'No answer: it may have reached the venue. Asking again (it cannot apply twice).',
  };
}

function classify200(attempt: Extract<TransactionAttempt, { kind: 'answered' }>, step: number): AttemptVerdict {
  const answer = readHostAnswer(attempt.body);
  if (answer === null) {
    // Something between us and the venue answered (or the body was lost): the key may have reached the host.
    return {
      kind: 'retry',
      next: backoff('unreadable_answer', step),
      reachedHost: true,
      withHost: false,
      message: "The venue's answer could not be read; asking again (it cannot apply twice).",
    };
  }
  if (answer.applied) return { kind: 'applied', replay: attempt.idempotentReplay };
  return { kind: 'refused', replay: attempt.idempotentReplay, code: answer.code, message: answer.message };
}

function classify400(
  attempt: Extract<TransactionAttempt, { kind: 'answered' }>,
  step: number,
  mayHaveReachedHost: boolean,
): AttemptVerdict {
  const code = attempt.errorCode ?? 'bad_request';
  if (!mayHaveReachedHost || attempt.idempotentReplay) {
    return {
      kind: 'refused',
      replay: attempt.idempotentReplay,
      code,
      message: SERVICE_REFUSALS[code] ?? 'The venue refused it. Nothing was applied.',
    };
  }
  return {
    kind: 'retry',
    next: backoff('refused_after_send', step),
    reachedHost: true,
    withHost: true,
    message: 'The venue refused a retry, but the first request may be with the host: asking for its real answer.',
  };
}

/**
 * Classifies one attempt. `step`: how many attempts this movement has had (for the backoff). `mayHaveReachedHost`:
 * whether an earlier attempt could have left the key with the host.
 */
export function classifyAttempt(
  attempt: TransactionAttempt,
  step: number,
  mayHaveReachedHost: boolean,
): AttemptVerdict {
  if (attempt.kind === 'no-response') return classifyNoResponse(attempt, step);
  const { status, errorCode } = attempt;
  if (status === 200) return classify200(attempt, step);
  if (status === 400) return classify400(attempt, step, mayHaveReachedHost);
  if (status === 401)
    return {
      kind: 'access-withdrawn',
      message: 'The venue withdrew access. Nothing more is sent until the app has a working venue key.',
    };
  if (status === 409 && errorCode === 'hand_in_progress')
    return { kind: 'hand-in-progress', message: 'A hand is in progress; it will be sent between hands.' };
  if (status === 409 && errorCode === 'in_progress') {
    return {
      kind: 'retry',
      next: backoff('in_progress', step),
      reachedHost: true,
      withHost: true,
      message: "The venue still has it: waiting for the host's answer.",
    };
  }
  if (status === 409 && errorCode === 'outcome_unknown') {
    return {
      kind: 'outcome-unknown',
      next: backoff('outcome_unknown', step),
      message: 'The venue does not know yet whether it applied; checking the stack and asking again (never twice).',
    };
  }
  if (status === 429) {
    const next =
      attempt.retryAfterSec !== null ? retryAfterDelay(attempt.retryAfterSec) : backoff('rate_limited', step);
    return {
      kind: 'retry',
      next,
      reachedHost: false,
      withHost: false,
      message: 'The venue asked to slow down; waiting before asking again (it cannot apply twice).',
    };
  }
  if (status === 503 && errorCode === 'host_offline') {
    return {
      kind: 'retry',
      next: backoff('host_offline', step),
      reachedHost: false,
      withHost: false,
      message: 'The venue host is offline; nothing was sent. It is sent when the host is back.',
    };
  }
  if (status === 504) {
    return {
      kind: 'retry',
      next: backoff('host_timeout', step),
      reachedHost: true,
      withHost: true,
      message: 'The host did not answer in time; it may have applied. Asking again for its real answer.',
    };
  }
  if (status >= 500) {
    // Not remembered by the idempotency mechanism, and we cannot tell whether it reached the host: treat the key as
    // possibly spent, so it is never replaced without evidence.
    return {
      kind: 'retry',
      next: backoff('server_error', step),
      reachedHost: true,
      withHost: false,
      message: 'The venue answered with an error; asking again (it cannot apply twice).',
    };
  }
  return {
    kind: 'retry',
    next: backoff('unexpected_status', step),
    reachedHost: true,
    withHost: false,
    message: 'The venue gave an answer the app does not know; asking again (it cannot apply twice).',
  };
}

/**
 * Where the host's applied answer says the money went, when that is not where the request asked: another seat,
 * another player id, a name the venue would not take for the requested one, or (a walk-in) a seat that already had
 * chips. Null when the answer agrees or does not say (its shape is not specified: only the fields it carries are
 * compared).
 */
export function misdirection(
  request: Pick<MovementRequestFields, 'seatId' | 'playerId' | 'playerName'>,
  body: unknown,
): string | null {
  if (!isRecord(body)) return null;
  const seat = typeof body.seat_id === 'number' ? body.seat_id : null;
  const playerId = typeof body.player_id === 'string' ? body.player_id : null;
  const nameSource = body.player_name ?? body.name;
  const name = typeof nameSource === 'string' ? nameSource : null;
  const where = `seat ${seat ?? '?'}${name === null ? '' : ` (${name})`}`;
  if (request.seatId !== null && seat !== null && seat !== request.seatId)
    return `the venue applied it to ${where}, not seat ${request.seatId}`;
  if (request.playerId !== null && playerId !== null && playerId !== request.playerId)
    return `the venue applied it to another player (${where})`;
  if (name !== null && !sameVenueName(name, request.playerName))
    return `the venue applied it to ${name}, not ${request.playerName}`;
  // A walk-in asks the venue to seat the player. The venue applies by name, so if someone seated that name before
  // the request reached the host (a namesake, by another writer), the chips topped up that seat's stack instead.
  const before = typeof body.stack_before === 'number' ? body.stack_before : null;
  if (request.seatId === null && before !== null && before > 0)
    return `the venue added it to the ${before} chips already at ${where}, not to a newly seated player`;
  return null;
}

/**
 * Where a misdirected movement's money went, and what the cashier does about it: the amount, the player and seat the
 * venue's answer named, and to settle it with the table first (asking again would go the same way: the venue applies
 * by name, and that name is now on the other seat).
 */
export function misdirectedAdvice(request: Pick<MovementRequestFields, 'action' | 'amount'>, body: unknown): string {
  const fields = isRecord(body) ? body : {};
  const asked = typeof fields.amount === 'number' ? fields.amount : request.amount;
  const what = asked === null ? 'The whole stack' : `The ${asked}`;
  const nameSource = fields.player_name ?? fields.name;
  const name = typeof nameSource === 'string' && nameSource.trim() !== '' ? nameSource.trim() : 'another player';
  const seat = typeof fields.seat_id === 'number' ? ` on seat ${fields.seat_id}` : '';
  return request.action === 'buy-in'
    ? `${what} went to ${name}${seat}: settle it with the table before buying in again.`
    : `${what} was taken from ${name}${seat}: settle it with the table before cashing out again.`;
}
