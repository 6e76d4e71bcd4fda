/**
 * The money a historical record may show under the venue's money mode (the spec's `money_mode`): in `bb` mode the
 * `*_bb` fields, in `dollars` mode the `*_dollars` fields, with money hidden none. `bb_per_100` is a rate, not an
 * amount field, and is left to the caller.
 */
import { cents } from '../venue/money';
import type { MoneyMode } from '../venue/schemas-rest';
import { num } from './loose-fields';
import type { HandSummary } from './schemas';

/** One amount with its unit and a label made from its field name. */
export interface MoneyFigure {
  readonly label: string;
  readonly value: number;
  readonly unit: 'bb' | 'dollars';
}

/** The unit a money field is in, when the mode permits it; null when it is not money or not permitted. */
function moneyUnit(key: string, mode: MoneyMode): 'bb' | 'dollars' | null {
  if (key === 'bb_per_100') return null;
  if (mode === 'bb' && key.endsWith('_bb')) return 'bb';
  if (mode === 'dollars' && key.endsWith('_dollars')) return 'dollars';
  return null;
}

function moneyLabel(key: string): string {
  const words = key.replace(/_(bb|dollars)$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every money field of `record` the mode permits, in the record's order. */
export function moneyFigures(record: object, mode: MoneyMode): MoneyFigure[] {
  const figures: MoneyFigure[] = [];
  for (const [key, value] of Object.entries(record)) {
    const unit = moneyUnit(key, mode);
    const amount = num(value);
    if (unit !== null && amount !== null) figures.push({ label: moneyLabel(key), value: amount, unit });
  }
  return figures;
}

/**
 * `final_pot_bb` (the pot, in big blinds) as the mode shows it: in bb mode as bb; in dollars mode converted to
 * dollars with `stakes.big_blind` (the divisor between table chips, which are dollars there, and big blinds), or
 * left in bb, labelled bb, when the big blind is unknown: a bb figure is never labelled as dollars. None when
 * money is hidden. Older hands show 0 until the venue republishes them: no pot is ever empty, so 0 is "not known".
 */
export function potFigure(summary: HandSummary, mode: MoneyMode): MoneyFigure | null {
  const potBb = num(summary.final_pot_bb);
  if (potBb === null || potBb <= 0 || mode === 'hidden') return null;
  const bigBlind = num(summary.stakes?.big_blind);
  if (mode === 'dollars' && bigBlind !== null && bigBlind > 0)
    return { label: 'Pot', value: cents(potBb * bigBlind), unit: 'dollars' };
  return { label: 'Pot', value: potBb, unit: 'bb' };
}
