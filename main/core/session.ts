/**
 * One venue session: composes the venue connection and the cashier link on it (session/venue-slot.ts) with the
 * settings and the key, emits immutable snapshots (coalesced to at most one per frame, numbered) and takes the
 * contract's commands.
 * Both front ends use it through SessionApi: the web runtime's socket and Electron's ipc.
 */
import { diskHealth } from './storage/disk-space';
import { randomBytes } from 'node:crypto';
import type { InvokeOutcome, SessionSnapshot, Settings } from '../../preload/contract';
import type { CashierConfig } from './cashier';
import { cashierCommands } from './session/cashier-commands';
import { Coalescer } from './session/coalescer';
import { CommandRefusal } from './session/command-error';
import type { EnteredKey, SessionContext } from './session/context';
import { dispatch, type CommandHandlers } from './session/dispatch';
import { historyCommands } from './session/history-commands';
import { HistoryService } from './session/history-service';
import type { SessionApi } from './session/session-api';
import type { KeyChecked } from './session/key-check';
import { keyOrigin } from './session/key-origin';
import type { KeyStore } from './session/key-store';
import type { LiveFeedFactory } from './session/live-feed';
import { printCommands } from './session/print-commands';
import { settingsCommands } from './session/settings-commands';
import type { SettingsStore } from './session/settings-store';
import { buildSnapshot } from './session/snapshot';
import { ReopenQueue } from './session/reopen-queue';
import { VenueSlot } from './session/venue-slot';
import type { VenueLink } from './session/venue-link';
import { VenueTargets, type DemoHandle, type DemoPlace, type VenueTarget } from './session/venue-target';
import { processOrderClock } from './venue/clock';
import type { BooksPlace } from './session/venue-slot';
import { wallOf } from './venue/clock';
import { booksFor } from './storage/books';
import { APP_VERSION } from './session/app-version';
import { EventLog } from './session/event-log';
import { eventsCsv, keyStoreLogged } from './session/event-log-hooks';
import { settingsEvents } from './session/settings-events';
import { SignificantWatch } from './session/significant-events';
import { OperatorBook } from './session/operator-book';
import { operatorChecks } from './session/operator-checks';
import { operatorCommands, operatorsView } from './session/operator-commands';

export type { SessionApi } from './session/session-api';

export interface SessionOptions {
  readonly dataDir: string;
  readonly settingsStore: SettingsStore;
  readonly keyStore: KeyStore;
  readonly openLive: LiveFeedFactory;
  /**
   * Starts the built-in demo venue; used while no venue address is set. It keeps its state in `place.stateDir`
   * (one that ignores it is a new venue on every start, and its journal is wiped each time).
   */
  readonly startDemo?: (place: DemoPlace) => Promise<DemoHandle>;
  /** Start a fresh demo venue (its saved state and its journal wiped together) instead of the saved one. */
  readonly freshDemo?: boolean;
  /** Overrides of the settings file's venue address (e.g. the web runtime's --venue). */
  readonly cashierConfig?: Partial<CashierConfig>;
  readonly frameMs?: number;
  /** Quiet time before probing whether the venue host still streams (default 10 s). */
  readonly hostProbeMs?: number;
  /** Where the books' key and witness are kept (default: a folder beside the data folder, `<dataDir>.books`). */
  readonly books?: BooksPlace;
  readonly now?: () => number;
  /** Reports a problem the UI cannot show (a corrupt settings file, a failed reconnect). */
  readonly log?: (message: string) => void;
}

/** The running session. */
export interface Session extends SessionApi {
  /** Resolves once the first link attempt finished (successfully or not). */
  readonly started: Promise<void>;
}

export { defaultWsUrl } from './session/key-origin';
export { demoStateDir, type DemoHandle, type DemoPlace } from './session/venue-target';

/** Numbers and paces the snapshots: at most one push per frame, and an invoke between pushes gets a fresh one. */
class SnapshotPublisher {
  private version = 0;
  private latest: SessionSnapshot | null = null;
  private dirty = true;
  private closed = false;
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();
  private readonly coalescer: Coalescer;

  constructor(
    private readonly build: (version: number) => SessionSnapshot,
    frameMs: number | undefined,
  ) {
    this.coalescer = new Coalescer(() => {
      if (this.closed) return;
      const snapshot = this.next();
      for (const listener of this.listeners) listener(snapshot);
    }, frameMs);
  }

