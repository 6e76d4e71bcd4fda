/**
 * The retry table: what one attempt's outcome means for a movement, exactly as the spec's money-movement state
 * table says. Pure; the reducer applies the verdict, the runtime turns `next` into a timer.
 *
 * The answer was read once, at the edge (`venue/transaction-answer.ts`); this file decides from that reading alone.
 *
 * Two rules beyond the table, because a cashier hands over cash on what this decides:
 * - Only a 200 whose body is a JSON object is the host's answer. Anything else (a proxy's or captive portal's HTML
 *   with status 200, an empty body, an array) says nothing about the movement: the same key is tried again.
 * - A 400 settles a movement as refused only when it cannot be about a spent key: on a key that never reached the
 *   host, or as the host's stored answer (`Idempotent-Replay: true`). A plain 400 to a retry of a key that may
 *   already be with the host (after a 504, say) does not say the first request did not apply.
 */
import { MAX_RETRY_AFTER_SEC } from '../venue/limits';
import type { AppliedFields, TransactionAnswer, TransactionAttempt } from '../venue/transaction';
import { sameVenueName } from '../../../preload/contract/player-name';
import type { MovementRequestFields, NextAttempt } from './types';

export type AttemptVerdict =
  /** The host's answer says the movement applied (first answer or a replay). */
  | { readonly kind: 'applied'; readonly replay: boolean; readonly fields: AppliedFields }
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

function classify200(
  answer: Extract<TransactionAnswer, { kind: 'applied' | 'refused' | 'unreadable' }>,
  replay: boolean,
  step: number,
): AttemptVerdict {
  if (answer.kind === 'unreadable') {
    // Something between us and the venue answered (or the body was lost): the key may have reached the host.
    return {
      kind: 'retry',
      next: backoff('unreadable_answer', step),
      reachedHost: true,
      withHost: false,
      message: "The venue's answer could not be read; asking again (it cannot apply twice).",
    };
  }
  if (answer.kind === 'applied') return { kind: 'applied', replay, fields: answer.fields };
  return { kind: 'refused', replay, code: answer.code, message: answer.message };
}

