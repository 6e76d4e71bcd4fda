/**
 * The session snapshot, built from what the session holds at one moment: the venue link (its connection, cashier
 * and ledger), the settings, the key's standing and history's sync. Pure reading; the session numbers and paces
 * the pushes.
 */
import { DISK_FULL_STATUS, type DiskState } from '../storage/disk-space';
import type { CashierView, ReconciliationView, SessionSnapshot, Settings } from '../../../preload/contract';
import { cashierView, emptyCashierView } from './cashier-view';
import { connectionStatus } from './connection-status';
import type { DriftWatch } from './drift-watch';
import { keyStorage, type KeyStore } from './key-store';
import { tableView, tickerView } from './table-view';
import { roomModeOf, type VenueLink } from './venue-link';
import { wallOf } from '../venue/clock';
import { booksView } from './books-view';
import type { BookDamageNote } from '../storage/book-file';

export interface SnapshotInputs {
  readonly version: number;
  readonly epoch: string;
  readonly at: number;
  readonly link: VenueLink | null;
  readonly drift: DriftWatch | null;
  /** Why there is no link (set by a failed open), or null. */
  readonly linkProblem: string | null;
  readonly hasKey: boolean;
  readonly settings: Settings;
  readonly keyStore: KeyStore;
  readonly history: SessionSnapshot['history'];
  /** The data folder's disk (storage/disk-space.ts). */
  readonly disk: DiskState;
  /** The latest significant events, newest first (session/event-log.ts). */
  readonly events?: SessionSnapshot['events'];
  /** The enrolled operators (session/operator-commands.ts). */
  readonly operators?: SessionSnapshot['operators'];
  /** What the books found wrong with the cage's own files (the event log, the operator records). */
  readonly cageDamage?: readonly BookDamageNote[];
}

/** The cashier's view plus other venues' unfinished movements. */
function withElsewhere(view: CashierView, elsewhere: readonly string[]): CashierView {
  return elsewhere.length === 0 ? view : { ...view, elsewhere };
}

/**
 * The cashier's view plus the open shift's reconciliation. A new object each snapshot: nothing in main compares
 * snapshot parts by identity (pushes are serialized; the renderer keeps identity with share-equal).
 */
function withReconciliation(view: CashierView, reconciliation: ReconciliationView | null): CashierView {
  return { ...view, reconciliation };
}

/**
 * The ledger's "applied at" is the venue's own time where its record shows the movement (the reconciliation's pair);
 * the movement's own evidence gives it otherwise, and only with neither is the time this PC's (said so on screen).
 */
function withVenueTimes(view: CashierView, times: ReadonlyMap<string, number>): CashierView {
  if (times.size === 0) return view;
  const entries = view.ledger.entries.map((entry) => {
    const venueAt = entry.venueAt ?? times.get(entry.id) ?? null;
    return venueAt === entry.venueAt ? entry : { ...entry, venueAt };
  });
  return { ...view, ledger: { ...view.ledger, entries } };
}

function cashierPart(inputs: SnapshotInputs, waiting: boolean): CashierView {
  const { link, at } = inputs;
  if (link === null)
    return emptyCashierView(inputs.linkProblem ?? (waiting ? 'connecting to the venue' : 'no venue key is set'));
  const connection = link.connection;
  const snapshot = link.cashierSnapshot();
  const cashier = withVenueTimes(cashierView(snapshot, at, connection.holdReason()), link.venueTimes(at));
  const ledgerDamage = link.ledgerDamage();
  // The venue ledger's copy is the books' too: its damage is said beside the cashier's own.
  const view =
    ledgerDamage.length === 0
      ? cashier
      : { ...cashier, books: booksView([...snapshot.books.damage, ...ledgerDamage], snapshot.books.held.length) };
  return withReconciliation(withElsewhere(view, connection.elsewhere), link.reconciliation(at));
}

/** The cage's own damage said with the rest of the books' (the notice on every screen). */
function withCageDamage(view: CashierView, damage: readonly BookDamageNote[]): CashierView {
  if (damage.length === 0) return view;
  const views = view.books?.damage ?? [];
  const books = booksView(damage, view.books?.heldMovements ?? 0);
  return { ...view, books: { ...books, verified: false, damage: [...views, ...books.damage] } };
}

export function buildSnapshot(inputs: SnapshotInputs): SessionSnapshot {
  const { link, settings, at } = inputs;
  // The connection's latest publication, read once: the table and the standing shown are the same moment's.
  const live = link?.connection.live ?? null;
  const table = live?.table ?? null;
  const facts = link?.facts() ?? null;
  // With a key (or the demo venue, which needs none) the session is on its way to the venue.
  const waiting = inputs.hasKey || settings.venueBaseUrl === null;
  const connection =
    link === null || live === null || table === null
      ? waiting
        ? ({ kind: 'connecting' } as const)
        : ({ kind: 'no-key' } as const)
      : connectionStatus(live.status, link.connection.access(), table, at, link.connection.hostOffline(), (orderAt) =>
          wallOf(orderAt),
        );
  return {
    version: inputs.version,
    epoch: inputs.epoch,
    at,
    connection,
    venue: {
      venueId: facts?.venueId ?? null,
      name: facts?.name ?? null,
      moneyMode: facts?.moneyMode ?? null,
      roomMoneyMode: roomModeOf(facts),
      demo: settings.venueBaseUrl === null,
      drift: inputs.drift?.view() ?? null,
    },
    key: {
      hasKey: inputs.hasKey,
      venue: facts?.venueId ?? null,
      kid: facts?.kid ?? null,
      fromEnvironment: inputs.keyStore.fixed,
      ...keyStorage(inputs.keyStore),
    },
    table: table === null ? null : tableView(table),
    ticker: table === null ? [] : tickerView(table),
    cashier: withCageDamage(cashierPart(inputs, waiting), inputs.cageDamage ?? []),
    settings,
    history: inputs.history,
    disk: { full: inputs.disk.full, message: inputs.disk.full ? DISK_FULL_STATUS : null },
    events: inputs.events ?? [],
    ...(inputs.operators === undefined ? {} : { operators: inputs.operators }),
  };
}
