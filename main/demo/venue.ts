/**
 * startDemoVenue: composes the table engine, its real-time runner, the event feed, the host and the idempotency
 * desk, the historical plane and the webhook hub behind one node:http + ws server on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoAppliedMovement, DemoVenue, DemoVenueOptions } from './api';
import { applyMovement, PlayerRegistry } from './engine/movements';
import { houseChurn } from './engine/house-churn';
import { TableEngine } from './engine/table-engine';
import type { VenueWebhooks } from './integrations';
import { EventFeed } from './live/event-feed';
import { LiveFaultSwitches } from './live/live-faults';
import { projectLiveState } from './live/projection';
import { TableRunner } from './live/table-runner';
import { HostMachine, type HostOptions } from './money/host';
import { MovementDesk } from './money/movement-desk';
import { resolveOptions, type ResolvedOptions } from './options';
import { createPlanes } from './planes';
import { createRng } from './rng';
import { createRoster } from './roster';
import type { VenueContext } from './server/context';
import { KeyRing } from './server/key-ring';
import { RateLimiter } from './server/rate-limiter';
import { createRestHandler } from './server/rest-routes';
import { LiveSocketServer } from './server/socket-server';
import { UnknownFieldInjector } from './server/unknown-fields';
import { LostEventSwitch } from './lost-event-fault';
import { cuttableRestHandler, cuttableUpgrade, eventWithNullHandFields, withNullHandFields } from './table-view-faults';
import { createFaults } from './venue-faults';
import { createInspect, type DemoInspectWithAccount } from './venue-inspect';
import type { VenueParts } from './venue-parts';
import { openVenueState, runSeed, VenueStateWriter, type SavedVenue } from './state/venue-state';

/** The regulars the venue knows (the table seats some, walk-ins come from the rest). */
const ROSTER_SIZE = 24;
const TABLE_NAME = 'Main Table';

/** A DemoVenue whose inspect also exposes the chip account. */
export interface RunningDemoVenue extends DemoVenue {
  readonly inspect: DemoInspectWithAccount;
}

/** What the cashier's movements left on the table: the ledger, the players the cashier seated, and the saved file. */
interface CashierBook {
  readonly ledger: DemoAppliedMovement[];
  /** Players a cashier movement touched: the house churn leaves them seated. */
  readonly managedByCashier: Set<string>;
  /** Where the venue is saved (null for a venue without a state folder); set once the table is restored. */
  saver: VenueStateWriter | null;
}

