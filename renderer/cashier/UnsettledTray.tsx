/**
 * Every movement the moment it is asked for: who (player and seat), when (asked, settled) and its live state.
 * Queued ones can be sent now or cancelled; an in-doubt one is marked so it cannot be missed, and a movement
 * sent again names the one it replaces (and the other way round).
 */
import { memo, useState } from 'react';
import type { MoneyMode, MovementView, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { ageText } from '../../preload/contract/age-text';
import { movementTimes, movementTitle, shortReference, statusLabels } from './movement-text';
import { movementDetails, movementSentence, movementTone, type MovementTone } from './movement-sentence';
import { queuedLabel, queuedWithoutView, sendNowAnswer } from './queued-words';
import { cashUnit, cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import { useNow } from '../shared/use-now';
import { SlipDialog } from './SlipDialog';
import { LastHandsButton } from '../history/LastHandsButton';
import type { PlayerLookup } from '../history/routes';
import { ErrorLine } from '../shared/ErrorLine';
import { useApproval } from '../shared/use-approval';

/** The badge of an exception names it, in its own colour: never an applied card's green "applied". */
const EXCEPTION_BADGE: Partial<Record<MovementTone, string>> = {
  double: 'APPLIED TWICE',
  misdirected: 'APPLIED TO ANOTHER SEAT',
  counted: 'counted by the cashier',
};

interface TrayProps {
  readonly venue: VenueBridge;
  readonly tray: readonly MovementView[];
  /** Re-opens the in-doubt dialog of a movement the cashier had dismissed. */
  readonly onResolve: (id: string) => void;
  /** Opens the movement's player's last hands in the history (the dispute tool). */
  readonly onLastHands?: (player: PlayerLookup) => void;
  /** The venue's money mode: `hidden` shows no amount. */
  readonly mode: MoneyMode | null;
  /** The table view is live: a queued movement waits for the hand; without it, for the view. */
  readonly live?: boolean;
}

/** "Sent again as …" / "Sent again for …": the link between an in-doubt movement and its replacement. */
function Link({ movement, tray }: { movement: MovementView; tray: readonly MovementView[] }) {
  const describe = (id: string) => {
    const other = tray.find((candidate) => candidate.id === id);
    return other === undefined
      ? `ref ${shortReference(id)}`
      : `ref ${shortReference(id)}, ${statusLabels[other.status]}`;
  };
  if (movement.replacedBy !== null) {
    return (
      <div className="movement-link" data-testid="movement-link">
        Sent again as a new movement ({describe(movement.replacedBy)}). This one is still being checked.
      </div>
    );
  }
  if (movement.replaces !== null) {
    return (
      <div className="movement-link" data-testid="movement-link">
        Sent again for the in-doubt movement {describe(movement.replaces)}.
      </div>
    );
  }
  return null;
}

/** "With the host for 1 min 20 s: nothing is sent again while the venue may still apply it." (ticks every second) */
function WithHostAge({ since }: { since: number }) {
  const now = useNow();
  return (
    <div className="movement-age" data-testid="with-host-age">
      With the host for {ageText(now - since)}: no new key is offered while the venue may still apply it.
    </div>
  );
}

/**
 * What a card says under its title: the cashier's count, the plain sentence (unless an alarm says more), and the
 * alarm of an exception (applied twice, applied to another seat), each in its own colour.
 */
function MovementNotes({
  movement,
  sentence,
  doubtful,
  misdirected,
}: {
  movement: MovementView;
  sentence: string | null;
  doubtful: boolean;
  misdirected: boolean;
}) {
  return (
    <>
      {movement.counted != null && (
        <p
          className={movement.counted.state === 'contradicted' ? 'contradiction-alarm' : 'counted-alarm'}
          role={movement.counted.state === 'contradicted' ? 'alert' : undefined}
          data-testid="counted-note"
        >
          {movement.counted.state === 'contradicted' ? 'COUNTED, THE VENUE SAYS NOT APPLIED. ' : ''}
          {movement.counted.note}
        </p>
      )}
      {sentence !== null && (!doubtful || movement.replacedBy === null) && !movement.bothApplied && !misdirected && (
        <p className={doubtful ? 'doubt-warning' : 'movement-sentence'} data-testid="movement-sentence">
          {sentence}
        </p>
      )}
      {movement.bothApplied && (
        <p className="double-alarm" role="alert" data-testid="double-alarm">
          APPLIED TWICE. {movement.adjustment ?? 'This movement and its replacement both applied.'}
        </p>
      )}
      {misdirected && (
        <p className="misdirected-alarm" role="alert" data-testid="misdirected-alarm">
          APPLIED TO ANOTHER SEAT. {movement.adjustment ?? 'The venue applied it to another seat than asked.'}
        </p>
      )}
    </>
  );
}

/** The technical side behind "Details" (code, message, status, reference); no amount when the venue hides money. */
function MovementDetails({ movement, hideAmounts }: { movement: MovementView; hideAmounts: boolean }) {
  return (
    <details className="movement-details">
      <summary>Details</summary>
      <dl>
        {movementDetails(movement, hideAmounts).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function TrayItem({
  movement,
  tray,
  venue,
  onResolve,
  onSlip,
  onLastHands,
  hideAmounts,
  unit,
  live,
}: {
  live: boolean;
  movement: MovementView;
  tray: readonly MovementView[];
  venue: VenueBridge;
  onResolve: (id: string) => void;
  onSlip: (id: string) => void;
  onLastHands: ((player: PlayerLookup) => void) | undefined;
  hideAmounts: boolean;
  unit: CashUnit;
}) {
  const [error, setError] = useState<string | null>(null);
  // Send now was pressed: the tray says what came of it while the movement is still queued.
  const [sentNow, setSentNow] = useState(false);
  const second = useApproval();
  const title = movementTitle(movement, unit, hideAmounts);
  const queued = movement.status === 'queued';
  const sentence = (queued ? queuedWithoutView(live) : null) ?? movementSentence(movement, { unit, hideAmounts });
  const answer = sentNow ? sendNowAnswer(movement) : null;
  const tone = movementTone(movement);
  const run = (command: Promise<unknown>) =>
    command.then(
      () => setError(null),
      (failure: unknown) => setError(failureText(failure)),
    );
  // A movement the cashier counted as applied is decided: its note says so, and only its key's answer changes it.
  const misdirected = movement.misdirected && !movement.bothApplied;
  const doubtful = (movement.status === 'in-doubt' || movement.status === 'left-in-doubt') && movement.counted == null;
  return (
    <li
      className={`movement movement-${movement.status} tone-${tone} ${movement.bothApplied ? 'movement-double' : ''}`}
      data-tone={tone}
      aria-label={title}
      data-movement-id={movement.id}
    >
      <div className="movement-head">
        <span className="movement-title">{title}</span>
        <span
          className={`state-badge ${tone in EXCEPTION_BADGE ? `badge-${tone}` : `state-${movement.status}`}`}
          data-testid="movement-state"
        >
          {EXCEPTION_BADGE[tone] ?? (queued ? queuedLabel(live) : statusLabels[movement.status])}
        </span>
      </div>
      <MovementNotes movement={movement} sentence={sentence} doubtful={doubtful} misdirected={misdirected} />
      {movement.status === 'with-host' && movement.withHostSince !== null && (
        <WithHostAge since={movement.withHostSince} />
      )}
      {answer !== null && (
        <p className="movement-sentence" role="status" data-testid="send-now-answer">
          {answer}
        </p>
      )}
      <Link movement={movement} tray={tray} />
      <div className="movement-when">{movementTimes(movement)}</div>
      <MovementDetails movement={movement} hideAmounts={hideAmounts} />
      {second.fields}
      <div className="movement-actions">
        {movement.status === 'queued' && (
          <>
            <button
              type="button"
              onClick={() => void run(call(venue.sendNow(movement.id)).then(() => setSentNow(true)))}
              aria-label={`Send now: ${title}`}
            >
              Send now
            </button>
            <button
              type="button"
              onClick={() =>
                void call(venue.cancelMovement(movement.id, second.approval)).then(
                  () => setError(null),
                  (failure: unknown) => setError(second.asks(failure) ? null : failureText(failure)),
                )
              }
              aria-label={`Cancel: ${title}`}
            >
              Cancel
            </button>
          </>
        )}
        {doubtful && movement.replacedBy === null && (
          <button
            type="button"
            className="danger"
            onClick={() => onResolve(movement.id)}
            aria-label={`Resolve: ${title}`}
          >
            Resolve
          </button>
        )}
        {movement.status === 'applied' && !movement.bothApplied && (
          <button type="button" onClick={() => onSlip(movement.id)} aria-label={`Print slip: ${title}`}>
            Slip
          </button>
        )}
        <LastHandsButton
          player={{ playerId: movement.playerId, name: movement.playerName }}
          onLastHands={onLastHands}
        />
      </div>
      <ErrorLine error={error} />
    </li>
  );
}

/** Memoized on the tray: a table-only change does not re-render it. */
export const UnsettledTray = memo(function UnsettledTray(props: TrayProps) {
  const { venue, tray, onResolve, onLastHands, mode, live = true } = props;
  const [slipId, setSlipId] = useState<string | null>(null);
  const hideAmounts = mode === 'hidden';
  const unit = cashUnit(mode);
  return (
    <section className="tray" aria-label="Unsettled tray">
      <h2>{hideAmounts ? 'Movements (amounts hidden by the venue)' : `Movements (${cashUnitLabel(unit)})`}</h2>
      {tray.length === 0 ? (
        <p className="muted">
          No movements yet. Click a seat (or press its number) to buy in or cash out; W buys in a walk-in.
        </p>
      ) : (
        <ol className="movement-list">
          {tray.map((movement) => (
            <TrayItem
              key={movement.id}
              movement={movement}
              tray={tray}
              venue={venue}
              onResolve={onResolve}
              onSlip={setSlipId}
              onLastHands={onLastHands}
              hideAmounts={hideAmounts}
              unit={unit}
              live={live}
            />
          ))}
        </ol>
      )}
      {slipId !== null && <SlipDialog venue={venue} movementId={slipId} onClose={() => setSlipId(null)} />}
    </section>
  );
});
