/**
 * The cashier's side of one venue connection: the cashier (journal, sends), the venue ledger beside it and the
 * venue's facts, fed from the connection's one stream. The session replaces the link and its connection together
 * when the address or key changes.
 */
import { join } from 'node:path';
import type { ReconciliationView } from '../../../preload/contract';
import {
  openCashier,
  type Cashier,
  type CashierConfig,
  type CashierSnapshot,
  type Movement,
  type ShiftRecord,
  type TableObservation,
} from '../cashier';
import type { LiveView } from '../venue/live-keeper';
import type { KeyAccess } from '../venue/rest-client';
import { initialTable, reduceTable, type TableState } from '../venue/table-model';
import { damageNote, type BookDamageNote } from '../storage/book-file';
import type { Books } from '../storage/books';
import { openLedgerLink, type LedgerLink, type ShiftReconciliation } from './ledger-link';
import { liveChangeOf, type LiveChange } from './live-feed';
import type { VenueConnection, VenueUpdate } from './venue-connection';
import { VenueFactsWatch, type VenueFacts } from './venue-facts';
import { processOrderClock, systemClock } from '../venue/clock';

export { roomModeOf, type VenueFacts } from './venue-facts';

export interface VenueLinkOptions {
  /** The connection, opened and not yet started: the link subscribes, then starts its live feed. */
  readonly connection: VenueConnection;
  /** The books of the data folder (the journal, shift log, archive and venue ledger are sealed with them). */
  readonly books: Books;
  readonly cashierConfig?: Partial<CashierConfig>;
  /** Period of the background GET /venue refresh (the money mode changes when the venue publishes). */
  readonly factsRefreshMs?: number;
  /** Something the snapshot shows changed. */
  readonly onChange: () => void;
}

export interface VenueLink {
  readonly connection: VenueConnection;
  readonly cashier: Cashier;
  facts(): VenueFacts;
  cashierSnapshot(): CashierSnapshot;
  /** The open shift's movements against the venue's own record (the venue ledger), or null with no shift open. */
  reconciliation(now: number): ReconciliationView | null;
  /** When the venue applied the open shift's movements, by key, where its record shows it (ledger-link.ts). */
  venueTimes(now: number): ReadonlyMap<string, number>;
  /** What the books found wrong with the venue ledger's copy (the cashier's own files are in its snapshot). */
  ledgerDamage(): readonly BookDamageNote[];
  /** One shift's reconciliation from its movements (the archive's for a closed shift). */
  shiftReconciliation(shift: ShiftRecord, movements: readonly Movement[], now: number): ShiftReconciliation;
  close(): Promise<void>;
}

/** The table facts the cashier reads: between hands (null when unknown), the hand number and the seats. */
function tableFacts(table: TableState) {
  return {
    live: table.live === true,
    betweenHands: table.handStateKnown ? table.betweenHands : null,
    handNumber: table.handNumber,
    seats: table.seats.map((seat) => ({
      seat_id: seat.seat_id,
      player_id: seat.player_id,
      name: seat.name,
      stack: seat.stack,
    })),
  };
}

/**
 * The live table as the cashier's view, with its provenance: which input last changed it, whether the socket is
 * connected and has had this connection's state frame (`caughtUp`), and when its data arrived (not now: a status
 * change re-pushes the same table, which must not look newer). Until this process has had a state frame, the
 * table is the one saved before the restart: `restored`, never evidence.
 */
function tableObservation(table: TableState, source: TableObservation['source']) {
  return {
    ...tableFacts(table),
    source,
    caughtUp: table.connected,
    receivedAt: table.lastDataAt ?? 0,
    venueTs: null,
  };
}

/** GET /live/state as the cashier's table view (the cashier stamps its arrival); held until the venue is confirmed. */
async function readLiveTable(
  connection: VenueConnection,
  signal: AbortSignal,
): Promise<ReturnType<typeof tableFacts> & { readonly venueTs: number | null }> {
  await connection.requireConfirmed(signal);
  const answer = await connection.client.liveState(signal);
  if (answer.state === null)
    throw new Error(
      answer.live ? 'the venue has no table state' : "the venue's host is offline and it has no table state",
    );
  const facts = tableFacts(
    reduceTable(initialTable(), { type: 'state', live: answer.live, state: answer.state, at: systemClock.now() }),
  );
  return { ...facts, venueTs: typeof answer.ts === 'number' ? answer.ts : null };
}

/** Feeds the cashier, the ledger and the facts from the connection's stream. */
class CashierFeed {
  /** Whether this process has had live data: before it, the table is the frame saved on disk. */
  private liveSeen = false;
  /** The table of the latest publication handed down (shown again once a held venue is confirmed). */
  private lastTable: TableState = initialTable();

  constructor(
    private readonly connection: VenueConnection,
    private readonly cashier: Cashier,
    private readonly ledger: LedgerLink,
    private readonly facts: VenueFactsWatch,
    private readonly onChange: () => void,
  ) {}

