/**
 * A walk-in: a buy-in for a player who is not seated. The cashier types the name (the venue's roster, as history
 * keeps it offline, is suggested as they type; a new name is allowed), the amount, and buys in. The request has no
 * seat: the venue seats the player by name, and the table shows them once it does. A name already seated is pointed
 * to its seat instead (main refuses it too): the venue would add the chips to that seat. A full table (on a live view)
 * and a missing shift are said before anything is typed, and the press is answered by what the venue did with it.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CashierView, MoneyMode, SeatView, Settings, VenueBridge } from '../../preload/contract';
import { cashText, cashUnit, cashUnitLabel } from '../../preload/contract/cash-text';
import { sameVenueName } from '../../preload/contract/player-name';
import { call } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { ErrorLine } from '../shared/ErrorLine';
import { readAmount } from './amount-input';
import { CashierFeedback, type Feedback } from './CashierFeedback';
import { commandRefusal } from './command-refusal';
import { followedFeedback } from './followed-movement';
import { ShiftBlockedNotice, shiftBlocker } from './money-gate';
import { walkInRoom } from './walk-in-room';
import { newIntentId } from './intent-id';
import { ConfirmLargeAmount } from './ConfirmLargeAmount';
import { useRefocusAfter } from './use-refocus';
import { rosterIndex, rosterMatch, searchRoster, type RosterIndex } from './roster-search';

interface WalkInProps {
  readonly venue: VenueBridge;
  readonly cashier: Pick<CashierView, 'ready' | 'notReadyReason' | 'tray' | 'shifts'>;
  readonly settings: Pick<Settings, 'largeAmountThreshold'>;
  readonly seats: readonly SeatView[];
  /** The table's chairs (null when the venue did not say: the seats listed are all of them). */
  readonly numSeats: number | null;
  /** The table view is live: a full table on it blocks a walk-in; on an older view it is only said. */
  readonly live: boolean;
  /** Goes to where a shift is opened. */
  readonly onOpenShift?: () => void;
  readonly mode: MoneyMode | null;
  readonly wholeChips: boolean;
  readonly onClose: () => void;
  /** Opens the cashier of the seat a typed name already sits at. */
  readonly onSeat: (seatId: number) => void;
}

const EMPTY: RosterIndex = { entries: [] };

/** The roster once per opening (from history's offline store; empty while it was never published or fetched). */
function useRoster(venue: VenueBridge): { index: RosterIndex; note: string | null } {
  const [state, setState] = useState<{ index: RosterIndex; note: string | null }>({ index: EMPTY, note: null });
  useEffect(() => {
    let live = true;
    void venue.listPlayers({}).then(
      (outcome) => {
        if (!live) return;
        if (!outcome.ok || outcome.value.data === null) {
          setState({ index: EMPTY, note: 'No roster to suggest from yet: type the full name.' });
          return;
        }
        setState({ index: rosterIndex(outcome.value.data), note: null });
      },
      () => live && setState({ index: EMPTY, note: 'No roster to suggest from yet: type the full name.' }),
    );
    return () => {
      live = false;
    };
  }, [venue]);
  return state;
}

