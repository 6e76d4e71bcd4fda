/**
 * One live connection to one venue with one key: the REST client, the live feed (table model) and the cashier,
 * wired together. The session replaces the whole link when the address or key changes.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import type { KeyCheck, MoneyMode, ReconciliationView } from '../../../preload/contract';
import {
  openCashier,
  type Cashier,
  type CashierConfig,
  type CashierSnapshot,
  type Movement,
  type ShiftRecord,
  type TableObservation,
} from '../cashier';
import type { KeeperStatus } from '../venue/live-keeper';
import { VenueClient, type KeyAccess } from '../venue/rest-client';
import { initialTable, reduceTable, type TableState } from '../venue/table-model';
import { FactsRefresher } from './facts-refresh';
import { HostProbe, type HostOffline } from './host-probe';
import { openLedgerLink, type LedgerLink, type ShiftReconciliation } from './ledger-link';
import type { LiveFeed, LiveFeedFactory } from './live-feed';
import {
  loadMoneyMode,
  readingFromVenue,
  roomMoneyMode,
  saveMoneyMode,
  type MoneyModeReading,
} from './money-mode-record';
import { confirmedTransport, createVenueCheck, type VenueCheck } from './venue-check';
import { placeVenue, unfinishedElsewhere } from './venue-folder';

/** What the venue told us about itself (GET /key and GET /venue). */
export interface VenueFacts {
  readonly venueId: string | null;
  readonly name: string | null;
  /** The venue's mode (null: it answered without one, the spec's default `bb`; or it is not known yet). */
  readonly moneyMode: MoneyMode | null;
  /** Whether GET /venue has ever answered for this venue (now, or before a restart: money-mode-record.ts). */
  readonly moneyModeKnown: boolean;
  readonly kid: string | null;
}

export interface VenueLinkOptions {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly key: string;
  /**
   * The answer of the GET /key that just accepted this key where it was entered (key-check.ts): the link takes the
   * venue and kid from it instead of asking again. Absent for a key from a store or a file: the link asks once.
   */
  readonly checked?: KeyCheck;
  readonly demo: boolean;
  /** The app's data directory; the link keeps its journal and live cache in a per-venue folder under it. */
  readonly dataDir: string;
  readonly openLive: LiveFeedFactory;
  readonly cashierConfig?: Partial<CashierConfig>;
  /** Quiet time before asking GET /live/state whether the host still streams. */
  readonly hostProbeMs?: number;
  /** Period of the background GET /venue refresh (the money mode changes when the venue publishes). */
  readonly factsRefreshMs?: number;
  /** Something the snapshot shows changed. */
  readonly onChange: () => void;
}

export interface VenueLink {
  readonly client: VenueClient;
  readonly cashier: Cashier;
  readonly demo: boolean;
  /** The venue's folder (its journal, live cache and history): keyed on its venue_id (venue-folder.ts). */
  readonly dir: string;
  /** Unfinished movements of other venues' journals in this data folder, in words (found at open). */
  readonly elsewhere: readonly string[];
  facts(): VenueFacts;
  table(): TableState;
  status(): KeeperStatus;
  access(): KeyAccess;
  /** Why the cashier holds every movement (its venue not confirmed by GET /key), or null. */
  holdReason(): string | null;
  /** Non-null while the venue says its host is offline (learned by probing a quiet socket). */
  hostOffline(): HostOffline | null;
  cashierSnapshot(): CashierSnapshot;
  /** The open shift's movements against the venue's own record (the venue ledger), or null with no shift open. */
  reconciliation(now: number): ReconciliationView | null;
  /** One shift's reconciliation from its movements (the archive's for a closed shift). */
  shiftReconciliation(shift: ShiftRecord, movements: readonly Movement[], now: number): ShiftReconciliation;
  /** Re-reads GET /key and GET /venue (the money mode may change when the venue publishes). */
  refreshFacts(): Promise<void>;
  close(): Promise<void>;
}

/** The mode room screens and paper follow for these facts (none: no link yet, nothing known); see roomMoneyMode. */
export function roomModeOf(facts: VenueFacts | null): MoneyMode | null {
  return facts === null ? 'hidden' : roomMoneyMode({ known: facts.moneyModeKnown, mode: facts.moneyMode });
}

/** How long opening waits for GET /key to name the venue before falling back (venue-folder.ts). */
const IDENTIFY_MS = 5_000;

/**
 * The folder of an address (earlier versions kept every venue's journal here; see venue-folder.ts for the folder
 * per venue_id that replaced it). The demo venue is new on every start, so its folder is the caller's to reset.
 */
