/**
 * One venue session: composes the venue link (REST client, live table, cashier) with the settings and the key,
 * emits immutable snapshots (coalesced to at most one per frame, numbered) and takes the contract's commands.
 * Both front ends use it through SessionHost: the web runtime's socket and Electron's ipc.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CashierView, InvokeOutcome, ReconciliationView, SessionSnapshot, Settings } from '../../preload/contract';
import { isSecureOrLoopback } from '../../preload/contract/settings';
import type { CashierConfig } from './cashier';
import { cashierCommands } from './session/cashier-commands';
import { cashierView } from './session/cashier-view';
import { Coalescer } from './session/coalescer';
import { CommandRefusal } from './session/command-error';
import { connectionStatus } from './session/connection-status';
import type { EnteredKey, SessionContext } from './session/context';
import { dispatch, type CommandHandlers } from './session/dispatch';
import { DriftWatch } from './session/drift-watch';
import { historyCommands } from './session/history-commands';
import { HistoryHost } from './session/history-host';
import type { SessionHost } from './session/host';
import { defaultWsUrl, keyMayGoTo, keyOrigin } from './session/key-origin';
import { keyStorage, type KeyStore } from './session/key-store';
import type { LiveFeedFactory } from './session/live-feed';
import { settingsCommands } from './session/settings-commands';
import type { SettingsStore } from './session/settings-store';
import { tableView, tickerView } from './session/table-view';
import { openVenueLink, roomModeOf, venueDataDir, type VenueLink } from './session/venue-link';
import { OperatorPins, type PinCheck } from './session/operator-pins';
import { printCommands } from './session/print-commands';

export type { SessionHost } from './session/host';

/** A demo venue started on demand (the web runtime and the Electron shell pass main/demo's startDemoVenue). */
export interface DemoHandle {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly key: string;
  close(): Promise<void>;
}

/** Where the demo venue keeps itself between starts (a folder of its own in the data folder). */
export interface DemoPlace {
  readonly stateDir: string;
}

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
  readonly now?: () => number;
  /** Reports a problem the UI cannot show (a corrupt settings file, a failed reconnect). */
  readonly log?: (message: string) => void;
}

/** The running session. */
export interface Session extends SessionHost {
  /** Resolves once the first link attempt finished (successfully or not). */
  readonly started: Promise<void>;
}

export { defaultWsUrl } from './session/key-origin';

const withElsewhereViews = new WeakMap<CashierView, CashierView>();

/**
 * The cashier's view plus other venues' unfinished movements; the same object while the view is (snapshot diffs skip by
 * identity).
 */
function withElsewhere(view: CashierView, elsewhere: readonly string[]): CashierView {
  if (elsewhere.length === 0) return view;
  const cached = withElsewhereViews.get(view);
  if (cached !== undefined) return cached;
  const combined = { ...view, elsewhere };
  withElsewhereViews.set(view, combined);
  return combined;
}

const withReconciliationViews = new WeakMap<CashierView, Map<ReconciliationView | null, CashierView>>();

/** The cashier's view plus the open shift's reconciliation; the same object while neither changed. */
function withReconciliation(view: CashierView, reconciliation: ReconciliationView | null): CashierView {
  const cached = withReconciliationViews.get(view)?.get(reconciliation);
  if (cached !== undefined) return cached;
  const combined = { ...view, reconciliation };
  withReconciliationViews.set(view, new Map([[reconciliation, combined]]));
  return combined;
}

/** The demo venue's own folder in the data folder (beside `venues/demo`, the client's journal for it). */
export const demoStateDir = (dataDir: string): string => join(dataDir, 'demo-venue');

async function holdsAnything(dir: string): Promise<boolean> {
  return readdir(dir).then(
    (names) => names.length > 0,
    () => false,
  );
}

