/**
 * One hand, action by action: step back and forward, play and pause, jump to a street. The board and pot are as
 * they were at that step; amounts are chip increments with their big blinds; hole cards appear only for players
 * who showed them (a mucked hand shows none); the last step lists winners and results.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { HandDetailView, MoneyMode, ReplayStepView, VenueBridge } from '../../preload/contract';
import { DataTable, numeric } from '../shared/DataTable';
import { DataAgeLine, EmptyState } from './DataAgeLine';
import { cardText, dateTime, formatChipAmount, formatFigure, streetName } from './format';
import { PlayerLink } from './PlayerLink';
import type { HistoryRoute } from './routes';
import { useHistoryQuery } from './use-history-query';

const PLAY_STEP_MS = 900;

interface HandReplayProps {
  readonly venue: VenueBridge;
  readonly handId: string;
  /** From the list the hand was opened from, so the title is right before (or without) the detail. */
  readonly handNumber: number | null;
  readonly offline: boolean;
  readonly mode: MoneyMode | null;
  readonly go: (route: HistoryRoute) => void;
}

function Cards({ cards, label }: { readonly cards: readonly string[]; readonly label: string }) {
  return (
    <span className="cards" aria-label={label}>
      {cards.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        cards.map((card) => (
          <span key={card} className={`card card-${card.slice(-1).toLowerCase()}`}>
            {cardText(card)}
          </span>
        ))
      )}
    </span>
  );
}

function actionText(step: ReplayStepView, mode: MoneyMode | null): string {
  if (step.action === null) return step.index === 0 ? 'Before the first action' : 'Results';
  const amount = step.amountChips === 0 ? null : formatChipAmount(step.amountChips, step.amountBb, mode);
  return `${step.actor ?? ''} ${step.action}${amount === null ? '' : ` ${amount}`}`.trim();
}

/** What the replay and its results table draw from: the loaded hand, how money shows, where a player link goes. */
interface DetailProps {
  readonly detail: HandDetailView;
  readonly mode: MoneyMode | null;
  readonly go: (route: HistoryRoute) => void;
}

function Results({ detail, mode, go }: DetailProps) {
  return (
    <DataTable
      className="history-table"
      label="Results"
      rows={detail.results}
      rowKey={(result, index) => result.playerId ?? `${result.name}#${index}`}
      rowAttributes={(result) => ({ className: result.result === 'won' ? 'winner' : undefined })}
      columns={[
        {
          header: 'Player',
          cell: (result) => <PlayerLink playerId={result.playerId} name={result.name} go={go} />,
        },
        {
          header: 'Result',
          cell: (result) => `${result.result ?? '—'}${result.wonAtShowdown ? ' at showdown' : ''}`,
        },
        { header: 'Hand', cell: (result) => result.handRank ?? '—' },
        {
          header: 'Cards',
          cell: (result) =>
            result.holeCards === null ? (
              <span className="muted">not shown</span>
            ) : (
              <Cards cards={result.holeCards} label={`${result.name}'s cards`} />
            ),
        },
        mode !== 'hidden' &&
          numeric<HandDetailView['results'][number]>({
            header: 'Net',
            cell: (result) => (result.net === null ? '—' : formatFigure(result.net)),
          }),
      ]}
    />
  );
}

/** Who is in the hand at this step: position, cards shown, chips in the pot. */
function StepPlayers({ step, mode }: { readonly step: ReplayStepView; readonly mode: MoneyMode | null }) {
  return (
    <DataTable
      className="history-table"
      label="Players in the hand"
      rows={step.players}
      rowKey={(player) => player.key}
      rowAttributes={(player) => ({ className: player.folded ? 'folded' : undefined })}
      columns={[
        { header: 'Player', cell: (player) => `${player.name}${player.folded ? ' (folded)' : ''}` },
        { header: 'Position', cell: (player) => player.position ?? '—' },
        {
          header: 'Cards',
          cell: (player) =>
            player.holeCards === null ? (
              <span className="muted">—</span>
            ) : (
              <Cards cards={player.holeCards} label={`${player.name}'s cards`} />
            ),
        },
        mode !== 'hidden' &&
          numeric<ReplayStepView['players'][number]>({
            header: 'In the pot',
            cell: (player) => formatChipAmount(player.contributedChips, player.contributedBb, mode) ?? '—',
          }),
      ]}
    />
  );
}

