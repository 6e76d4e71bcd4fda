/**
 * One attempt of a money movement: POST /transactions/{buy-in|cash-out}.
 *
 * It never throws. It reports what happened on the wire: either the venue answered (any status, read once into what
 * the answer means by transaction-answer.ts), or no answer came back, and whether the request had certainly not left
 * the machine. The cashier's state machine decides what that means for the movement.
 */
import { bodyCapFor, readCappedText } from './body-limit';
import { readTransactionAnswer, type AnsweredAttempt } from './transaction-answer';

export type { AnsweredAttempt, AppliedFields, TransactionAnswer } from './transaction-answer';

export type TransactionAction = 'buy-in' | 'cash-out';

/** The request body, exactly as the spec names it. `amount` omitted on a cash-out means the whole stack. */
export interface TransactionRequest {
  readonly player_name: string;
  readonly amount?: number;
  readonly idempotency_key: string;
  readonly close_session?: boolean;
}

export type TransactionAttempt =
  | AnsweredAttempt
  | {
      readonly kind: 'no-response';
      /**
       * `before-send`: the connection was refused or never opened, so the venue cannot have seen it.
       * `unknown`: it may have been sent (reset, timeout, aborted mid-flight).
       */
      readonly phase: 'before-send' | 'unknown';
      readonly message: string;
    };

export interface TransactionTransportOptions {
  readonly baseUrl: string;
  readonly key: string;
  /** Per-attempt time limit; the attempt reports `no-response`/`unknown` when it passes. */
  readonly timeoutMs?: number;
  readonly fetchImpl?: typeof fetch;
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** Sends one attempt of a movement and reports what came back. */
export async function postTransaction(
  options: TransactionTransportOptions,
  action: TransactionAction,
  request: TransactionRequest,
  signal?: AbortSignal,
): Promise<TransactionAttempt> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(`${options.baseUrl}/transactions/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: combined,
      // Never followed (the movement would reach another host); the venue saw the request: the outcome is unknown.
      redirect: 'error',
    });
  } catch (error) {
    const code = causeCode(error);
    const phase = code !== undefined && NOT_SENT_CODES.has(code) ? 'before-send' : 'unknown';
    return { kind: 'no-response', phase, message: code ?? (error instanceof Error ? error.message : String(error)) };
  }
  let text: string;
  try {
    const path = `/transactions/${action}`;
    text = await readCappedText(response, path, bodyCapFor(path));
  } catch (error) {
    // Headers arrived, the body did not (or more of it than any answer can be): the venue answered, but we cannot
    // read what. The outcome is unknown, never a refusal.
    return { kind: 'no-response', phase: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the raw text: a non-JSON answer is still evidence worth journaling verbatim
  }
  return readTransactionAnswer(response.status, body, response.headers.get('idempotent-replay') === 'true');
}