  /** What the cashier may do: nothing while its venue is unconfirmed or the key is refused. */
  private cashierAccess(access: KeyAccess): 'ok' | 'withdrawn' {
    return this.connection.held() || access === 'withdrawn' || access === 'rejected' ? 'withdrawn' : 'ok';
  }

  /** The table as it stands: this process's live data, or the frame saved on disk until there is some. */
  private showTable(table: TableState): void {
    const source = this.liveSeen ? 'state-frame' : 'restored';
    this.cashier.observeTable(tableObservation(table, source));
  }

  /**
   * The first look once the live feed started (the saved frame, and GET /key's verdict on the key): `live` is the
   * connection's latest publication, the one its subscribers were last handed.
   */
  started(live: LiveView): void {
    this.lastTable = live.table;
    if (live.table.connected) this.liveSeen = true;
    this.cashier.observeAccess(this.cashierAccess(this.connection.access()));
    if (!this.connection.held()) this.showTable(live.table);
  }

  take(update: VenueUpdate): void {
    this.facts.take(update);
    if (update.type === 'access') {
      this.cashier.observeAccess(this.cashierAccess(update.access));
      this.onChange();
      return;
    }
    if (update.type === 'confirmed') {
      // Once GET /key confirms the venue, the cashier sends (unless the key itself is refused) and sees this table.
      this.ledger.confirmed(update.at);
      this.cashier.observeAccess(this.cashierAccess(this.connection.access()));
      this.showTable(this.lastTable);
      this.onChange();
      return;
    }
    this.lastTable = update.live.table;
    const change = liveChangeOf(update.live.update);
    if (change !== null) this.takeLive(change, update.live);
  }

  /** One publication, read whole from the value handed down: the change, the table and coverage it left. */
  private takeLive(change: LiveChange, { table, coverage }: LiveView): void {
    // Another venue's table and events say nothing about this folder's movements.
    const ours = !this.connection.held();
    // What the stream proves it delivered: the table below is judged against it, and it names the event's run.
    if (ours && change.type === 'event' && change.event.kind === 'transaction_applied') {
      const run = coverage?.run ?? null;
      const position = run === null ? null : { run, seq: change.event.seq };
      this.cashier.observeTransactionApplied(change.event.payload, change.event.ts ?? null, position);
    }
    if (table.connected) this.liveSeen = true;
    if (ours && coverage !== null) this.cashier.observeStream(coverage);
    if (change.type === 'delivered') return;
    const source = !this.liveSeen ? 'restored' : change.type === 'event' ? 'event' : 'state-frame';
    if (ours) this.cashier.observeTable(tableObservation(table, source));
    this.onChange();
  }
}

/** Opens the cashier (journal recovery starts at once), the ledger and the facts, then starts the live feed. */
export async function openVenueLink(options: VenueLinkOptions): Promise<VenueLink> {
  const { connection } = options;
  const cashierDir = join(connection.dir, 'cashier');
  const cashier: Cashier = await openCashier({
    dataDir: cashierDir,
    books: options.books,
    transport: (action, request, signal) => connection.postTransaction(action, request, signal),
    // Fresh stack evidence for an in-doubt movement: GET /live/state read through the same table model.
    readTable: (signal) => readLiveTable(connection, signal),
    config: options.cashierConfig,
    // The live keeper's clock: its coverage and the cashier's stamps compare on one line.
    clock: processOrderClock,
  });
  const closing: Array<() => Promise<void> | void> = [() => cashier.close()];
  const undo = async () => {
    for (const step of closing.splice(0).reverse()) await step();
  };
  try {
    // Beside the journal, under its lock: every transaction_applied the stream delivers, and where it was not whole.
    const ledger = await openLedgerLink(cashierDir, options.books, () => connection.held(), options.onChange);
    closing.push(() => ledger.close());
    const facts = await VenueFactsWatch.open(connection, options.onChange, options.factsRefreshMs);
    closing.push(() => facts.close());
    const feed = new CashierFeed(connection, cashier, ledger, facts, options.onChange);
    // The ledger first: it is what the stream proved, before the cashier judges against it.
    closing.push(
      ledger.attach(connection),
      connection.subscribe((update) => feed.take(update)),
    );
    const stopCashier = cashier.subscribe(() => {
      facts.noteCashier(cashier.snapshot());
      options.onChange();
    });
    closing.push(stopCashier);
    await connection.startLive();
    feed.started(connection.live);
    facts.refreshQuietly();
    return {
      connection,
      cashier,
      facts: () => facts.current(),
      cashierSnapshot: () => cashier.snapshot(),
      reconciliation: (now) => ledger.current(cashier.snapshot(), now),
      venueTimes: (now) => ledger.venueTimes(cashier.snapshot(), now),
      ledgerDamage: () => ledger.ledger.damage.map(damageNote),
      shiftReconciliation: (shift, movements, now) => ledger.forShift(shift, movements, now),
      close: undo,
    };
  } catch (error) {
    await undo();
    throw error;
  }
}
