/**
 * A walk-in: a buy-in for a player who is not seated. The cashier types the name (the venue's roster, as history
 * keeps it offline, is suggested as they type; a new name is allowed), the amount, and buys in. The request has no
 * seat: the venue seats the player by name, and the table shows them once it does. A name already seated is pointed
 * to its seat instead (main refuses it too): the venue would add the chips to that seat. A full table (on a live view)
 * and a missing shift are said before anything is typed, and the press is answered by what the venue did with it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { CashierView, MoneyMode, SeatView, Settings, VenueBridge } from '../../preload/contract';
import { cashUnit } from '../../preload/contract/cash-text';
import { MAX_NAME_LENGTH } from '../../preload/contract/money-rules';
import { sameVenueName } from '../../preload/contract/player-name';
import { Dialog } from '../shared/Dialog';
import { ErrorLine } from '../shared/ErrorLine';
import { readAmount } from './amount-input';
import { CashierFeedback } from './CashierFeedback';
import { followedFeedback } from './followed-movement';
import { ShiftBlockedNotice, shiftBlocker } from './money-gate';
import { walkInRoom } from './walk-in-room';
import { rosterMatch } from './roster-search';
import { useRoster } from './use-roster';
import { useWalkInSend } from './use-walk-in-send';
import { WalkInAmount } from './WalkInAmount';
import { WalkInConfirm } from './WalkInConfirm';
import { WalkInSearch } from './WalkInSearch';

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

export function WalkInDialog(props: WalkInProps) {
  const { venue, cashier, settings, seats, mode, wholeChips, onClose, onSeat } = props;
  const id = useId();
  const roster = useRoster(venue);
  const [name, setName] = useState('');
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const unit = cashUnit(mode);
  const { feedback, sent, busy, confirming, setConfirming, send, press } = useWalkInSend(venue, unit, () => {
    setName('');
    setAmountText('');
  });
  const seated = seats.find((seat) => seat.name !== null && sameVenueName(seat.name, name)) ?? null;
  const known = rosterMatch(roster.index, name);
  const room = walkInRoom(seats, props.numSeats, props.live);
  const blocked = shiftBlocker(cashier.shifts) !== null || room.blocked !== null;
  const followed = sent === null ? undefined : cashier.tray.find((movement) => movement.id === sent.id);
  const wording = { unit, hideAmounts: mode === 'hidden' };
  const shown = (sent === null ? null : followedFeedback(followed, sent.what, wording)) ?? feedback;
  // A field edited: its value, and the error about the last submit gone.
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  const sendNow = (player: string, amount: number, confirmed: boolean) =>
    send(player, known?.playerId ?? null, amount, confirmed);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const player = name.normalize('NFKC').replace(/\s+/gu, ' ').trim();
    if (player === '') return setError('Enter the player’s name.');
    if (player.length > MAX_NAME_LENGTH)
      return setError(`The name is longer than the venue accepts (${MAX_NAME_LENGTH} characters).`);
    if (seated !== null) return setError(`${seated.name ?? player} is already seated at seat ${seated.seatId}.`);
    const amount = readAmount(amountText, { wholeChips });
    if (!amount.ok) return setError(amount.error);
    setError(null);
    press();
    if (amount.amount > settings.largeAmountThreshold) setConfirming({ name: player, amount: amount.amount });
    else void sendNow(player, amount.amount, false);
  }

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
          <WalkInSearch
            id={id}
            roster={roster}
            name={name}
            onType={edited(setName)}
            onPick={(picked) => {
              setName(picked);
              amountRef.current?.focus();
            }}
            seated={seated}
            known={known}
            onSeat={onSeat}
          />
          <WalkInAmount
            id={id}
            unit={unit}
            wholeChips={wholeChips}
            amountText={amountText}
            onAmountText={edited(setAmountText)}
            inputRef={amountRef}
          />
          <button type="submit" className="primary">
            Buy in
          </button>
        </fieldset>
        <ErrorLine error={error} />
      </form>
      <CashierFeedback feedback={shown} />
      {confirming !== null && (
        <WalkInConfirm
          confirming={confirming}
          threshold={settings.largeAmountThreshold}
          unit={unit}
          onConfirm={() => void sendNow(confirming.name, confirming.amount, true)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
}