function classify400(code: string, replay: boolean, step: number, mayHaveReachedHost: boolean): AttemptVerdict {
  if (!mayHaveReachedHost || replay) {
    return {
      kind: 'refused',
      replay,
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

/** The verdict on an answer that says "not now, ask again" (or that the venue does not know yet). */
function classifyWait(
  answer: Extract<TransactionAnswer, { kind: 'in-progress' | 'outcome-unknown' | 'rate-limited' | 'host-offline' }>,
  step: number,
): AttemptVerdict {
  switch (answer.kind) {
    case 'in-progress':
      return {
        kind: 'retry',
        next: backoff('in_progress', step),
        reachedHost: true,
        withHost: true,
        message: "The venue still has it: waiting for the host's answer.",
      };
    case 'outcome-unknown':
      return {
        kind: 'outcome-unknown',
        next: backoff('outcome_unknown', step),
        message: 'The venue does not know yet whether it applied; checking the stack and asking again (never twice).',
      };
    case 'rate-limited':
      return {
        kind: 'retry',
        next: answer.retryAfterSec !== null ? retryAfterDelay(answer.retryAfterSec) : backoff('rate_limited', step),
        reachedHost: false,
        withHost: false,
        message: 'The venue asked to slow down; waiting before asking again (it cannot apply twice).',
      };
    case 'host-offline':
      return {
        kind: 'retry',
        next: backoff('host_offline', step),
        reachedHost: false,
        withHost: false,
        message: 'The venue host is offline; nothing was sent. It is sent when the host is back.',
      };
  }
}

/**
 * Classifies one attempt from the answer the edge read once (`venue/transaction-answer.ts`): never its status or
 * body again. `step`: how many attempts this movement has had (for the backoff). `mayHaveReachedHost`: whether an
 * earlier attempt could have left the key with the host.
 */
export function classifyAttempt(
  attempt: TransactionAttempt,
  step: number,
  mayHaveReachedHost: boolean,
): AttemptVerdict {
  if (attempt.kind === 'no-response') return classifyNoResponse(attempt, step);
  const { answer, idempotentReplay } = attempt;
  switch (answer.kind) {
    case 'applied':
    case 'refused':
    case 'unreadable':
      return classify200(answer, idempotentReplay, step);
    case 'bad-request':
      return classify400(answer.code, idempotentReplay, step, mayHaveReachedHost);
    case 'unauthorized':
      return {
        kind: 'access-withdrawn',
        message: 'The venue withdrew access. Nothing more is sent until the app has a working venue key.',
      };
    case 'hand-in-progress':
      return { kind: 'hand-in-progress', message: 'A hand is in progress; it will be sent between hands.' };
    case 'in-progress':
    case 'outcome-unknown':
    case 'rate-limited':
    case 'host-offline':
      return classifyWait(answer, step);
    case 'host-timeout':
      return {
        kind: 'retry',
        next: backoff('host_timeout', step),
        reachedHost: true,
        withHost: true,
        message: 'The host did not answer in time; it may have applied. Asking again for its real answer.',
      };
    case 'server-error':
      // Not remembered by the idempotency mechanism, and we cannot tell whether it reached the host: treat the key
      // as possibly spent, so it is never replaced without evidence.
      return {
        kind: 'retry',
        next: backoff('server_error', step),
        reachedHost: true,
        withHost: false,
        message: 'The venue answered with an error; asking again (it cannot apply twice).',
      };
    case 'unexpected':
      return {
        kind: 'retry',
        next: backoff('unexpected_status', step),
        reachedHost: true,
        withHost: false,
        message: 'The venue gave an answer the app does not know; asking again (it cannot apply twice).',
      };
  }
}

/**
 * Where the host's applied answer says the money went, when that is not where the request asked: another seat,
 * another player id, a name the venue would not take for the requested one, or (a walk-in) a seat that already had
 * chips. Null when the answer agrees or does not say (its shape is not specified: only the fields it carries are
 * compared).
 */
export function misdirection(
  request: Pick<MovementRequestFields, 'seatId' | 'playerId' | 'playerName'>,
  answer: AppliedFields,
): string | null {
  const { seatId: seat, playerId, playerName: name, stackBefore: before } = answer;
  const where = `seat ${seat ?? '?'}${name === null ? '' : ` (${name})`}`;
  if (request.seatId !== null && seat !== null && seat !== request.seatId)
    return `the venue applied it to ${where}, not seat ${request.seatId}`;
  if (request.playerId !== null && playerId !== null && playerId !== request.playerId)
    return `the venue applied it to another player (${where})`;
  if (name !== null && !sameVenueName(name, request.playerName))
    return `the venue applied it to ${name}, not ${request.playerName}`;
  // A walk-in asks the venue to seat the player. The venue applies by name, so if someone seated that name before
  // the request reached the host (a namesake, by another writer), the chips topped up that seat's stack instead.
  if (request.seatId === null && before !== null && before > 0)
    return `the venue added it to the ${before} chips already at ${where}, not to a newly seated player`;
  return null;
}

/**
 * Where a misdirected movement's money went, and what the cashier does about it: the amount, the player and seat the
 * venue's answer named, and to settle it with the table first (asking again would go the same way: the venue applies
 * by name, and that name is now on the other seat).
 */
export function misdirectedAdvice(
  request: Pick<MovementRequestFields, 'action' | 'amount'>,
  answer: AppliedFields,
): string {
  const asked = answer.amount ?? request.amount;
  const what = asked === null ? 'The whole stack' : `The ${asked}`;
  const named = answer.playerName?.trim() ?? '';
  const name = named === '' ? 'another player' : named;
  const seat = answer.seatId !== null ? ` on seat ${answer.seatId}` : '';
  return request.action === 'buy-in'
    ? `${what} went to ${name}${seat}: settle it with the table before buying in again.`
    : `${what} was taken from ${name}${seat}: settle it with the table before cashing out again.`;
}
