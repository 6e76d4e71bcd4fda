/**
 * An in-doubt movement: the host took it but never answered. Shows the stack evidence main gathered and the two
 * choices. main decides what each choice does (it refuses to send again unless fresh evidence shows the first
 * one did not apply); this only asks.
 */
import { useState } from 'react';
import type { InDoubtChoice, MovementView, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { chipsText } from './cashier-money';
import { movementTimes, movementTitle, shortReference } from './movement-text';
import { ErrorLine } from '../shared/ErrorLine';
import { useApproval } from '../shared/use-approval';

interface InDoubtProps {
  readonly venue: VenueBridge;
  readonly movement: MovementView;
  readonly onClose: () => void;
}

const chips = (value: number | null) => (value === null ? 'unknown' : chipsText(value));

export function InDoubtDialog({ venue, movement, onClose }: InDoubtProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const second = useApproval();
  const evidence = movement.evidence;
  async function choose(choice: InDoubtChoice) {
    setBusy(true);
    try {
      await call(venue.resolveInDoubt(movement.id, choice, choice === 'leave' ? undefined : second.approval));
      onClose();
    } catch (failure) {
      setError(second.asks(failure) ? null : failureText(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog title="Movement in doubt" onClose={onClose} className="in-doubt-dialog">
      <p className="doubt-banner" role="alert">
        IN DOUBT: do not hand over or take chips or cash for this movement until it is resolved.
      </p>
      <p>
        <strong>{movementTitle(movement, 'chips')}</strong> reached the venue host, but its answer never came. It may or
        may not have been applied.
      </p>
      <p className="movement-when">
        {movementTimes(movement)} · ref {shortReference(movement.id)}
      </p>
      <dl className="evidence" aria-label="Stack evidence">
        <dt>Stack when sent</dt>
        <dd>{chips(evidence?.stackAtRequest ?? null)}</dd>
        <dt>Stack now</dt>
        <dd>{chips(evidence?.stackNow ?? null)}</dd>
        <dt>Matching transaction seen</dt>
        <dd>{evidence?.matchingEventSeen === true ? 'yes' : 'no'}</dd>
      </dl>
      {evidence !== null && <p className="evidence-summary">{evidence.summary}</p>}
      <p className="muted">
        “Send again” first reads the table afresh: the app sends a new movement only when that reading shows the first
        one did not apply, and keeps checking the first one.
      </p>
      {movement.sendAgainBlockedBy !== null && (
        <p className="send-again-blocked" data-testid="send-again-blocked">
          Send again is not offered: {movement.sendAgainBlockedBy}
        </p>
      )}
      {second.fields}
      <div className="dialog-actions">
        {movement.sendAgainBlockedBy === null && (
          <button type="button" className="primary" disabled={busy} onClick={() => void choose('send-again')}>
            Send again as a new movement
          </button>
        )}
        {movement.evidence?.shownApplied === true && (
          <button type="button" disabled={busy} onClick={() => void choose('accept-shown')}>
            Count it as applied (the table shows it)
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => void choose('leave')} autoFocus>
          Leave in doubt
        </button>
      </div>
      <ErrorLine error={error} />
    </Dialog>
  );
}