export function venueDataDir(dataDir: string, baseUrl: string, demo: boolean): string {
  if (demo) return join(dataDir, 'venues', 'demo');
  return join(dataDir, 'venues', createHash('sha256').update(baseUrl).digest('hex').slice(0, 16));
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

/** GET /live/state as the cashier's table view (the cashier stamps when it arrived); throws when it has no table. */
async function readLiveTable(
  client: VenueClient,
  signal: AbortSignal,
): Promise<ReturnType<typeof tableFacts> & { readonly venueTs: number | null }> {
  const answer = await client.liveState(signal);
  if (answer.state === null)
    throw new Error(
      answer.live ? 'the venue has no table state' : "the venue's host is offline and it has no table state",
    );
  const facts = tableFacts(
    reduceTable(initialTable(), { type: 'state', live: answer.live, state: answer.state, at: Date.now() }),
  );
  return { ...facts, venueTs: typeof answer.ts === 'number' ? answer.ts : null };
}

const CONFIRM_RETRY_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

/** Asks GET /key until it confirms the venue (resolves true) or names another (false); `stop` ends it (false). */
async function confirmVenue(check: VenueCheck, signal: AbortSignal): Promise<boolean> {
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    await check.confirm(signal);
    if (check.confirmed()) return true;
    if (check.mismatched()) return false;
    const wait = CONFIRM_RETRY_MS[Math.min(attempt, CONFIRM_RETRY_MS.length - 1)] ?? 30_000;
    await sleep(wait, undefined, { signal }).catch(() => undefined);
  }
  return false;
}