export function WalkInDialog(props: WalkInProps) {
  const { venue, cashier, settings, seats, mode, wholeChips, onClose, onSeat } = props;
  const id = useId();
  const { index, note } = useRoster(venue);
  const [name, setName] = useState('');
  const [amountText, setAmountText] = useState('');
  const [active, setActive] = useState(-1);
  const [listOpen, setListOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // The movement the last press made, followed in the tray until the venue answers it.
  const [sent, setSent] = useState<{ id: string; what: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useRefocusAfter(busy);
  const [confirming, setConfirming] = useState<{ name: string; amount: number } | null>(null);
  const intent = useRef<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const unit = cashUnit(mode);
  const suggestions = useMemo(() => searchRoster(index, name), [index, name]);
  const seated = seats.find((seat) => seat.name !== null && sameVenueName(seat.name, name)) ?? null;
  const known = rosterMatch(index, name);
  const reading = amountText.trim() === '' ? null : readAmount(amountText, { wholeChips });
  const showList = listOpen && suggestions.length > 0 && known?.name !== name;
  const room = walkInRoom(seats, props.numSeats, props.live);
  const blocked = shiftBlocker(cashier.shifts) !== null || room.blocked !== null;
  const wording = { unit, hideAmounts: mode === 'hidden' };
  const followed = sent === null ? undefined : cashier.tray.find((movement) => movement.id === sent.id);
  const shown = (sent === null ? null : followedFeedback(followed, sent.what, wording)) ?? feedback;

  function pick(picked: string) {
    setName(picked);
    setListOpen(false);
    setActive(-1);
    amountRef.current?.focus();
  }

  function onNameKey(event: KeyboardEvent<HTMLInputElement>) {
    if (!showList) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen !== undefined) pick(chosen.name);
    } else if (event.key === 'Escape') {
      // The list closes first; a second Escape closes the dialog.
      event.preventDefault();
      event.stopPropagation();
      setListOpen(false);
    }
  }

  async function send(player: string, amount: number, confirmed: boolean) {
    setConfirming(null);
    setBusy(true);
    setSent(null);
    const what = `Buy in ${cashText(amount, unit)} for ${player} (walk-in)`;
    try {
      const accepted = await call(
        venue.requestMovement({
          kind: 'buy_in',
          seatId: null,
          playerName: player,
          playerId: known?.playerId ?? null,
          amount,
          confirmed,
          intentId: intent.current ?? newIntentId(),
        }),
      );
      setFeedback({ kind: 'waiting', text: `${what}: sent to the venue, which seats the player if a chair is free.` });
      setSent({ id: accepted.id, what });
      setName('');
      setAmountText('');
    } catch (failure) {
      setFeedback({ kind: 'refused', ...commandRefusal(failure) });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const player = name.normalize('NFKC').replace(/\s+/gu, ' ').trim();
    if (player === '') return setError('Enter the player’s name.');
    if (player.length > 64) return setError('The name is longer than the venue accepts (64 characters).');
    if (seated !== null) return setError(`${seated.name ?? player} is already seated at seat ${seated.seatId}.`);
    const amount = readAmount(amountText, { wholeChips });
    if (!amount.ok) return setError(amount.error);
    setError(null);
    intent.current = newIntentId();
    if (amount.amount > settings.largeAmountThreshold) setConfirming({ name: player, amount: amount.amount });
    else void send(player, amount.amount, false);
  }

  const listId = `${id}-players`;
  return (
    <Dialog title="Walk-in buy-in" onClose={onClose} className="cashier-dialog walk-in-dialog">
      {!cashier.ready && (
        <p className="not-ready" role="alert">
          Cashier actions are disabled: {cashier.notReadyReason ?? 'starting up'}
        </p>
      )}
      <ShiftBlockedNotice shifts={cashier.shifts} onOpenShift={props.onOpenShift} />
      {(room.blocked ?? room.note) !== null && (
        <p className={room.blocked === null ? 'muted' : 'not-ready'} role="status" data-testid="walk-in-room">
          {room.blocked ?? room.note}
        </p>
      )}
      <form className="walk-in-form" onSubmit={submit} noValidate>
        <fieldset disabled={!cashier.ready || busy || blocked} className="cashier-actions">
          <legend>A player who is not seated: the venue seats them</legend>
          <label htmlFor={`${id}-name`}>Player name</label>
          <input
            id={`${id}-name`}
            data-autofocus=""
            role="combobox"
            autoComplete="off"
            maxLength={64}
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setListOpen(true);
              setActive(-1);
              setError(null);
            }}
            onKeyDown={onNameKey}
          />
          {showList && (
            <ul id={listId} role="listbox" className="walk-in-suggestions" aria-label="Players in the roster">
              {suggestions.map((entry, position) => (
                <li
                  key={entry.key}
                  id={`${listId}-${position}`}
                  role="option"
                  aria-selected={position === active}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(entry.name);
                  }}
                >
                  {entry.name} <span className="muted">{entry.handsPlayed.toLocaleString('en-US')} hands</span>
                </li>
              ))}
            </ul>
          )}
          <p className="walk-in-who" data-testid="walk-in-who">
            {seated !== null ? (
              <>
                {seated.name} is already seated at seat {seated.seatId}: buy in from the seat.{' '}
                <button type="button" onClick={() => onSeat(seated.seatId)}>
                  Open seat {seated.seatId}
                </button>
              </>
            ) : name.trim() === '' ? (
              (note ?? 'Type a name: players from the venue’s roster are suggested.')
            ) : known !== null ? (
              `${known.name}: a regular of the venue.`
            ) : showList ? (
              'Pick a player from the list (arrow keys, Enter), or keep typing a new name.'
            ) : (
              'A new name for the venue: it creates the player when it seats them.'
            )}
          </p>
          <label htmlFor={`${id}-amount`}>Buy-in amount ({cashUnitLabel(unit)})</label>
          <input
            id={`${id}-amount`}
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setError(null);
            }}
          />
          <span className="amount-understood" data-testid="amount-understood">
            {reading?.ok === true ? cashText(reading.amount, unit) : ''}
          </span>
          <button type="submit" className="primary">
            Buy in
          </button>
        </fieldset>
        <ErrorLine error={error} />
      </form>
      <CashierFeedback feedback={shown} />
      {confirming !== null && (
        <ConfirmLargeAmount
          text={`Buy in ${cashText(confirming.amount, unit)} for ${confirming.name} (walk-in)?`}
          threshold={settings.largeAmountThreshold}
          unit={unit}
          onConfirm={() => void send(confirming.name, confirming.amount, true)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
}
