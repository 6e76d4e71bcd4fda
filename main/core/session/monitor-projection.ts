/**
 * What the room-facing table monitor receives: the table and the connection, nothing else. Built on the server
 * side, so the monitor's page (and its devtools) never holds the tray, the shift ledger, the settings or the key's
 * details. In `hidden` money mode the table's amounts are removed too, and so they are while the mode is unknown (the
 * snapshot's `roomMoneyMode`: a room screen fails closed). The result keeps the snapshot's shape (the
 * monitor page shares the table components); the sections it may not see are empty, not the real ones.
 */
import {
  CLOSED_HISTORY_SYNC,
  defaultSettings,
  type InvokeOutcome,
  type SessionSnapshot,
  type TableView,
  type TickerEntry,
} from '../../../preload/contract';
import { emptyCashierView } from './cashier-view';

const NOTHING_CASHIER: SessionSnapshot['cashier'] = emptyCashierView(null);

function tableFor(table: TableView, hidden: boolean): TableView {
  return {
    ...table,
    pot: hidden ? null : table.pot,
    currentBet: hidden ? null : table.currentBet,
    blinds: hidden ? null : table.blinds,
    // Player ids identify people across venues' records; the room sees the names the table shows.
    seats: table.seats.map((seat) => ({ ...seat, playerId: null, stack: hidden ? null : seat.stack })),
  };
}

// The same source section gives the same projected object: every monitor window or page projects the same push, and
// only the first of them pays for it.
const projectedTables = { shown: new WeakMap<TableView, TableView>(), hidden: new WeakMap<TableView, TableView>() };
const projectedTickers = {
  shown: new WeakMap<readonly TickerEntry[], readonly TickerEntry[]>(),
  hidden: new WeakMap<readonly TickerEntry[], readonly TickerEntry[]>(),
};

function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, make: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const made = make();
  cache.set(key, made);
  return made;
}

/** Table activity only, never the cashier's money lines; no amounts when the venue hides them. */
function tickerFor(ticker: readonly TickerEntry[], hidden: boolean): readonly TickerEntry[] {
  return ticker.filter((entry) => entry.kind !== 'money').map((entry) => (hidden ? { ...entry, amount: null } : entry));
}

export function monitorProjection(snapshot: SessionSnapshot): SessionSnapshot {
  const roomMode = snapshot.venue.roomMoneyMode;
  const hidden = roomMode === 'hidden';
  const mode = hidden ? 'hidden' : 'shown';
  const table = snapshot.table;
  return {
    version: snapshot.version,
    epoch: snapshot.epoch,
    at: snapshot.at,
    connection: snapshot.connection,
    venue: {
      venueId: null,
      name: snapshot.venue.name,
      moneyMode: roomMode,
      roomMoneyMode: roomMode,
      demo: snapshot.venue.demo,
      drift: null,
    },
    key: {
      hasKey: false,
      venue: null,
      kid: null,
      fromEnvironment: false,
      storage: null,
      persistRefused: null,
      problem: null,
    },
    table: table === null ? null : memo(projectedTables[mode], table, () => tableFor(table, hidden)),
    ticker: memo(projectedTickers[mode], snapshot.ticker, () => tickerFor(snapshot.ticker, hidden)),
    cashier: NOTHING_CASHIER,
    settings: defaultSettings,
    history: CLOSED_HISTORY_SYNC,
    // The room's screen shows the table; a full disk changes nothing there (reading goes on).
    disk: { full: false, message: null },
  };
}

/** The monitor's answer to its one read (session:get-snapshot): the projection, like its pushes. */
export function monitorOutcome(outcome: InvokeOutcome<unknown>): InvokeOutcome<unknown> {
  return outcome.ok ? { ok: true, value: monitorProjection(outcome.value as SessionSnapshot) } : outcome;
}
