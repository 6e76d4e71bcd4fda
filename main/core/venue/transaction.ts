/**
 * One attempt of a money movement: POST /transactions/{buy-in|cash-out}.
 *
 * It never throws. The cashier's state machine decides what an attempt means, so this reports exactly what
 * happened on the wire: either the venue answered (any status, with its error code, replay flag and
 * retry hint), or no answer came back, and whether the request had certainly not left the machine.
 */
import { bodyCapFor, readCappedText } from './body-limit';

export type TransactionAction = 'buy-in' | 'cash-out';

/** The request body, exactly as the spec names it. `amount` omitted on a cash-out means the whole stack. */
export interface TransactionRequest {
  readonly player_name: string;
  readonly amount?: number;
  readonly idempotency_key: string;
  readonly close_session?: boolean;
}

export type TransactionAttempt =
  | {
      readonly kind: 'answered';
      readonly status: number;
      /** Parsed JSON body, or the raw text when the body was not JSON. */
      readonly body: unknown;
      /** `Idempotent-Replay: true` was on the response. */
      readonly idempotentReplay: boolean;
      /** `body.error` when the status is not 200 and the body carries a string code. */
      readonly errorCode: string | null;
      /** `body.retry_after_sec` on a 429, when it is a non-negative number. */
      readonly retryAfterSec: number | null;
    }
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

function readErrorCode(status: number, body: unknown): string | null {
  if (status === 200 || body === null || typeof body !== 'object') return null;
  const code = (body as { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
}

function readRetryAfter(body: unknown): number | null {
  if (body === null || typeof body !== 'object') return null;
  const value = (body as { retry_after_sec?: unknown }).retry_after_sec;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
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
  return {
    kind: 'answered',
    status: response.status,
    body,
    idempotentReplay: response.headers.get('idempotent-replay') === 'true',
    errorCode: readErrorCode(response.status, body),
    retryAfterSec: response.status === 429 ? readRetryAfter(body) : null,
  };
}