function Replay({ detail, mode, go }: DetailProps) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = detail.steps.length - 1;
  const step = detail.steps[Math.min(index, last)];
  // Playing stops by itself on the results step.
  const running = playing && index < last;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((at) => Math.min(last, at + 1)), PLAY_STEP_MS);
    return () => window.clearInterval(timer);
  }, [running, last]);
  if (step === undefined) return <p className="muted">This hand has no actions.</p>;
  const pot = formatChipAmount(step.potChips, step.potBb, mode);
  const move = (to: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(last, to)));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(index + 1);
    else if (event.key === 'ArrowLeft') move(index - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div className="replay" role="region" aria-label="Replay" tabIndex={0} onKeyDown={onKey}>
      <div className="replay-controls" role="toolbar" aria-label="Replay controls">
        <button type="button" onClick={() => move(0)} disabled={index === 0} aria-label="First step">
          |◀
        </button>
        <button type="button" onClick={() => move(index - 1)} disabled={index === 0} aria-label="Previous step">
          ◀
        </button>
        <button
          type="button"
          onClick={() => setPlaying(!running)}
          disabled={index >= last}
          aria-label={running ? 'Pause' : 'Play'}
        >
          {running ? 'Pause' : 'Play'}
        </button>
        <button type="button" onClick={() => move(index + 1)} disabled={index >= last} aria-label="Next step">
          ▶
        </button>
        <button type="button" onClick={() => move(last)} disabled={index >= last} aria-label="Results step">
          ▶|
        </button>
        <span className="replay-streets" role="group" aria-label="Jump to street">
          {detail.streets.map((entry) => (
            <button
              key={entry.street}
              type="button"
              aria-pressed={step.street === entry.street && index < last}
              onClick={() => move(entry.step)}
            >
              {streetName(entry.street)}
            </button>
          ))}
        </span>
        <span className="muted" data-testid="replay-step">
          Step {index + 1} of {last + 1}
        </span>
      </div>
      <div className="replay-table">
        <p className="replay-action" aria-live="polite" data-testid="replay-action">
          <strong>{streetName(step.street)}</strong> · {actionText(step, mode)}
        </p>
        <div className="replay-felt">
          <Cards cards={step.board} label="Board" />
          {pot !== null && (
            <p className="replay-pot" data-testid="replay-pot">
              Pot {pot}
            </p>
          )}
        </div>
        <StepPlayers step={step} mode={mode} />
      </div>
      {index === last && <Results detail={detail} mode={mode} go={go} />}
    </div>
  );
}

export function HandReplay({ venue, handId, handNumber, offline, mode, go }: HandReplayProps) {
  // Hand details are immutable: cached forever in main, loaded once here.
  const query = useHistoryQuery(handId, () => venue.getHand(handId));
  const detail = query.result?.data ?? null;
  const title = `Hand #${detail?.summary.handNumber ?? handNumber ?? '?'}`;
  return (
    <section className="history-panel" aria-label={title}>
      <h2 className="history-title">{title}</h2>
      {detail !== null && (
        <p className="muted">
          {dateTime(detail.summary.at)}
          {detail.summary.bigBlind === null ? '' : ` · big blind ${detail.summary.bigBlind}`}
          {detail.summary.sessionUid === null ? '' : ' · '}
          {detail.summary.sessionUid !== null && (
            <button
              type="button"
              className="link"
              onClick={() => go({ view: 'session', sessionUid: detail.summary.sessionUid ?? '' })}
            >
              this night
            </button>
          )}
        </p>
      )}
      <DataAgeLine result={query.result} offline={offline} error={query.error} />
      <EmptyState result={query.result} />
      {detail !== null && <Replay detail={detail} mode={mode} go={go} />}
    </section>
  );
}
