/**
 * The dispute tool's first table: the player's hands of the night in progress, from the live plane (they reach the
 * published history only after the night closes). One row per hand, newest first, each expandable to the player's
 * actions. In the cashier's context amounts are table chips (what the cashier pays out); elsewhere they follow the
 * venue's money mode, and with money hidden no amount is shown at all.
 */
import { Fragment, useState } from 'react';
import type { MoneyMode, TonightHandView, VenueBridge } from '../../preload/contract';
import { formatChips, formatMoney } from '../shared/money';
import { useBridgeValue } from '../shared/use-bridge-value';
import { useNow } from '../shared/use-now';
import { cardText, streetName } from './format';

interface TonightHandsProps {
  readonly venue: VenueBridge;
  readonly playerId: string;
  readonly mode: MoneyMode | null;
  readonly bigBlind: number | null;
  /** Opened from the cashier (a seat's dialog or a tray movement): amounts in chips. */
  readonly cashier: boolean;
}

/** How often the table asks for new hands while open (hands end every few seconds at a live table). */
const REFRESH_MS = 3000;

const MONEY_COLUMNS = ['Start stack', 'Contributed', 'Won', 'Net', 'End stack'] as const;

function clock(at: number | null): string {
  if (at === null) return '—';
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function actionsText(hand: TonightHandView, amount: (value: number | null) => string | null): string {
  if (hand.actions.length === 0) return 'No action of this player was seen (the start of the hand was missed).';
  const byStreet: { street: string | null; parts: string[] }[] = [];
  for (const action of hand.actions) {
    let group = byStreet[byStreet.length - 1];
    if (group === undefined || group.street !== action.street) {
      group = { street: action.street, parts: [] };
      byStreet.push(group);
    }
    const shown = action.amount === null ? null : amount(action.amount);
    group.parts.push(shown === null ? action.action : `${action.action} ${shown}`);
  }
  return byStreet.map((group) => `${streetName(group.street)}: ${group.parts.join(', ')}`).join(' · ');
}

function outcomeText(hand: TonightHandView, amount: (value: number | null) => string | null): string {
  const pot = amount(hand.pot);
  const winners = hand.winners.length === 0 ? 'no winner named' : `won by ${hand.winners.join(', ')}`;
  return pot === null ? winners : `pot ${pot}, ${winners}`;
}

function TonightRow({
  hand,
  amount,
  showMoney,
  columns,
}: {
  readonly hand: TonightHandView;
  readonly amount: (value: number | null) => string | null;
  readonly showMoney: boolean;
  readonly columns: number;
}) {
  const [open, setOpen] = useState(false);
  const money = [hand.stackStart, hand.contributed, hand.won, hand.net, hand.stackEnd];
  return (
    <Fragment>
      <tr className={hand.net !== null && hand.net > 0 ? 'winner' : undefined}>
        <td>
          <button
            type="button"
            className="link"
            aria-expanded={open}
            aria-label={`Hand #${hand.handNumber} actions`}
            onClick={() => setOpen(!open)}
          >
            #{hand.handNumber}
          </button>
        </td>
        <td>{clock(hand.endedAt ?? hand.startedAt)}</td>
        <td className="num">{hand.seatId}</td>
        {showMoney &&
          MONEY_COLUMNS.map((label, index) => (
            <td key={label} className="num">
              {amount(money[index] ?? null) ?? '—'}
            </td>
          ))}
        <td>{hand.board.length === 0 ? '—' : hand.board.map(cardText).join(' ')}</td>
      </tr>
      {open && (
        <tr className="tonight-actions">
          <td colSpan={columns}>
            {actionsText(hand, amount)}
            <span className="tonight-outcome">{outcomeText(hand, amount)}</span>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

export function TonightHands({ venue, playerId, mode, bigBlind, cashier }: TonightHandsProps) {
  const tick = useNow(REFRESH_MS);
  const tonight = useBridgeValue(`${playerId}|${tick}`, () => venue.tonightHands(playerId));
  const hands = tonight.value?.hands ?? null;
  const error = tonight.error;
  // The cashier deals in table chips in bb and dollars modes; with money hidden no screen shows an amount.
  const showMoney = mode !== 'hidden';
  const amount = (value: number | null) =>
    value === null || !showMoney ? null : cashier ? formatChips(value) : formatMoney(value, mode, bigBlind);
  const columns = showMoney ? 9 : 4;
  return (
    <section className="tonight" aria-label="Tonight's hands">
      <h3>Tonight (live){cashier && showMoney ? ' · amounts in chips' : ''}</h3>
      {error !== null && <p className="history-empty">{error}</p>}
      {!showMoney && <p className="muted">Amounts are hidden by the venue.</p>}
      {hands !== null && hands.length === 0 && <p className="muted">No finished hand of this player tonight yet.</p>}
      {hands !== null && hands.length > 0 && (
        <table className="history-table tonight-table" aria-label="Tonight's hands of this player">
          <thead>
            <tr>
              <th>Hand</th>
              <th>Time</th>
              <th className="num">Seat</th>
              {showMoney &&
                MONEY_COLUMNS.map((label) => (
                  <th key={label} className="num">
                    {label}
                  </th>
                ))}
              <th>Board</th>
            </tr>
          </thead>
          <tbody>
            {hands.map((hand) => (
              <TonightRow key={hand.handNumber} hand={hand} amount={amount} showMoney={showMoney} columns={columns} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
