/**
 * A shift's CSV (or every shift's): its movements from the archive and the journal, the books verified again for
 * the export (a last column says "verified" or the damage), and the shift's reconciliation after the movements.
 */
import type { CsvExport } from '../../../preload/contract';
import { localDate } from '../../../preload/contract/local-time';
import { ledgerCsv, type LedgerCsvOptions } from '../cashier';
import { booksCell, booksView } from './books-view';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import { withReconciliationCsv } from './reconciliation-summary';

export async function shiftCsvExport(
  context: SessionContext,
  which: string,
  options: LedgerCsvOptions,
): Promise<CsvExport> {
  const link = context.requireLink();
  const cashier = link.cashier;
  if (which !== 'all' && !cashier.snapshot().shifts.all.some((shift) => shift.id === which))
    throw new CommandRefusal('not_found', 'No such shift.');
  // The books as they are now, not as they were at the start.
  const damage = which === 'all' ? cashier.snapshot().books.damage : (await cashier.shiftIntegrity(which)).damage;
  const books = booksCell(booksView([...damage, ...link.ledgerDamage()]));
  const movements = await cashier.shiftMovements(which);
  return {
    filename: which === 'all' ? `shifts-all-${localDate(context.now())}.csv` : `${which}.csv`,
    csv: await withReconciliationCsv(context, which, ledgerCsv(movements, { ...options, books })),
  };
}