/** Creates and starts a session. */
export async function createSession(options: SessionOptions): Promise<Session> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.error(message));
  const loaded = await options.settingsStore.load();
  if (loaded.problem !== null) log(loaded.problem);
  let settings: Settings = loaded.settings;
  // A key whose store does not know where it was checked (given at start-up, or stored before keys were bound) is
  // bound to the address the session starts with; every later change of address goes through moveVenue.
  const startBinding = settings.venueBaseUrl === null ? null : keyOrigin(settings.venueBaseUrl, settings.venueWsUrl);
  let link: VenueLink | null = null;
  let drift: DriftWatch | null = null;
  let linkProblem: string | null = null;
  let demo: DemoHandle | null = null;
  let freshDemoNext = options.freshDemo ?? false;
  let hasKey = false;
  let closed = false;
  let version = 0;
  let latest: SessionSnapshot | null = null;
  let dirty = true;
  let switching: Promise<void> = Promise.resolve();
  const epoch = randomBytes(8).toString('hex');
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const history = new HistoryHost({ onChange: () => changed(), log });

  function build(): SessionSnapshot {
    const at = now();
    const table = link?.table() ?? null;
    const facts = link?.facts() ?? null;
    const connection =
      link === null || table === null
        ? hasKey || settings.venueBaseUrl === null
          ? ({ kind: 'connecting' } as const)
          : ({ kind: 'no-key' } as const)
        : connectionStatus(link.status(), link.access(), table, at, link.hostOffline());
    const notReady =
      link === null
        ? (linkProblem ??
          (hasKey || settings.venueBaseUrl === null ? 'connecting to the venue' : 'no venue key is set'))
        : null;
    return {
      version,
      epoch,
      at,
      connection,
      venue: {
        venueId: facts?.venueId ?? null,
        name: facts?.name ?? null,
        moneyMode: facts?.moneyMode ?? null,
        roomMoneyMode: roomModeOf(facts),
        demo: settings.venueBaseUrl === null,
        drift: drift?.view() ?? null,
      },
      key: {
        hasKey,
        venue: facts?.venueId ?? null,
        kid: facts?.kid ?? null,
        fromEnvironment: options.keyStore.fixed,
        ...keyStorage(options.keyStore),
      },
      table: table === null ? null : tableView(table),
      ticker: table === null ? [] : tickerView(table),
      cashier:
        link === null
          ? {
              ready: false,
              notReadyReason: notReady,
              tray: [],
              ledger: { totals: { buyIns: 0, cashOuts: 0, net: 0, count: 0, toConfirm: 0, doubles: 0 }, entries: [] },
              shifts: { current: null, past: [], firstShift: false, beforeShifts: 0 },
            }
          : withReconciliation(
              withElsewhere(cashierView(link.cashierSnapshot(), at, link.holdReason()), link.elsewhere),
              link.reconciliation(at),
            ),
      settings,
      history: history.view(),
    };
  }

  const coalescer = new Coalescer(() => {
    if (closed) return;
    version += 1;
    dirty = false;
    latest = build();
    for (const listener of listeners) listener(latest);
  }, options.frameMs);

  function changed(): void {
    dirty = true;
    coalescer.poke();
  }

  async function closeLink(): Promise<void> {
    const previous = link;
    link = null;
    drift?.close();
    drift = null;
    await history.detach();
    await previous?.close();
  }

  async function target(): Promise<{ baseUrl: string; wsUrl: string; key: string; demo: boolean } | null> {
    if (settings.venueBaseUrl === null) {
      if (options.startDemo === undefined) return null;
      if (demo === null) {
        const stateDir = demoStateDir(options.dataDir);
        if (freshDemoNext || !(await holdsAnything(stateDir))) {
          // A new demo venue: a journal left by an earlier one refers to a venue that no longer exists and must not
          // be resumed against this one. The journal goes first, then the venue it belongs to, so a crash between
          // the two never leaves an old journal beside a new venue.
          await rm(venueDataDir(options.dataDir, '', true), { recursive: true, force: true });
          await rm(stateDir, { recursive: true, force: true });
        }
        freshDemoNext = false;
        demo = await options.startDemo({ stateDir });
      }
      return { baseUrl: demo.baseUrl, wsUrl: demo.wsUrl, key: demo.key, demo: true };
    }
    const key = await options.keyStore.get();
    if (key === null) return null;
    const baseUrl = settings.venueBaseUrl;
    const wsUrl = settings.venueWsUrl ?? defaultWsUrl(baseUrl);
    // The key goes only over TLS (loopback aside) and only to the origin it was checked against.
    if (!isSecureOrLoopback(baseUrl) || !isSecureOrLoopback(wsUrl)) {
      linkProblem = 'the venue address must use https (and wss); the key is not sent in clear text';
      return null;
    }
    if (!keyMayGoTo(options.keyStore.boundOrigin() ?? startBinding, baseUrl, settings.venueWsUrl)) {
      linkProblem = 'the key was checked for another venue address; enter it again for this one';
      return null;
    }
    return { baseUrl, wsUrl, key, demo: false };
  }

  async function openForSettings(entered?: EnteredKey): Promise<void> {
    await closeLink();
    linkProblem = null;
    if (settings.venueBaseUrl !== null && demo !== null) {
      const stopping = demo;
      demo = null;
      await stopping.close();
    }
    const where = await target();
    hasKey = where !== null;
    changed();
    if (where === null || closed) return;
    try {
      // The entered key's own answer, only for that key at the origin it was checked against.
      const checked =
        entered !== undefined &&
        !where.demo &&
        entered.key === where.key &&
        entered.checked.origin === keyOrigin(where.baseUrl, settings.venueWsUrl)
          ? entered.checked
          : undefined;
      link = await openVenueLink({
        ...where,
        checked,
        dataDir: options.dataDir,
        openLive: history.watchLive(options.openLive),
        cashierConfig: options.cashierConfig,
        hostProbeMs: options.hostProbeMs,
        onChange: changed,
      });
      const opened = link;
      drift = new DriftWatch(() => opened.client.checkDrift(), changed, log);
      history.attach({ client: opened.client, venueDir: opened.dir, moneyMode: () => opened.facts().moneyMode });
    } catch (error) {
      linkProblem = `could not open the venue session: ${error instanceof Error ? error.message : String(error)}`;
      log(linkProblem);
    }
    changed();
  }

  function reconnect(entered?: EnteredKey): Promise<void> {
    const open = () => openForSettings(entered);
    switching = switching.then(open, open);
    return switching;
  }

  /** Closes the demo venue and starts a new one (state and journal wiped), when the demo is the venue in use. */
  async function startFreshDemo(): Promise<void> {
    if (settings.venueBaseUrl !== null)
      throw new CommandRefusal('no_demo', 'The built-in demo venue is not the venue in use.');
    await closeLink();
    const stopping = demo;
    demo = null;
    await stopping?.close();
    freshDemoNext = true;
    await reconnect();
  }

  const operatorPins = new OperatorPins(options.dataDir);
  const context: SessionContext = {
    requireLink() {
      if (link === null) throw new CommandRefusal('no_venue', linkProblem ?? 'Not connected to a venue yet.');
      return link;
    },
    settings: () => settings,
    async saveSettings(next) {
      await options.settingsStore.save(next);
      settings = next;
      changed();
    },
    keyStore: options.keyStore,
    reconnect,
    startFreshDemo,
    changed,
    now,
    async checkOperatorPin(operator, pin) {
      if (!settings.operatorPin) return;
      let check: PinCheck;
      try {
        check = await operatorPins.check(operator, pin);
      } catch (error) {
        throw new CommandRefusal('blocked', (error as Error).message);
      }
      if (!check.ok) throw new CommandRefusal('blocked', check.reason);
    },
  };
  const handlers: CommandHandlers = {
    'session:get-snapshot': async () => current(),
    ...cashierCommands(context),
    ...settingsCommands(context),
    ...historyCommands(history),
    ...printCommands(context),
  };

  function current(): SessionSnapshot {
    if (latest === null || dirty) {
      // An invoke between pushes gets the freshest state under the next version, so versions never go back.
      version += 1;
      dirty = false;
      latest = build();
    }
    return latest;
  }

  const started = reconnect();

  return {
    started,
    snapshot: current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    invoke: (channel: string, args: unknown): Promise<InvokeOutcome<unknown>> => dispatch(handlers, channel, args, log),
    async close() {
      if (closed) return;
      closed = true;
      coalescer.cancel();
      listeners.clear();
      await switching.catch(() => undefined);
      await closeLink();
      await demo?.close();
      demo = null;
    },
  };
}
