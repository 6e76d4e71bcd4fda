/**
 * The movements a shift's close carried to the next shift (carry.ts), as a CSV file of their own: one row per item
 * as the close recorded it (who, what, the amount asked, its state at the close), with the close's time in the
 * export's one time format (ISO 8601, local offset). Amount columns are left out when the venue hides money.
 */
import type { CashUnit } from '../../../preload/contract/cash-text';
import { localIso } from '../../../preload/contract/local-time';
import { fromCents } from '../venue/money';
import type { CarriedItem } from './carry';
import { csvCell } from './ledger';

interface ClosedWithCarried {
  readonly id: string;
  readonly close: { readonly at: number; readonly carried?: readonly CarriedItem[] } | null;
}

export interface CarriedCsvOptions {
  readonly hideAmounts: boolean;
  readonly unit: CashUnit;
}

/** The carried items of a closed shift, or null when its close carried none (no file to write). */
export function carriedCsv(shift: ClosedWithCarried, options: CarriedCsvOptions): string | null {
  const carried = shift.close?.carried ?? [];
  if (shift.close === null || carried.length === 0) return null;
  const closedAt = localIso(shift.close.at);
  const header = [
    'shift_id',
    'closed_at',
    'idempotency_key',
    'action',
    'player_name',
    ...(options.hideAmounts ? [] : [`amount_asked_${options.unit}`]),
    'amount_note',
    'state_at_close',
  ];
  const rows = carried.map((item) => [
    shift.id,
    closedAt,
    item.key,
    item.action,
    item.playerName,
    ...(options.hideAmounts ? [] : [item.amount === null ? null : fromCents(item.amount)]),
    item.amount === null ? 'whole stack' : null,
    item.state,
  ]);
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
