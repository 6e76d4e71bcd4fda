/** A printable slip for an applied movement, as main words it. */
import { useEffect, useState } from 'react';
import type { MovementSlip, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { Dialog } from '../shared/Dialog';

export function SlipDialog({
  venue,
  movementId,
  onClose,
}: {
  venue: VenueBridge;
  movementId: string;
  onClose: () => void;
}) {
  const [slip, setSlip] = useState<MovementSlip | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(venue.movementSlip(movementId)).then(setSlip, (failure: unknown) => setError(failureText(failure)));
  }, [venue, movementId]);
  return (
    <Dialog title="Movement slip" onClose={onClose} className="slip-dialog">
      {error !== null && <p role="alert">{error}</p>}
      {slip !== null && (
        <article className="slip" aria-label="Slip">
          <h3>{slip.title}</h3>
          {slip.lines.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </article>
      )}
      <div className="dialog-actions">
        <button type="button" className="primary" disabled={slip === null} onClick={() => window.print()}>
          Print slip
        </button>
      </div>
    </Dialog>
  );
}
