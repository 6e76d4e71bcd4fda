/**
 * A shift's CSV export (or every shift's), one table per file so a spreadsheet opens each cleanly: the movements from
 * the archive and the journal (the books verified again for the export: a last column says "verified" or the
 * damage); for one shift also its reconciliation with the venue's record and, when its close carried movements in
 * doubt, those items. Every time in ISO 8601 with the PC's local offset.
 */
import type { CsvFiles } from '../../../preload/contract';
import { localDate } from '../../../preload/contract/local-time';
import { ledgerCsv, type LedgerCsvOptions } from '../cashier';
import { carriedCsv } from '../cashier/carried-csv';
import { booksCell, booksView } from './books-view';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import { reconciliationCsvFile } from './reconciliation-summary';

export async function shiftCsvExport(
  context: SessionContext,
  which: string,
  options: LedgerCsvOptions & Required<Pick<LedgerCsvOptions, 'hideAmounts' | 'unit'>>,
): Promise<CsvFiles> {
  const link = context.requireLink();
  const cashier = link.cashier;
  const shift = cashier.snapshot().shifts.all.find((candidate) => candidate.id === which);
  if (which !== 'all' && shift === undefined) throw new CommandRefusal('not_found', 'No such shift.');
  // The books as they are now, not as they were at the start.
  const damage = which === 'all' ? cashier.snapshot().books.damage : (await cashier.shiftIntegrity(which)).damage;
  const books = booksCell(booksView([...damage, ...link.ledgerDamage()]));
  const movements = ledgerCsv(await cashier.shiftMovements(which), { ...options, books });
  if (shift === undefined)
    return { files: [{ filename: `shifts-all-${localDate(context.now())}.csv`, csv: movements }] };
  const carried = carriedCsv(shift, options);
  return {
    files: [
      { filename: `${shift.id}-movements.csv`, csv: movements },
      { filename: `${shift.id}-reconciliation.csv`, csv: await reconciliationCsvFile(context, shift) },
      ...(carried === null ? [] : [{ filename: `${shift.id}-carried.csv`, csv: carried }]),
    ],
  };
}
