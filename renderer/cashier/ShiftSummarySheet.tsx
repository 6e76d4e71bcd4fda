/**
 * A shift's summary, made for paper: the print preview on the paper chosen in Settings, Print (the copy that prints
 * is rendered beside the app, so the pages hold the whole summary and nothing else), the text file and the CSV. In
 * hidden money mode the screen shows no amounts; the printed sheet does (it is for whoever checks the drawer), as do
 * the text and CSV files.
 */
import type { MoneyMode, PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { ErrorLine } from '../shared/ErrorLine';
import { useCommand } from '../shared/use-command';
import { PAPER_LABELS, usePaperSettings } from '../print/paper-settings';
import { Paper, PrintDocument } from '../print/PrintDocument';
import { printDocument } from '../print/print-document';
import { download, downloadAll } from './download';
import { ShiftSummaryDocument } from './ShiftSummaryDocument';

interface ShiftSummarySheetProps {
  readonly venue: VenueBridge;
  readonly summary: PrintableShiftSummary;
  readonly mode: MoneyMode | null;
}

export function ShiftSummarySheet({ venue, summary, mode }: ShiftSummarySheetProps) {
  const { paperSize } = usePaperSettings();
  const { error, run } = useCommand();
  return (
    <div className="shift-summary-wrap">
      <p className="muted paper-note">Print preview: {PAPER_LABELS[paperSize]} (change it in Settings).</p>
      {/* It scrolls: focusable and named, so a keyboard can scroll the paper too. */}
      <div className="print-preview" role="region" aria-label="Paper" tabIndex={0}>
        <Paper size={paperSize} label="Print preview">
          <ShiftSummaryDocument summary={summary} mode={mode} testId="shift-summary" />
        </Paper>
      </div>
      <PrintDocument size={paperSize}>
        <ShiftSummaryDocument summary={summary} mode={mode} />
      </PrintDocument>
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={() => void run(() => printDocument(venue, 'summary'))}>
          Print
        </button>
        <button type="button" onClick={() => download(`${summary.id}.txt`, summary.text, 'text/plain')}>
          Save summary (text)
        </button>
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              downloadAll((await call(venue.exportShiftCsv(summary.id))).files);
            })
          }
        >
          Export shift CSV
        </button>
      </div>
      <ErrorLine error={error} />
    </div>
  );
}