export async function startDemoVenue(input: DemoVenueOptions = {}): Promise<RunningDemoVenue> {
  const { state, options, seed } = openSavedVenue(input);
  const now = (): number => Date.now();
  const venueId = `demo-venue-${options.seed}`;
  const roster = createRoster(options.seed, ROSTER_SIZE);
  const sessionIds = createRng((seed ^ 0x5e55_1011) >>> 0);
  const feed = new EventFeed(options.replayWindow, now);
  const liveFaults = new LiveFaultSwitches();
  const lostEvents = new LostEventSwitch();
  liveFaults.watch(feed);
  const { history, webhooks } = createPlanes(options, roster, options.stakes, venueId, now);
  const registry = new PlayerRegistry(roster);
  const switches: VenueParts['switches'] = {
    forceHandInProgress: false,
    frozen: false,
    lastKnownState: null,
    nullHandFields: false,
    tableViewCut: false,
    apiUpdated: options.apiUpdated,
  };
  const book: CashierBook = { ledger: [], managedByCashier: new Set<string>(), saver: null };
  const churnRng = createRng((seed ^ 0x00c4_0a11) >>> 0);
  const engine = new TableEngine({
    seed,
    seatCount: options.seats,
    roster,
    stakes: options.stakes,
    tableName: TABLE_NAME,
    sessionUid: sessionIds.uuid(),
    now,
    emit: (event) => {
      if (!lostEvents.swallow(event.kind))
        feed.publish(event.kind, eventWithNullHandFields(event.kind, event.payload, switches));
      forwardToWebhooks(webhooks, event.kind, event.payload);
    },
    beforeDeal: (table) => houseChurn(table, { roster, rng: churnRng, managedByCashier: book.managedByCashier }),
    onHandFinished: () => book.saver?.table(engine.savedTable()),
  });
  if (state !== null) restoreSavedVenue(state.venue, input.stateDir as string, { engine, registry, book });
  const runner = new TableRunner(engine, {
    paceMs: options.paceMs,
    betweenHandsMs: options.betweenHandsMs,
    autoplay: options.autoplay,
    onError: (error) => console.error('demo venue: the table stopped', error),
  });
  const host = new HostMachine({
    answerLatencyMs: options.hostAnswerMs,
    serviceTimeoutMs: () => options.hostTimeoutMs,
    blockDeals: () => runner.blockDeals(),
    apply: applyAndRecord({ engine, registry, book, now }),
  });
  const desk = new MovementDesk({
    host,
    hostOnline: () => runner.isHostOnline,
    handInProgress: () => switches.forceHandInProgress || !engine.betweenHands,
    timeoutMs: () => options.hostTimeoutMs,
    settled: state?.venue.movements.map((movement) => [movement.idempotencyKey, movement.answer] as const),
  });
  const keys = new KeyRing();
  keys.issue(options.key, { kid: `kid_${options.key.slice(-8)}`, iat: Math.floor(now() / 1000) });
  const injector = new UnknownFieldInjector();
  const live = { runner, engine, switches, now };
  const context = venueContext({ venueId, options, keys, feed, desk, history, webhooks, injector, liveFaults, live });
  const { sockets, server, port } = await serveVenue(context, switches, options.port);
  const parts: VenueParts = {
    lostEvents,
    options,
    engine,
    runner,
    feed,
    host,
    desk,
    keys,
    sockets,
    injector,
    history,
    webhooks,
    ledger: book.ledger,
    liveFaults,
    switches,
    nextSessionUid: () => sessionIds.uuid(),
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    wsUrl: `ws://127.0.0.1:${port}/v1`,
    key: options.key,
    venueId,
    port,
    resumed: state?.resumed ?? false,
    faults: createFaults(parts),
    inspect: createInspect(parts),
    close: closeOnce(parts, book, server),
  };
}

/** A saved venue keeps its seed (its key and synthetic history derive from it); a new one takes the option's. */
function openSavedVenue(input: DemoVenueOptions): {
  readonly state: ReturnType<typeof openVenueState> | null;
  readonly options: ResolvedOptions;
  readonly seed: number;
} {
  const state =
    input.stateDir === undefined
      ? null
      : openVenueState(input.stateDir, input.freshState ?? false, resolveOptions(input).seed);
  const options = resolveOptions(state === null ? input : { ...input, seed: state.venue.seed });
  return { state, options, seed: runSeed(options.seed, state?.venue.runs ?? 0) };
}

/** The saved movements back in the ledger and the registry, the saved table on the engine, and the file reopened. */
function restoreSavedVenue(
  venue: SavedVenue,
  stateDir: string,
  into: { readonly engine: TableEngine; readonly registry: PlayerRegistry; readonly book: CashierBook },
): void {
  for (const movement of venue.movements) {
    if (movement.applied === null) continue;
    into.book.ledger.push(movement.applied);
    into.book.managedByCashier.add(movement.applied.player_id);
    into.registry.remember(movement.applied.name, movement.applied.player_id);
  }
  if (venue.table !== null) into.engine.restoreTable(venue.table);
  into.book.saver = new VenueStateWriter(stateDir, venue);
}

