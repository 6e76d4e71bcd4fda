/**
 * The spec's limits on the protocol itself: the idempotency key's shape and how long a venue's `retry_after_sec` may
 * pause us. The limits on what is typed or sent (an amount, a name) are preload/contract/money-rules.ts, which the
 * renderer shares. No imports, so any layer may depend on it.
 */

/** The idempotency key pattern: 8 to 128 characters from A-Z a-z 0-9 _ . : - */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * Longest `retry_after_sec` honoured, in seconds: beyond this a venue's hint is clamped (timers overflow at ~24.8
 * days).
 */
export const MAX_RETRY_AFTER_SEC = 15 * 60;

/**
 * Longest pause a 429 imposes on the client, in seconds (a day): a venue's `retry_after_sec` of 1e308 would
 * otherwise stop every read (and the socket) for the life of the process.
 */
export const MAX_RATE_PAUSE_SEC = 24 * 60 * 60;
