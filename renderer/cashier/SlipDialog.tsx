/**
 * A slip for an applied movement (or its reprint from a ledger row, marked REPRINT by main), as main words it: the
 * print preview (on the paper chosen in Settings) and Print.
 * The copy that prints is rendered beside the app (PrintDocument), so the page holds the whole slip and nothing else.
 */
import { useEffect, useState } from 'react';
import type { MovementSlip, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { ErrorLine } from '../shared/ErrorLine';
import { PAPER_LABELS, usePaperSettings } from '../print/paper-settings';
import { Paper, PrintDocument } from '../print/PrintDocument';
import { printDocument } from '../print/print-document';
import { SlipView } from './SlipView';

export function SlipDialog({
  venue,
  movementId,
  reprintFrom,
  onClose,
}: {
  venue: VenueBridge;
  movementId: string;
  /** A reprint from a ledger row: the shift the movement is read from (its archive once closed). */
  reprintFrom?: string;
  onClose: () => void;
}) {
  const { paperSize } = usePaperSettings();
  const [slip, setSlip] = useState<MovementSlip | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const asked =
      reprintFrom === undefined ? venue.movementSlip(movementId) : venue.reprintSlip(reprintFrom, movementId);
    call(asked).then(setSlip, (failure: unknown) => setError(failureText(failure)));
  }, [venue, movementId, reprintFrom]);
  return (
    <Dialog
      title={reprintFrom === undefined ? 'Movement slip' : 'Reprint slip'}
      onClose={onClose}
      className="slip-dialog"
    >
      {slip !== null && (
        <>
          <p className="muted paper-note">Print preview: {PAPER_LABELS[paperSize]} (change it in Settings).</p>
          {/* It scrolls: focusable and named, so a keyboard can scroll the paper too. */}
          <div className="print-preview" role="region" aria-label="Paper" tabIndex={0}>
            <Paper size={paperSize} label="Print preview">
              <SlipView slip={slip} />
            </Paper>
          </div>
          <PrintDocument size={paperSize}>
            <SlipView slip={slip} />
          </PrintDocument>
        </>
      )}
      <ErrorLine error={error} />
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={slip === null}
          onClick={() => void printDocument(venue, 'slip').catch((failure: unknown) => setError(failureText(failure)))}
        >
          Print slip
        </button>
      </div>
    </Dialog>
  );
}
