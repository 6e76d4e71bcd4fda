/**
 * The spec's limits on a money movement (POST /transactions/{action}). One definition: the contract's request
 * schema, the cashier and the journal reader all use these. No imports, so any layer may depend on it.
 */

/** Largest amount the venue accepts, in table chips (amount > 0 and <= 1,000,000). */
export const MAX_AMOUNT = 1_000_000;

/** Longest player_name the venue accepts. */
export const MAX_PLAYER_NAME = 64;

/** The idempotency key pattern: 8 to 128 characters from A-Z a-z 0-9 _ . : - */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Longest player_id the app accepts from anywhere (a UUID is 36; room for a venue's own id scheme). */
export const MAX_PLAYER_ID = 128;

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

/** Whether a chip amount has at most two decimals (tolerating the float error of a decimal typed as text). */
function inWholeCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/**
 * Why a movement amount is not acceptable, or null when it is: a JSON number of table chips, above 0, at most
 * MAX_AMOUNT, in whole cents. The one rule the contract's request schema and the cashier both apply.
 */
export function amountProblem(value: unknown): string | null {
  if (typeof value !== 'number')
    return `Amount must be a number of chips, not ${value === null ? 'null' : typeof value}.`;
  if (!Number.isFinite(value)) return 'Amount must be a finite number.';
  if (value <= 0) return 'Amount must be more than 0.';
  if (value > MAX_AMOUNT) return `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.`;
  if (!inWholeCents(value)) return 'Amount must be in whole cents (at most two decimals).';
  return null;
}

/**
 * Why a cash amount the cashier typed (a shift's opening float, the counted cash) is not acceptable, or null: a
 * finite number of chips, not negative, at most MAX_AMOUNT, at most two decimals.
 */
export function cashAmountProblem(what: string, value: unknown): string | null {
  if (typeof value !== 'number') return `${what} must be a number of chips.`;
  if (!Number.isFinite(value)) return `${what} must be a finite number.`;
  if (value < 0) return `${what} cannot be negative.`;
  if (value > MAX_AMOUNT) return `${what} must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.`;
  if (!inWholeCents(value)) return `${what} must be in whole cents (at most two decimals).`;
  return null;
}

/** Why a player name is not acceptable, or null: 1 to MAX_PLAYER_NAME characters, not blank. */
export function playerNameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'Player name must be text.';
  if (value.trim().length === 0) return 'Player name is required.';
  if (value.length > MAX_PLAYER_NAME) return `Player name must be at most ${MAX_PLAYER_NAME} characters.`;
  return null;
}
