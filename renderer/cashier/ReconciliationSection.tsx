/**
 * A shift's reconciliation on the summary sheet, beside expected and counted: how many of this cashier's movements
 * the venue's own record confirms, what it did not show, what happened at the table not through this cashier (other
 * writers' buy-ins, operator corrections, with totals), and the stretches that could not be checked. Amounts follow
 * the sheet: hidden on screen in `hidden` mode, printed on paper.
 */
import type { MoneyMode, ReconciliationItem, ReconciliationView } from '../../preload/contract';
import { localDateTime } from '../../preload/contract/local-time';
import { printedMoney, shiftMoney } from './shift-money';

function Signed({ amount, mode }: { amount: number | null; mode: MoneyMode | null }) {
  if (amount === null) return <>amount not reported</>;
  const sign = amount < 0 ? '−' : '+';
  const shown = shiftMoney(Math.abs(amount), mode);
  return (
    <>
      {shown === null ? (
        <span className="screen-only muted">hidden</span>
      ) : (
        <span className="screen-only">{`${sign}${shown}`}</span>
      )}
      <span className="print-only">{`${sign}${printedMoney(Math.abs(amount), mode)}`}</span>
    </>
  );
}

const KIND: Record<ReconciliationItem['kind'], string> = {
  buy_in: 'buy-in',
  cash_out: 'cash-out',
  adjustment: 'adjustment',
};

function Items({
  title,
  items,
  mode,
  id,
}: {
  title: string;
  items: readonly ReconciliationItem[];
  mode: MoneyMode | null;
  id: string;
}) {
  if (items.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className="reconcile-items" data-testid={`reconcile-${id}`}>
        {items.map((item, index) => (
          <li key={`${item.at}-${index}`}>
            {localDateTime(item.at)} · {item.source === 'correction' ? 'correction' : KIND[item.kind]} ·{' '}
            {item.playerName ?? 'unknown player'}
            {item.seatId === null ? '' : ` (seat ${item.seatId})`} · <Signed amount={item.amount} mode={mode} />
            <span className="muted"> — {item.note}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ReconciliationSection({
  view,
  mode,
}: {
  view: ReconciliationView | null | undefined;
  mode: MoneyMode | null;
}) {
  if (view === null || view === undefined) return null;
  const elsewhere = view.otherWriters.count + view.corrections.count + view.misdirected.length;
  return (
    <section
      className={`reconciliation reconcile-${view.tone}`}
      aria-label="Venue reconciliation"
      data-testid="reconciliation"
    >
      <h4>Venue reconciliation</h4>
      <p data-testid="reconcile-summary-status">{view.status}</p>
      <table>
        <tbody>
          <tr>
            <th scope="row">Confirmed by the venue</th>
            <td data-testid="reconcile-matched">{view.matched}</td>
          </tr>
          <tr>
            <th scope="row">Applied to another seat (to settle)</th>
            <td data-testid="reconcile-misdirected">{view.misdirected.length}</td>
          </tr>
          <tr>
            <th scope="row">Not seen by the venue</th>
            <td data-testid="reconcile-ours-unmatched">{view.oursUnmatched.length}</td>
          </tr>
          <tr>
            <th scope="row">At the table, not through this cashier</th>
            <td data-testid="reconcile-theirs">
              {view.otherWriters.count} by other writers (<Signed amount={view.otherWriters.net} mode={mode} />
              ), {view.corrections.count} {view.corrections.count === 1 ? 'correction' : 'corrections'} (
              <Signed amount={view.corrections.net} mode={mode} />)
            </td>
          </tr>
          <tr>
            <th scope="row">Could not be checked</th>
            <td data-testid="reconcile-unchecked">
              {view.unchecked.length} {view.unchecked.length === 1 ? 'item' : 'items'}, {view.gaps.length}{' '}
              {view.gaps.length === 1 ? 'stretch' : 'stretches'} of the stream
            </td>
          </tr>
        </tbody>
      </table>
      {elsewhere > 0 && (
        <p className="reconcile-explained" data-testid="reconcile-explained">
          The venue recorded <Signed amount={view.tableNet} mode={mode} /> at the table this shift:{' '}
          <Signed amount={view.oursNet} mode={mode} /> through this cashier (in this drawer) and{' '}
          <Signed amount={view.tableNet - view.oursNet} mode={mode} /> not through this cashier (not in this drawer).
        </p>
      )}
      <Items
        title="Applied by the venue to another seat: settle with the table"
        items={view.misdirected}
        mode={mode}
        id="misdirected-list"
      />
      <Items title="Not seen by the venue" items={view.oursUnmatched} mode={mode} id="ours-list" />
      <Items title="At the table, not through this cashier" items={view.theirs} mode={mode} id="theirs-list" />
      <Items title="Could not be checked" items={view.unchecked} mode={mode} id="unchecked-list" />
      {view.gaps.length > 0 && (
        <>
          <h4>Stretches not checked</h4>
          <ul className="reconcile-items" data-testid="reconcile-gaps">
            {view.gaps.map((gap) => (
              <li key={`${gap.from}-${gap.reason}`}>
                {gap.from === 0 ? 'until' : `${localDateTime(gap.from)} to`} {localDateTime(gap.to)}: {gap.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
