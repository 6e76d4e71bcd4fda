/**
 * The sections of a shift summary, one component each, so a section is added to the document with one line
 * (ShiftSummaryDocument). Amounts follow the drawer's unit; in hidden money mode the screen shows none and the paper
 * carries them (the summary goes to whoever checks the drawer).
 */
import type { ReactNode } from 'react';
import type { MoneyMode, PrintableShiftSummary } from '../../preload/contract';
import { localDateTime } from '../../preload/contract/local-time';
import { denominationCents } from '../../preload/contract/shift-input';
import { DataTable } from '../shared/DataTable';
import { printedMoney, shiftMoney, varianceText } from './shift-money';

const KIND_TEXT = { buy_in: 'Buy-in', cash_out: 'Cash-out' } as const;

export interface SectionProps {
  readonly summary: PrintableShiftSummary;
  readonly mode: MoneyMode | null;
}

export function Money({ amount, mode }: { amount: number | null; mode: MoneyMode | null }) {
  if (amount === null) return <>-</>;
  const shown = shiftMoney(amount, mode);
  if (shown !== null) return <>{shown}</>;
  return (
    <>
      <span className="screen-only muted">hidden</span>
      <span className="print-only">{printedMoney(amount, mode)}</span>
    </>
  );
}

function Variance({ variance, mode }: { variance: number | null; mode: MoneyMode | null }) {
  if (variance === null) return <>-</>;
  return (
    <>
      <span className="screen-only">{varianceText(variance, mode)}</span>
      <span className="print-only">{varianceText(variance, mode, true)}</span>
    </>
  );
}

export function SummaryHeader({ summary }: SectionProps) {
  return (
    <header className="summary-head">
      <h3>{summary.venueName}: shift summary</h3>
      <p className="shift-id">{summary.id}</p>
    </header>
  );
}

function Rows({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode, string]> }) {
  return (
    <table className="summary-figures">
      <tbody>
        {rows.map(([label, value, id]) => (
          <tr key={id}>
            <th scope="row">{label}</th>
            <td data-testid={`summary-${id}`}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SummaryWho({ summary }: SectionProps) {
  const auto = summary.openedBy === 'auto' ? ' (automatically, first start)' : '';
  const opened = `${localDateTime(summary.openedAt)}${auto}`;
  return (
    <Rows
      rows={[
        ['Opened', opened, 'opened'],
        ['Opened by', summary.operator ?? '-', 'operator'],
        ['Closed', summary.closedAt === null ? 'still open' : localDateTime(summary.closedAt), 'closed'],
        ['Closed by', summary.closedBy ?? '-', 'closed-by'],
      ]}
    />
  );
}

export function SummaryFigures({ summary, mode }: SectionProps) {
  return (
    <Rows
      rows={[
        ['Opening float', <Money amount={summary.openingFloat} mode={mode} />, 'float'],
        ['Buy-ins', <Money amount={summary.buyIns} mode={mode} />, 'buy-ins'],
        ['Cash-outs', <Money amount={summary.cashOuts} mode={mode} />, 'cash-outs'],
        ['Expected cash', <Money amount={summary.expected} mode={mode} />, 'expected'],
        ['Counted cash', <Money amount={summary.counted} mode={mode} />, 'counted'],
        ['Variance', <Variance variance={summary.variance} mode={mode} />, 'variance'],
        ['Applied movements', String(summary.applied ?? '-'), 'applied'],
      ]}
    />
  );
}

export function SummaryAlarms({ summary }: SectionProps) {
  return (
    <>
      {(summary.toConfirm ?? 0) > 0 && (
        <p className="to-confirm">
          {summary.toConfirm} applied with no amount reported (amount to confirm): not in the expected cash.
        </p>
      )}
      {(summary.doubles ?? 0) > 0 && (
        <p className="double-alarm">
          {summary.doubles} {summary.doubles === 1 ? 'movement' : 'movements'} to review (applied twice, misdirected, or
          counted by the cashier): see each one.
        </p>
      )}
    </>
  );
}

/** What the close carried to the next shift: each an open exception, its amount in its own cell. */
export function SummaryCarried({ summary, mode }: SectionProps) {
  const carried = summary.carried ?? [];
  if (carried.length === 0) return null;
  return (
    <section className="summary-carried" aria-label="Carried to the next shift" data-testid="summary-carried">
      <h4>Carried to the next shift (open exceptions, not in this count)</h4>
      <DataTable
        rows={carried}
        rowKey={(item) => item.reference}
        columns={[
          { header: 'Player', cell: (item) => item.playerName },
          { header: 'Movement', cell: (item) => KIND_TEXT[item.kind] },
          {
            header: 'Amount',
            cellAttributes: { 'data-testid': 'carried-amount' },
            cell: (item) => (item.amount === null ? 'whole stack' : <Money amount={item.amount} mode={mode} />),
          },
          { header: 'Reference', cell: (item) => item.reference },
          { header: 'State', cell: (item) => item.state },
        ]}
      />
    </section>
  );
}

export function SummaryCount({ summary, mode }: SectionProps) {
  if (summary.denominations === null || summary.denominations.length === 0) return null;
  return (
    <section className="summary-count" aria-label="Count by denomination">
      <h4>Count by denomination</h4>
      <table>
        <tbody>
          {summary.denominations.map((line) => (
            <tr key={line.value}>
              <td>{line.count} ×</td>
              <td>
                <Money amount={line.value} mode={mode} />
              </td>
              <td>
                <Money amount={denominationCents([line]) / 100} mode={mode} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function SummaryNote({ summary }: SectionProps) {
  if (summary.note === null) return null;
  return (
    <p className="summary-note" data-testid="summary-note">
      <strong>Note:</strong> {summary.note}
    </p>
  );
}

export function SummaryMovements({ summary, mode }: SectionProps) {
  if (summary.movements.length === 0) return <p className="muted">No movement in this shift.</p>;
  return (
    <section className="summary-movements" aria-label="Movements">
      <h4>Movements ({summary.movements.length})</h4>
      <DataTable
        rows={summary.movements}
        rowKey={(movement) => movement.reference}
        rowAttributes={() => ({ 'data-testid': 'summary-movement' })}
        columns={[
          {
            header: 'Settled here',
            cell: (movement) => (
              <>
                {movement.settledAt === null ? '-' : localDateTime(movement.settledAt)}
                {movement.venueAppliedAt !== null && (
                  <span className="venue-time"> (venue {localDateTime(movement.venueAppliedAt)})</span>
                )}
              </>
            ),
          },
          {
            header: 'Player',
            cell: (movement) => (
              <>
                {movement.playerName}
                {movement.seatId === null ? '' : ` (seat ${movement.seatId})`}
                {movement.exception != null && (
                  <span className="summary-exception" data-testid="summary-exception">
                    {' '}
                    {movement.exception}
                  </span>
                )}
              </>
            ),
          },
          {
            header: 'Kind',
            cell: (movement) =>
              movement.state === 'applied'
                ? KIND_TEXT[movement.kind]
                : `${KIND_TEXT[movement.kind]}, ${movement.state}`,
          },
          { header: 'Amount', cell: (movement) => <Money amount={movement.amount} mode={mode} /> },
          { header: 'Ref', cell: (movement) => movement.reference },
        ]}
      />
    </section>
  );
}

export function SummarySignatures() {
  return (
    <div className="summary-signatures">
      <div className="signature-line">
        <span className="signature-rule" aria-hidden="true" />
        <span>Cashier's signature</span>
      </div>
      <div className="signature-line">
        <span className="signature-rule" aria-hidden="true" />
        <span>Manager's signature</span>
      </div>
    </div>
  );
}