  private next(): SessionSnapshot {
    this.version += 1;
    this.dirty = false;
    this.latest = this.build(this.version);
    return this.latest;
  }

  changed(): void {
    this.dirty = true;
    this.coalescer.poke();
  }

  /** The freshest state; between pushes, under the next version, so versions never go back. */
  current(): SessionSnapshot {
    return this.latest === null || this.dirty ? this.next() : this.latest;
  }

  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close(): void {
    this.closed = true;
    this.coalescer.cancel();
    this.listeners.clear();
  }
}

/**
 * The entered key's GET /key answer, and the client that asked it, when they speak for this target: the same key at
 * the very address it was asked at (so also at the origin it is bound to). The settings may have moved before this
 * reconnect ran, and another path on the same origin may be another venue.
 */
function enteredAnswer(
  entered: EnteredKey | undefined,
  where: VenueTarget,
  wsSetting: string | null,
): KeyChecked | undefined {
  if (entered === undefined || where.demo || entered.key !== where.key) return undefined;
  if (entered.baseUrl !== where.baseUrl || entered.wsUrl !== wsSetting) return undefined;
  return { checked: entered.checked, client: entered.client };
}

/**
 * The entered key for the reopen it was handed to, while it is still the stored one and that reopen still the one to
 * open (`stillOwn`: no key store write and no other reopen asked since, ReopenQueue), at the address it was checked
 * at. Else null: the store is read, as it holds what the operator did last (a "remove key" pressed meanwhile).
 */
function handedKey(entered: EnteredKey | undefined, settings: Settings, stillOwn: boolean): string | null {
  if (entered === undefined || !stillOwn) return null;
  const same = settings.venueBaseUrl === entered.baseUrl && settings.venueWsUrl === entered.wsUrl;
  return same ? entered.key : null;
}

/**
 * The cage's significant events, sealed with the books (kept outside the data folder: storage/books.ts), and the
 * watch that writes what happens to the app (access, money mode, clock, disk, damage) from each push.
 */