/** The host's apply: the movement on the table, in the ledger, and saved before its answer can leave. */
function applyAndRecord(parts: {
  readonly engine: TableEngine;
  readonly registry: PlayerRegistry;
  readonly book: CashierBook;
  readonly now: () => number;
}): HostOptions['apply'] {
  const { engine, registry, book, now } = parts;
  return (idempotencyKey, request) => {
    const answer = applyMovement(engine, registry, request);
    const applied: DemoAppliedMovement | null = answer.ok
      ? {
          idempotency_key: idempotencyKey,
          kind: answer.kind,
          player_id: answer.player_id,
          name: answer.player_name,
          seat_id: answer.seat_id,
          amount: answer.amount,
          delta: answer.delta,
          stack_before: answer.stack_before,
          stack_after: answer.stack_after,
          close_session: answer.session_closed,
          at: now(),
        }
      : null;
    if (applied !== null) {
      book.managedByCashier.add(applied.player_id);
      book.ledger.push(applied);
    }
    // On disk before the answer can leave: the key is then settled with this answer across any restart.
    book.saver?.movement({ idempotencyKey, answer, applied, table: engine.savedTable() });
    return answer;
  };
}

/** What the REST routes and the live socket see of the venue. */
function venueContext(
  parts: Pick<
    VenueContext,
    'venueId' | 'keys' | 'feed' | 'desk' | 'history' | 'webhooks' | 'injector' | 'liveFaults'
  > & {
    readonly options: ResolvedOptions;
    readonly live: {
      readonly runner: TableRunner;
      readonly engine: TableEngine;
      readonly switches: VenueParts['switches'];
      readonly now: () => number;
    };
  },
): VenueContext {
  const { options, live, ...shared } = parts;
  const { runner, engine, switches, now } = live;
  return {
    ...shared,
    venueName: 'Demo Card Room',
    tableName: TABLE_NAME,
    stakes: options.stakes,
    now,
    live: () => runner.isHostOnline,
    liveState: () =>
      withNullHandFields(runner.isHostOnline ? projectLiveState(engine, now()) : switches.lastKnownState, switches),
    requestLimiter: new RateLimiter(options.requestsPerMinute, now),
    writeLimiter: new RateLimiter(options.writesPerMinute, now),
    socketsPerKey: options.socketsPerKey,
    frozen: () => switches.frozen,
    apiUpdated: () => switches.apiUpdated,
  };
}

/** The REST routes and the live socket behind one node:http server on 127.0.0.1, each cuttable by a fault. */
async function serveVenue(
  context: VenueContext,
  switches: VenueParts['switches'],
  requestedPort: number,
): Promise<{ readonly sockets: LiveSocketServer; readonly server: Server; readonly port: number }> {
  const sockets = new LiveSocketServer(context);
  const server = createServer(cuttableRestHandler(createRestHandler(context), switches));
  // A client pausing between requests (a walk parsing its pages) must not race the default 5 s idle close of its
  // kept-alive connection; close() still ends every connection at once.
  server.keepAliveTimeout = 60_000;
  server.on(
    'upgrade',
    cuttableUpgrade((request, socket, head) => sockets.handleUpgrade(request, socket, head), switches),
  );
  return { sockets, server, port: await listen(server, requestedPort) };
}

/** close(): everything stops once, however often it is called. */
function closeOnce(parts: VenueParts, book: CashierBook, server: Server): () => Promise<void> {
  const { runner, host, desk, engine, sockets, webhooks } = parts;
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= (async () => {
      runner.close();
      host.close();
      desk.close();
      // Between hands the table is saved as it stands; mid-hand the last save (before the hand) stands.
      if (engine.betweenHands) book.saver?.table(engine.savedTable());
      book.saver?.close();
      await sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await webhooks.close();
    })();
    return closing;
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** payout_applied, end_hand and transaction_applied become the three webhook kinds (payouts precede the hand). */
function forwardToWebhooks(webhooks: VenueWebhooks, kind: string, payload: Record<string, unknown>): void {
  if (kind === 'payout_applied') webhooks.deliver('payout.applied', payload);
  else if (kind === 'transaction_applied') webhooks.deliver('transaction.applied', payload);
  else if (kind === 'end_hand') {
    webhooks.deliver('hand.finished', {
      hand_number: payload.hand_number,
      winner_seats: payload.winner_seats,
      board: payload.board,
      pot: payload.total_pot,
      rake: payload.rake,
      street: payload.street,
      seats: payload.seats,
    });
  }
}
