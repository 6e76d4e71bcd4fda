/**
 * The venue's answer to one POST /transactions/{action}, read once, here at the edge, into the one typed answer the
 * cashier's sender and its retry table both take (spec: the money-movement table, Errors). Nothing after this reads
 * the status or the body again to decide anything: the raw status and body travel on only to be journaled verbatim.
 *
 * The host's 200 has no specified shape ("the host's own answer, verbatim"), so it is read tolerantly: a JSON object
 * is the host's answer, refused when it says so (`ok: false`, an `error`, a `refused`), applied otherwise; each field
 * that says where the money went is taken when it has the right type, and null (as the venue may send it) otherwise.
 * Anything but a JSON object (a proxy's HTML page with status 200, an empty body, an array) is `unreadable`.
 */
import { z } from 'zod';

/** Where the host's applied answer says the money went: each field only when the answer carries it. */
export interface AppliedFields {
  readonly seatId: number | null;
  readonly playerId: string | null;
  /** `player_name`, or `name` when the answer names the player that way. */
  readonly playerName: string | null;
  readonly amount: number | null;
  readonly stackBefore: number | null;
}

export type TransactionAnswer =
  /** 200, the host's answer: it applied. */
  | { readonly kind: 'applied'; readonly fields: AppliedFields }
  /** 200, the host's answer: it refused (nothing applied). */
  | { readonly kind: 'refused'; readonly code: string; readonly message: string }
  /** 200 whose body is not a JSON object: it says nothing about the movement. */
  | { readonly kind: 'unreadable' }
  /** 400: the service refused the request (`code` is its error code, `bad_request` when it gave none). */
  | { readonly kind: 'bad-request'; readonly code: string }
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'hand-in-progress' }
  | { readonly kind: 'in-progress' }
  | { readonly kind: 'outcome-unknown' }
  | { readonly kind: 'rate-limited'; readonly retryAfterSec: number | null }
  | { readonly kind: 'host-offline' }
  | { readonly kind: 'host-timeout' }
  /** Any other 5xx: not remembered by the idempotency mechanism. */
  | { readonly kind: 'server-error' }
  /** A status or code the spec does not list for this route. */
  | { readonly kind: 'unexpected' };

/** An attempt the venue answered: the wire's status and body (journaled verbatim) and what they mean, read once. */
export interface AnsweredAttempt {
  readonly kind: 'answered';
  readonly status: number;
  /** Parsed JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;
  /** `Idempotent-Replay: true` was on the response. */
  readonly idempotentReplay: boolean;
  /** `body.error` when the status is not 200 and the body carries a string code (journaled with the attempt). */
  readonly errorCode: string | null;
  readonly answer: TransactionAnswer;
}

/** A field of the host's answer: its value when it has the type, else null (absent, null, or another type). */
const field = <T extends z.ZodType>(type: T) => type.nullable().optional().catch(null);

const hostBody = z.record(z.string(), z.unknown()).pipe(
  z.object({
    ok: z.unknown().optional(),
    error: z.unknown().optional(),
    refused: z.unknown().optional(),
    reason: z.unknown().optional(),
    message: field(z.string()),
    seat_id: field(z.number()),
    player_id: field(z.string()),
    player_name: field(z.string()),
    name: field(z.string()),
    amount: field(z.number()),
    stack_before: field(z.number()),
  }),
);

const errorBody = z.object({ error: z.string() });
const rateLimitedBody = z.object({ retry_after_sec: z.number().nonnegative().finite() });

const present = (value: unknown): boolean => value !== undefined && value !== null;

function hostAnswer(body: unknown): TransactionAnswer {
  const parsed = hostBody.safeParse(body);
  if (!parsed.success) return { kind: 'unreadable' };
  const read = parsed.data;
  const refused = read.ok === false || present(read.error) || (present(read.refused) && read.refused !== false);
  if (refused) {
    const codeSource = read.reason ?? read.error ?? read.refused;
    return {
      kind: 'refused',
      code: typeof codeSource === 'string' ? codeSource : 'refused',
      message: read.message ?? JSON.stringify(body),
    };
  }
  return {
    kind: 'applied',
    fields: {
      seatId: read.seat_id ?? null,
      playerId: read.player_id ?? null,
      playerName: read.player_name ?? read.name ?? null,
      amount: read.amount ?? null,
      stackBefore: read.stack_before ?? null,
    },
  };
}

/** The 409 codes of the spec (a Map: a code such as `constructor` must not find an object's inherited member). */
const CONFLICTS: ReadonlyMap<string, TransactionAnswer> = new Map<string, TransactionAnswer>([
  ['hand_in_progress', { kind: 'hand-in-progress' }],
  ['in_progress', { kind: 'in-progress' }],
  ['outcome_unknown', { kind: 'outcome-unknown' }],
]);

function errorAnswer(status: number, code: string | null, body: unknown): TransactionAnswer {
  if (status === 400) return { kind: 'bad-request', code: code ?? 'bad_request' };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 409) return (code === null ? undefined : CONFLICTS.get(code)) ?? { kind: 'unexpected' };
  if (status === 429) {
    const hint = rateLimitedBody.safeParse(body);
    return { kind: 'rate-limited', retryAfterSec: hint.success ? hint.data.retry_after_sec : null };
  }
  if (status === 503 && code === 'host_offline') return { kind: 'host-offline' };
  if (status === 504) return { kind: 'host-timeout' };
  if (status >= 500) return { kind: 'server-error' };
  return { kind: 'unexpected' };
}

/** Reads the venue's answer to one transaction attempt, once: the only reader of its status and body. */
export function readTransactionAnswer(status: number, body: unknown, idempotentReplay: boolean): AnsweredAttempt {
  const coded = status === 200 ? null : errorBody.safeParse(body);
  const errorCode = coded?.success === true ? coded.data.error : null;
  const answer = status === 200 ? hostAnswer(body) : errorAnswer(status, errorCode, body);
  return { kind: 'answered', status, body, idempotentReplay, errorCode, answer };
}
