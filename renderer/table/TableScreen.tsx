/** The live table: seats around an oval, the board and pot in the middle, the ticker below. */
import { memo } from 'react';
import type { MoneyMode, TableView, TickerEntry } from '../../preload/contract';
import { TableCenter } from './TableCenter';
import { SeatCard } from './SeatCard';
import { Ticker } from './Ticker';

interface TableScreenProps {
  readonly table: TableView | null;
  readonly ticker: readonly TickerEntry[];
  readonly mode: MoneyMode | null;
  /** The badge is not LIVE: the table greys out so nobody mistakes it for now. */
  readonly stale: boolean;
  /** Opens the cashier for a seat; absent on the read-only table monitor. */
  readonly onSeat?: (seatId: number) => void;
  /** What is said before the first table arrives; the monitor says it in the room's words. */
  readonly emptyText?: string;
}

/** Memoized on its sections: a cashier-only change does not re-render the table. */
export const TableScreen = memo(function TableScreen({
  table,
  ticker,
  mode,
  stale,
  onSeat,
  emptyText,
}: TableScreenProps) {
  if (table === null) {
    return (
      <section className="table-screen" aria-label="Table">
        <p className="table-empty">{emptyText ?? `No table frame yet. ${stale ? 'Waiting for the venue.' : ''}`}</p>
      </section>
    );
  }
  const slots = Math.min(10, Math.max(6, table.numSeats ?? table.seats.length));
  const bigBlind = table.blinds?.bigBlind ?? null;
  return (
    <section className={`table-screen ${stale ? 'stale' : ''}`} aria-label="Table" data-stale={stale}>
      <div className="table-oval" data-seats={slots}>
        <TableCenter table={table} mode={mode} />
        {table.seats.map((seat) => (
          <SeatCard
            key={seat.seatId}
            seat={seat}
            mode={mode}
            bigBlind={bigBlind}
            betweenHands={table.betweenHands}
            isButton={table.button === seat.seatId}
            acting={table.actionOn === seat.seatId && !table.betweenHands}
            onOpen={onSeat}
          />
        ))}
      </div>
      <Ticker entries={ticker} mode={mode} bigBlind={bigBlind} />
    </section>
  );
});