async function openCageEvents(options: SessionOptions, now: () => number, changed: () => void) {
  // Books that cannot be opened (a full disk at the very first start) leave the app running, saying so.
  const books = await booksFor(options.dataDir, options.books?.witnessDir, options.books?.keySource).catch(
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  const events = await EventLog.open(options.dataDir, books, () => wallOf(now()), changed);
  const significant = new SignificantWatch(events);
  // Who may work the cage, and every PIN tried: sealed with the books too; its events go to the event log.
  const operators = await OperatorBook.open(
    options.dataDir,
    books,
    { wall: () => wallOf(now()), elapsed: now },
    (event) => {
      void events.record(event.kind, event.text, event.operator);
      changed();
    },
  );
  const watch = (publisher: SnapshotPublisher, link: () => VenueLink | null): (() => void) => {
    void events.record('start', `Venue Cashier ${APP_VERSION} started.`);
    return publisher.subscribe(() => significant.observe(link(), diskHealth.state()));
  };
  return { events, watch, operators };
}

/** What the snapshot shows of the cage: its latest events, its operators, and any damage to their files. */
function cageParts(events: EventLog, operators: OperatorBook) {
  return {
    events: events.recent(),
    operators: operatorsView(operators),
    cageDamage: [...events.damage, ...operators.damage],
  };
}

/** Every command of the contract, by channel. */
function sessionHandlers(
  context: SessionContext,
  history: HistoryService,
  cage: { readonly events: EventLog; readonly operators: OperatorBook },
  snapshot: () => SessionSnapshot,
): CommandHandlers {
  return {
    'session:get-snapshot': async () => snapshot(),
    // Through the open connection's live feed: one attempt however often pressed (venue-connection.ts).
    'session:reconnect-now': async () => context.requireLink().connection.reconnectNow(),
    ...cashierCommands(context),
    ...settingsCommands(context),
    ...historyCommands(history),
    ...printCommands(context),
    'cashier:export-events': async (which) => eventsCsv(context, cage.events, which),
    ...operatorCommands(cage.operators),
  };
}

/** Creates and starts a session. */
export async function createSession(options: SessionOptions): Promise<Session> {
  // Order time (venue/clock.ts), shared with the live keeper and the cashier: the cashier view's windows compare it.
  const now = options.now ?? processOrderClock.now;
  const log = options.log ?? ((message: string) => console.error(message));
  const loaded = await options.settingsStore.load();
  if (loaded.problem !== null) log(loaded.problem);
  let settings: Settings = loaded.settings;
  let linkProblem: string | null = null;
  let hasKey = false;
  let closed = false;
  const reopens = new ReopenQueue();
  const epoch = randomBytes(8).toString('hex');
  const changed = (): void => publisher.changed();
  const { events, watch, operators } = await openCageEvents(options, now, changed);
  const history = new HistoryService({ onChange: changed, log });
  const slot = new VenueSlot({ ...options, history, onChange: changed, log });
  const targets = new VenueTargets({
    ...options,
    // A key whose store does not know where it was checked (given at start-up, or stored before keys were bound) is
    // bound to the address the session starts with; every later change of address goes through moveVenue.
    startBinding: settings.venueBaseUrl === null ? null : keyOrigin(settings.venueBaseUrl, settings.venueWsUrl),
  });
  const publisher = new SnapshotPublisher(
    (version) =>
      buildSnapshot({
        version,
        epoch,
        at: now(),
        link: slot.link(),
        drift: slot.drift(),
        linkProblem,
        hasKey,
        settings,
        keyStore: options.keyStore,
        history: history.view(),
        disk: diskHealth.state(),
        ...cageParts(events, operators),
      }),
    options.frameMs,
  );

  async function openForSettings(entered: EnteredKey | undefined, latest: () => boolean): Promise<void> {
    await slot.close();
    linkProblem = null;
    const choice = await targets.choose(settings, () => handedKey(entered, settings, latest()));
    linkProblem = choice.problem;
    hasKey = choice.target !== null;
    changed();
    const where = choice.target;
    if (where === null || closed) return;
    linkProblem = await slot.open(where, enteredAnswer(entered, where, settings.venueWsUrl));
    changed();
  }

  function reconnect(entered?: EnteredKey): Promise<void> {
    return reopens.run((latest) => openForSettings(entered, latest));
  }

  const context: SessionContext = {
    requireLink() {
      const link = slot.link();
      if (link === null) throw new CommandRefusal('no_venue', linkProblem ?? 'Not connected to a venue yet.');
      return link;
    },
    moneyDesk: () => ({ link: context.requireLink(), threshold: settings.largeAmountThreshold }),
    link: () => slot.link(),
    settings: () => settings,
    async saveSettings(next) {
      await options.settingsStore.save(next);
      const before = settings;
      settings = next;
      for (const event of settingsEvents(before, next)) void events.record(event.kind, event.text);
      changed();
    },
    // A key store write asked makes every reopen asked before it stale: none opens with the key it was handed.
    keyStore: keyStoreLogged(options.keyStore, events, () => reopens.supersede()),
    reconnect,
    opening: () => reopens.opening,
    async startFreshDemo() {
      if (settings.venueBaseUrl !== null)
        throw new CommandRefusal('no_demo', 'The built-in demo venue is not the venue in use.');
      await slot.close();
      await targets.stopDemo(true);
      await reconnect();
    },
    changed,
    now,
    ...operatorChecks(
      operators,
      () => settings,
      () => slot.link()?.cashier.snapshot().shifts.current?.operator ?? null,
      events,
    ),
  };
  const handlers = sessionHandlers(context, history, { events, operators }, () => publisher.current());

  // The disk filling or taking writes again changes what every screen says.
  const stopWatchingDisk = diskHealth.subscribe(changed);
  const stopWatchingEvents = watch(publisher, () => slot.link());
  const started = reconnect();

  return {
    started,
    snapshot: () => publisher.current(),
    subscribe: (listener) => publisher.subscribe(listener),
    invoke: (channel: string, args: unknown): Promise<InvokeOutcome<unknown>> => dispatch(handlers, channel, args, log),
    async close() {
      if (closed) return;
      closed = true;
      stopWatchingDisk();
      stopWatchingEvents();
      publisher.close();
      await reopens.settled();
      await slot.close();
      await targets.stopDemo();
      await events.close();
      await operators.close();
    },
  };
}
