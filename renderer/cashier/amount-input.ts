/**
 * Reads what the cashier typed into an amount field: the one place amounts are parsed on screen. The UI refuses what
 * it already knows is wrong before anything is sent; main validates again with the contract's schema, and the venue
 * stays the judge (the renderer is never the only guard).
 *
 * The rules, in order:
 * 1. Spaces around the amount are ignored (" 40 " is 40).
 * 2. Commas are read as thousands separators, and only where they group thousands: "1,000" and "12,345.5" are read
 *    (the form then says what it understood, "1,000 chips", before anything is sent); "1,00" or "10,5" are refused,
 *    because a decimal comma would be read a hundred or a thousand times too large.
 * 3. Only plain decimal numbers: no text, no sign, no exponent ("1e5"), no more than two decimals.
 * 4. A movement is more than 0 and at most MAX_AMOUNT (the spec's 1,000,000, money-rules.ts); a shift's float or count
 *    may be 0.
 * 5. Whole chips: when the venue's chips have no cents (see `wholeChipsAt`), a fractional amount is refused.
 */
import type { TableView } from '../../preload/contract';
import { MAX_AMOUNT } from '../../preload/contract/money-rules';

export type AmountReading =
  { readonly ok: true; readonly amount: number } | { readonly ok: false; readonly error: string };

export interface AmountRules {
  /** The venue's chips have no cents: refuse fractions. */
  readonly wholeChips?: boolean;
}

const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/** Rules 1 to 3: the number typed, or why it cannot be read. `empty` words the message for an empty field. */
function readNumber(text: string, empty: string): AmountReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: empty };
  if (trimmed.startsWith('-')) return { ok: false, error: 'The amount cannot be negative.' };
  if (trimmed.includes(',') && !GROUPED.test(trimmed))
    return { ok: false, error: 'Commas only separate thousands (1,000): write 10.5, not 10,5.' };
  const plain = trimmed.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(plain)) return { ok: false, error: 'Enter a number with at most two decimals.' };
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return { ok: false, error: 'Enter a number with at most two decimals.' };
  return { ok: true, amount: Number(plain) };
}

/** Rules 4 (upper bound) and 5, shared by movements and cash counts. */
function withinRules(reading: AmountReading, rules: AmountRules): AmountReading {
  if (!reading.ok) return reading;
  if (reading.amount > MAX_AMOUNT)
    return { ok: false, error: `The amount cannot be more than ${MAX_AMOUNT.toLocaleString('en-US')}.` };
  if (rules.wholeChips === true && !Number.isInteger(reading.amount))
    return { ok: false, error: "This venue's chips have no cents: enter a whole number of chips." };
  return reading;
}

/** A movement's amount: "250", " 40 ", "1,000.25"; refuses text, zero, negatives, > 2 decimals, > 1,000,000. */
export function readAmount(text: string, rules: AmountRules = {}): AmountReading {
  const reading = readNumber(text, 'Enter an amount.');
  if (reading.ok && reading.amount <= 0) return { ok: false, error: 'The amount must be more than 0.' };
  return withinRules(reading, rules);
}

/**
 * A cash amount the cashier typed at a shift's open or close (opening float, counted cash): like readAmount, but 0
 * is a real count and a drawer may hold cents. main checks the same rule again.
 */
export function readCashAmount(text: string): AmountReading {
  return withinRules(readNumber(text, 'Enter an amount (0 if there is none).'), {});
}

/**
 * Whether the venue's chips have no cents, as far as this table shows: the blinds (small, big, ante, straddle) and
 * every known stack are whole numbers. One fractional figure anywhere means cents exist; with no blinds and no stack
 * known, nothing says so and fractions are allowed (the venue still judges).
 */
export function wholeChipsAt(table: Pick<TableView, 'blinds' | 'seats'> | null): boolean {
  if (table === null) return false;
  const figures: number[] = [];
  if (table.blinds !== null) {
    const { smallBlind, bigBlind, ante, straddle } = table.blinds;
    figures.push(smallBlind, bigBlind, ante, straddle);
  }
  for (const seat of table.seats) if (seat.stack !== null) figures.push(seat.stack);
  return figures.length > 0 && figures.every((figure) => Number.isInteger(figure));
}
