/**
 * The rules on what a cashier may type or send, each defined once: a movement's amount (more than 0, at most
 * 1,000,000 chips, whole cents), a cash count's amount (0 allowed), a name's length, and how chips round to cents.
 * The spec sets the amount and player-name limits (POST /transactions/{action}); the operator name is held to the
 * same length. Zod-free and import-free: the contract's schemas, the core (journal, money arithmetic, shift input)
 * and the renderer's forms all import it, so a rule cannot drift between the screen and main.
 * test/unit/tooling/one-definition.test.ts fails if a second copy of a limit appears.
 */

/** Largest amount the venue accepts, in table chips (amount > 0 and <= 1,000,000); a cash count is held to it too. */
export const MAX_AMOUNT = 1_000_000;

/** Longest name, in characters: the venue's player_name, and the operator at the drawer. */
export const MAX_NAME_LENGTH = 64;

/** Longest player_id the app accepts from anywhere (a UUID is 36; room for a venue's own id scheme). */
export const MAX_PLAYER_ID = 128;

/** Chips -> whole cents, rounding to the nearest cent: the one place chips are rounded. */
export function chipsToCents(chips: number): number {
  return Math.round(chips * 100);
}

/** Whether a chip amount is an exact number of cents (tolerating the float error of a decimal typed as text). */
export function isWholeCents(chips: number): boolean {
  return Number.isFinite(chips) && Math.abs(chips * 100 - chipsToCents(chips)) < 1e-6;
}

/**
 * Why a movement amount is not acceptable, or null when it is: a JSON number of table chips, above 0, at most
 * MAX_AMOUNT, in whole cents.
 */
export function amountProblem(value: unknown): string | null {
  if (typeof value !== 'number')
    return `Amount must be a number of chips, not ${value === null ? 'null' : typeof value}.`;
  if (!Number.isFinite(value)) return 'Amount must be a finite number.';
  if (value <= 0) return 'Amount must be more than 0.';
  if (value > MAX_AMOUNT) return `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.`;
  if (!isWholeCents(value)) return 'Amount must be in whole cents (at most two decimals).';
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
  if (!isWholeCents(value)) return `${what} must be in whole cents (at most two decimals).`;
  return null;
}

/** Why a player name is not acceptable, or null: 1 to MAX_NAME_LENGTH characters, not blank. */
export function playerNameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'Player name must be text.';
  if (value.trim().length === 0) return 'Player name is required.';
  if (value.length > MAX_NAME_LENGTH) return `Player name must be at most ${MAX_NAME_LENGTH} characters.`;
  return null;
}
