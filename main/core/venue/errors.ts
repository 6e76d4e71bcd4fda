/**
 * Typed errors of the Venue API client. Every error code of the spec maps to one class, so callers switch on
 * `instanceof` (or on `kind`) instead of parsing strings. Network failures and malformed answers get their own
 * classes: a caller can always tell "the venue said no" from "we never heard back" from "the venue spoke nonsense".
 */

/** Every error code the spec defines, by status. */
export const VENUE_ERROR_CODES = {
  400: [
    'bad_since',
    'bad_after_id',
    'bad_body',
    'idempotency_key_required',
    'bad_player_name',
    'bad_amount',
    'bad_url',
    'unknown_kind',
  ],
  401: ['unauthorized'],
  404: ['not_found'],
  409: ['hand_in_progress', 'in_progress', 'outcome_unknown', 'webhook_limit'],
  429: ['rate_limited'],
  503: ['host_offline'],
  504: ['host_timeout'],
} as const;

/** A code named by the spec. Unknown codes from a newer venue still arrive, as plain strings. */
export type VenueErrorCode = (typeof VENUE_ERROR_CODES)[keyof typeof VENUE_ERROR_CODES][number];

/** Which family an error belongs to: the discriminant callers switch on. */
export type VenueErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'access-withdrawn'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'host-offline'
  | 'host-timeout'
  | 'server'
  | 'network'
  | 'protocol';

/** Base of every error the client raises. */
export abstract class VenueError extends Error {
  abstract readonly kind: VenueErrorKind;
}

/** The venue answered with a non-2xx status and (usually) an `{error: code}` body. */
export class VenueApiError extends VenueError {
  readonly kind: VenueErrorKind = 'server';
  constructor(
    readonly status: number,
    /** The body's `error` string, or `http_<status>` when the body carried none. */
    readonly code: VenueErrorCode | (string & {}),
    /** Seconds the venue asked us to wait (429 only), else null. */
    readonly retryAfterSec: number | null,
    /** The parsed body, kept for diagnostics (e.g. `unknown[]`/`supported[]` of unknown_kind). */
    readonly body: unknown,
    message?: string,
  ) {
    super(message ?? `venue answered ${status} ${code}`);
    this.name = new.target.name;
  }
}

/** 400: the request was malformed (bad cursor, bad body, bad url, unknown webhook kind). */
export class BadRequestError extends VenueApiError {
  override readonly kind = 'bad-request' as const;
}

/** 400 `unknown_kind`: the venue refused webhook kinds it does not support. */
export class UnknownWebhookKindError extends BadRequestError {
  constructor(
    status: number,
    code: string,
    body: unknown,
    readonly unknown: readonly string[],
    readonly supported: readonly string[],
  ) {
    super(status, code, null, body, `venue refused webhook kinds: ${unknown.join(', ')}`);
  }
}

/** 401 on a key that never worked: wrong, malformed or already revoked key. */
export class UnauthorizedError extends VenueApiError {
  override readonly kind: VenueErrorKind = 'unauthorized';
}

/**
 * 401 on a key that worked before: the venue withdrew access. The client stays withdrawn and every later call
 * fails fast with this error; nothing retries.
 */
export class AccessWithdrawnError extends UnauthorizedError {
  override readonly kind = 'access-withdrawn' as const;
  constructor(body: unknown = null) {
    super(401, 'unauthorized', null, body, 'the venue withdrew access for this key');
  }
}

/** 404 outside the historical plane (e.g. DELETE of an unknown webhook id). */
export class NotFoundError extends VenueApiError {
  override readonly kind = 'not-found' as const;
}

/** 409: hand_in_progress, in_progress, outcome_unknown, webhook_limit. */
export class ConflictError extends VenueApiError {
  override readonly kind = 'conflict' as const;
}

/** 429 that persisted after the client's bounded waits. */
export class RateLimitedError extends VenueApiError {
  override readonly kind = 'rate-limited' as const;
}

/** 503 host_offline: reads still serve; writes need the host. Nothing was sent. */
export class HostOfflineError extends VenueApiError {
  override readonly kind = 'host-offline' as const;
}

/** 504 host_timeout: sent, answer unknown; NOT a failure to apply. */
export class HostTimeoutError extends VenueApiError {
  override readonly kind = 'host-timeout' as const;
}

/** No answer: connection refused, reset, or the request timed out. */
export class VenueNetworkError extends VenueError {
  readonly kind = 'network' as const;
  constructor(
    message: string,
    /** True when the request hit the client's own time limit. */
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VenueNetworkError';
  }
}

/** The venue answered 200 with a body that does not match the spec (wrong type of a known field, not JSON). */
export class VenueProtocolError extends VenueError {
  readonly kind = 'protocol' as const;
  constructor(
    message: string,
    /** Where it happened: an endpoint path or a frame kind. */
    readonly where: string,
    /** Zod issue paths and messages, one per line, for logs. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'VenueProtocolError';
  }
}

function readRetryAfter(body: unknown): number | null {
  if (body === null || typeof body !== 'object') return null;
  const value = (body as { retry_after_sec?: unknown }).retry_after_sec;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function readStrings(body: unknown, field: string): string[] {
  if (body === null || typeof body !== 'object') return [];
  const value = (body as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The `error` code of a non-2xx body, or `http_<status>` when absent. */
export function errorCodeOf(status: number, body: unknown): string {
  if (body !== null && typeof body === 'object') {
    const code = (body as { error?: unknown }).error;
    if (typeof code === 'string') return code;
  }
  return `http_${status}`;
}

/**
 * Maps a non-2xx answer to its typed error. `keyWorkedBefore` turns a 401 into AccessWithdrawnError, as the spec
 * tells a client to read a 401 on a previously working key.
 */
export function venueErrorFromResponse(status: number, body: unknown, keyWorkedBefore: boolean): VenueApiError {
  const code = errorCodeOf(status, body);
  switch (status) {
    case 400:
      if (code === 'unknown_kind') {
        return new UnknownWebhookKindError(
          status,
          code,
          body,
          readStrings(body, 'unknown'),
          readStrings(body, 'supported'),
        );
      }
      return new BadRequestError(status, code, null, body);
    case 401:
      return keyWorkedBefore ? new AccessWithdrawnError(body) : new UnauthorizedError(status, code, null, body);
    case 404:
      return new NotFoundError(status, code, null, body);
    case 409:
      return new ConflictError(status, code, null, body);
    case 429:
      return new RateLimitedError(status, code, readRetryAfter(body), body);
    case 503:
      return new HostOfflineError(status, code, null, body);
    case 504:
      return new HostTimeoutError(status, code, null, body);
    default:
      return new VenueApiError(status, code, readRetryAfter(body), body);
  }
}
