/**
 * What the cashier types at a shift's open and close, besides the float and the count: who (the operator), a note,
 * and the count by denomination. One set of rules, applied once, by the contract's schemas at the edge (the cashier
 * core takes only what those parses made). Zod-free, importing only money-rules.ts (the limits it holds a count and a
 * name to): the renderer bundles it to explain a field before sending.
 */
import { chipsToCents, isWholeCents, MAX_AMOUNT, MAX_NAME_LENGTH } from './money-rules';

export const MAX_OPERATOR_NAME = MAX_NAME_LENGTH;
export const MAX_SHIFT_NOTE = 500;
export const MAX_DENOMINATION_LINES = 30;
export const MAX_PIECES = 100_000;

// Control characters (a newline is allowed in a note only) would break the summary's and the CSV's lines. The C1
// controls (NEL, U+0085, among them) and the Unicode line and paragraph separators break a line too.
const hasControl = (text: string, allowNewline: boolean): boolean =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    const lineBreak = code === 0x0a || code === 0x2028 || code === 0x2029;
    if (lineBreak || code === 0x09) return !allowNewline;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/** Why an operator name is not acceptable, or null: 1 to 64 characters once trimmed, on one line. */
export function operatorProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'The operator name is required.';
  const name = value.trim();
  if (name === '') return 'Type the operator name (who is at the drawer).';
  if (name.length > MAX_OPERATOR_NAME) return `The operator name must be at most ${MAX_OPERATOR_NAME} characters.`;
  if (hasControl(name, false)) return 'The operator name must be one line of text.';
  return null;
}

/** Why a close note is not acceptable, or null (empty is fine). */
export function noteProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return 'The note must be text.';
  if (value.length > MAX_SHIFT_NOTE) return `The note must be at most ${MAX_SHIFT_NOTE} characters.`;
  if (hasControl(value, true)) return 'The note cannot hold control characters.';
  return null;
}

export interface DenominationLine {
  readonly value: number;
  readonly count: number;
}

/** The total of a count by denomination, in whole cents of the drawer's unit. */
export function denominationCents(lines: readonly DenominationLine[]): number {
  return lines.reduce((sum, line) => sum + chipsToCents(line.value) * line.count, 0);
}

/**
 * Why the lines of a count by denomination are not acceptable, or null: each value a cash amount above 0, each count
 * a whole number of pieces, and at most MAX_AMOUNT in all. (How many lines, and that each is a value and a count, is
 * the schema's shape.)
 */
export function denominationLinesProblem(lines: readonly DenominationLine[]): string | null {
  for (const { value: piece, count } of lines) {
    if (!Number.isFinite(piece) || piece <= 0 || piece > MAX_AMOUNT)
      return `A denomination must be more than 0 (and at most ${MAX_AMOUNT.toLocaleString('en-US')}).`;
    if (!isWholeCents(piece)) return 'A denomination must be in whole cents (at most two decimals).';
    if (!Number.isInteger(count) || count < 0 || count > MAX_PIECES)
      return `The number of pieces must be a whole number from 0 to ${MAX_PIECES.toLocaleString('en-US')}.`;
  }
  if (denominationCents(lines) > chipsToCents(MAX_AMOUNT))
    return `The count totals more than ${MAX_AMOUNT.toLocaleString('en-US')}.`;
  return null;
}

/** Why a count by denomination is not the counted cash, or null: its lines' total is exactly the count. */
export function denominationsTotalProblem(lines: readonly DenominationLine[], counted: number): string | null {
  return denominationCents(lines) === chipsToCents(counted)
    ? null
    : 'The count by denomination does not add up to the counted cash.';
}
