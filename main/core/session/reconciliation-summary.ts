/**
 * The reconciliation's part of a shift's printable summary (its view, and lines appended to the text) and of the
 * shift's CSV export (a file of its own). Kept apart from the summary and CSV builders so each is one line there.
 */
import type { PrintableShiftSummary } from '../../../preload/contract';
import { cashUnit } from '../../../preload/contract/cash-text';
import type { ShiftRecord } from '../cashier';
import { reconciliationCsv, reconciliationLines } from '../cashier/reconcile/report';
import type { SessionContext } from './context';
import { roomModeOf } from './venue-link';

/** Reads the shift's movements (archive and journal) and reconciles them with the venue ledger. */
async function shiftReconciliation(context: SessionContext, shift: ShiftRecord) {
  const link = context.requireLink();
  return link.shiftReconciliation(shift, await link.cashier.shiftMovements(shift.id), context.now());
}

/** The summary with the shift's reconciliation: its view, and its lines under the text's figures. */
export async function reconciliationSummary(
  context: SessionContext,
  summary: PrintableShiftSummary,
  shift: ShiftRecord,
): Promise<PrintableShiftSummary> {
  const { result, view, movements } = await shiftReconciliation(context, shift);
  // Paper goes to whoever checks the drawer: it carries the amounts in every money mode, as the figures above do.
  const unit = cashUnit(context.requireLink().facts().moneyMode);
  const lines = reconciliationLines(result, unit, movements).map(([label, value]) => `${label.padEnd(14)} ${value}`);
  return {
    ...summary,
    text: `${summary.text}${['Venue reconciliation', ...lines, ''].join('\n')}`,
    reconciliation: view,
  };
}

/** A shift's reconciliation as a CSV file of its own (one table), amounts left out as the movements' are. */
export async function reconciliationCsvFile(context: SessionContext, shift: ShiftRecord): Promise<string> {
  const { result, movements } = await shiftReconciliation(context, shift);
  // The room's mode, like the movements' file: `hidden` while the venue's mode is not known (fails closed).
  return reconciliationCsv(result, movements, roomModeOf(context.requireLink().facts()) === 'hidden');
}