/** Opens the cashier (journal recovery starts at once) and the live feed, and wires them. */
export async function openVenueLink(options: VenueLinkOptions): Promise<VenueLink> {
  const client = new VenueClient({ baseUrl: options.baseUrl, key: options.key });
  // The key's GET /key answer: handed over when the key was just entered, else asked once here (and again by a
  // refresh only while no answer has come).
  let keyAnswer: { readonly venue: string | null; readonly kid: string | null } | null = options.checked ?? null;
  const identify = async (signal?: AbortSignal): Promise<string | null> => {
    const info = await client.keyInfo(signal);
    keyAnswer = { venue: info.venue ?? null, kid: info.kid ?? null };
    return keyAnswer.venue;
  };
  // The journal belongs to the venue the key opens, not to the address text.
  const place = await placeVenue(options.dataDir, options.baseUrl, options.demo, async () =>
    keyAnswer !== null ? keyAnswer.venue : identify(AbortSignal.timeout(IDENTIFY_MS)),
  );
  const dir = place.dir;
  const elsewhere = await unfinishedElsewhere(options.dataDir, dir);
  // A folder taken from memory (GET /key failed) may not be the key's venue: nothing is sent, no new movement is
  // taken and no table is read as evidence until GET /key confirms it; another venue's name holds it for good.
  const check =
    place.confirmed || place.venueId === null
      ? null
      : createVenueCheck(place.venueId, identify, () => options.onChange());
  const held = (): boolean => check !== null && !check.confirmed();
  const cashier: Cashier = await openCashier({
    dataDir: join(dir, 'cashier'),
    transport: confirmedTransport(check, (action, request, signal) => client.postTransaction(action, request, signal)),
    // Fresh stack evidence for an in-doubt movement: GET /live/state read through the same table model.
    readTable: async (signal) => {
      const problem = check === null ? null : await check.confirm(signal);
      if (problem !== null) throw new Error(problem);
      return readLiveTable(client, signal);
    },
    config: options.cashierConfig,
  });
  let ledgerLink: LedgerLink;
  try {
    // Beside the journal, under its lock: every transaction_applied the stream delivers, and where it was not whole.
    ledgerLink = await openLedgerLink(join(dir, 'cashier'), held, () => options.onChange());
  } catch (error) {
    await cashier.close();
    throw error;
  }
  let live: LiveFeed;
  try {
    live = await options.openLive({ wsUrl: options.wsUrl, key: options.key, dataDir: join(dir, 'live'), client });
  } catch (error) {
    await ledgerLink.close();
    await cashier.close();
    throw error;
  }
  ledgerLink.attach(live);
  // The mode recorded at an earlier start holds until GET /venue answers (it may never, with the venue down).
  let recorded: MoneyModeReading = await loadMoneyMode(dir);
  let facts: VenueFacts = {
    venueId: null,
    name: null,
    moneyMode: recorded.mode,
    moneyModeKnown: recorded.known,
    kid: null,
  };

  const refresher = new FactsRefresher(() => void refreshFacts().catch(() => undefined), options.factsRefreshMs);
  const stopCashier = cashier.subscribe(() => {
    refresher.noteCashier(cashier.snapshot());
    options.onChange();
  });
  let wasOpen = false;
  // Whether this process has had live data: before it, the table is the frame saved on disk.
  let liveSeen = live.table().connected;
  const stopLive = live.subscribe((change) => {
    // Each (re)connection re-reads the venue's facts: the money mode appears or changes when the venue publishes.
    const open = live.status().phase === 'open';
    if (open && !wasOpen) void refreshFacts().catch(() => undefined);
    wasOpen = open;
    // Another venue's table and events say nothing about this folder's movements.
    const ours = !held();
    if (change.type === 'event' && change.event.kind === 'transaction_applied') {
      if (ours) cashier.observeTransactionApplied(change.event.payload, change.event.ts ?? null);
      refresher.noteTransaction(change.event.payload);
    }
    const table = live.table();
    if (table.connected) liveSeen = true;
    // What the stream proves it delivered goes first: the table below is judged against it.
    if (ours && live.coverage !== undefined) cashier.observeStream(live.coverage());
    if (change.type === 'delivered') return;
    if (ours)
      cashier.observeTable(
        tableObservation(table, !liveSeen ? 'restored' : change.type === 'event' ? 'event' : 'state-frame'),
      );
    options.onChange();
  });
  /** What the cashier may do: nothing while its venue is unconfirmed or the key is refused. */
  const cashierAccess = (access: KeyAccess): 'ok' | 'withdrawn' =>
    held() || access === 'withdrawn' || access === 'rejected' ? 'withdrawn' : 'ok';
  /** The table as it stands: this process's live data, or the frame saved on disk until there is some. */
  const showCurrentTable = (): void =>
    cashier.observeTable(tableObservation(live.table(), liveSeen ? 'state-frame' : 'restored'));
  const stopAccess = client.onAccessChange((access) => {
    cashier.observeAccess(cashierAccess(access));
    options.onChange();
  });
  // GET /key (asked to find the venue's folder) may already have found the key refused.
  cashier.observeAccess(cashierAccess(client.access));
  const confirmAbort = new AbortController();
  // Once GET /key confirms the venue, the cashier sends (unless the key itself is refused) and sees this table.
  const confirming =
    check === null
      ? null
      : confirmVenue(check, confirmAbort.signal).then(
          (confirmed) => {
            if (!confirmed || confirmAbort.signal.aborted) return;
            ledgerLink.confirmed(Date.now());
            cashier.observeAccess(cashierAccess(client.access));
            showCurrentTable();
            options.onChange();
          },
          () => undefined,
        );
  if (!held()) showCurrentTable();
  const probe = new HostProbe(
    client,
    () => live.table(),
    () => live.status().phase === 'open',
    options.onChange,
    options.hostProbeMs,
  );

  async function refreshFacts(): Promise<void> {
    const [key, venue] = await Promise.all([
      keyAnswer ?? identify().then(() => keyAnswer ?? { venue: null, kid: null }),
      client.venue(),
    ]);
    const reading = readingFromVenue(venue.money_mode, recorded);
    if (venue.money_mode !== undefined && (recorded.mode !== venue.money_mode || !recorded.known)) {
      recorded = reading;
      // Kept for the next start; a failed write leaves the mode known for this run and unknown (hidden) after it.
      await saveMoneyMode(dir, venue.money_mode, Date.now()).catch(() => undefined);
    }
    facts = {
      venueId: venue.venue_id ?? key.venue,
      name: venue.name ?? null,
      moneyMode: reading.mode,
      moneyModeKnown: reading.known,
      kid: key.kid,
    };
    options.onChange();
  }
  // Facts are informative (names, money mode); the table and cashier work without them, so a failure only waits
  // for the next refresh (the client has already recorded a 401 as withdrawn access).
  void refreshFacts().catch(() => undefined);

  return {
    client,
    cashier,
    demo: options.demo,
    dir,
    elsewhere,
    facts: () => facts,
    table: () => live.table(),
    status: () => live.status(),
    access: () => client.access,
    hostOffline: () => probe.offline(),
    cashierSnapshot: () => cashier.snapshot(),
    reconciliation: (now) => ledgerLink.current(cashier.snapshot(), now),
    shiftReconciliation: (shift, movements, now) => ledgerLink.forShift(shift, movements, now),
    refreshFacts,
    holdReason: () => check?.problem() ?? null,
    async close() {
      confirmAbort.abort();
      await confirming;
      probe.close();
      refresher.close();
      stopLive();
      stopCashier();
      stopAccess();
      await live.close();
      await ledgerLink.close();
      await cashier.close();
    },
  };
}
