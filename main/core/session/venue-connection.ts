/**
 * One connection to one venue with one key: opened with the answer of the key's GET /key (asked once, here or where
 * the key was entered), which names the venue, hence its data folder, and binds the key to its origin. It owns the
 * REST client, the live feed and ONE typed stream of what the venue said (already parsed at the edge): each live
 * publication once (the change with the table, standing and coverage it left), access and confirmation, which the
 * cashier link, the venue ledger and history subscribe to. It holds the latest publication (`live`), set before any
 * subscriber is told of it, for the readers outside the stream (the snapshot, the host probe, commands). Until GET
 * /key confirms the venue of a folder taken from memory, the connection holds every money movement (venue-check.ts):
 * its transport refuses and its fresh table reads fail.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import type { KeyCheck } from '../../../preload/contract';
import type { LiveView, ReconnectNow } from '../venue/live-keeper';
import { VenueClient, type KeyAccess } from '../venue/rest-client';
import { initialTable } from '../venue/table-model';
import type { TransactionAction, TransactionAttempt, TransactionRequest } from '../venue/transaction';
import { VenueHostProbe, type HostOffline } from './venue-host-probe';
import { keyOrigin } from './key-origin';
import type { LiveFeed, LiveFeedFactory } from './live-feed';
import { confirmedTransport, createVenueCheck, type VenueCheck } from './venue-check';
import { placeVenue, unfinishedElsewhere, type VenuePlace } from './venue-folder';
import type { Books } from '../storage/books';
import { systemClock } from '../venue/clock';

/**
 * What the venue said, in order: each live publication once (`live.update` is the keeper's record, an event carrying
 * its parsed LiveEvent, so a `transaction_applied` payload is schemas-live's TransactionApplied), the key's access
 * changing, and the moment GET /key confirmed a held venue.
 */
export type VenueUpdate =
  | { readonly type: 'live'; readonly live: LiveView }
  | { readonly type: 'access'; readonly access: KeyAccess }
  | { readonly type: 'confirmed'; readonly at: number };

/** What one GET /key said about the key: the venue it opens and its kid (null: not answered yet). */
export interface KeyIdentity {
  readonly venue: string | null;
  readonly kid: string | null;
}

export interface VenueConnectionOptions {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly key: string;
  /**
   * The answer of the GET /key that just accepted this key where it was entered (key-check.ts): the connection takes
   * the venue and kid from it instead of asking again. Absent for a key from a store or a file: it asks once.
   */
  readonly checked?: KeyCheck;
  /**
   * The client that asked that GET /key, bound to this key and `baseUrl`: the connection sends with it instead of
   * building an identical one. Absent: the connection builds its own.
   */
  readonly client?: VenueClient;
  readonly demo: boolean;
  /** The app's data folder; the venue's own folder (journal, live cache, history) is found under it. */
  readonly dataDir: string;
  /** The books of the data folder: their witness follows a folder adopted into its venue's (venue-folder.ts). */
  readonly books?: Books;
  readonly openLive: LiveFeedFactory;
  /** Quiet time before asking GET /live/state whether the host still streams. */
  readonly hostProbeMs?: number;
  /** Something the snapshot shows changed (the host probe's verdict). */
  readonly onChange: () => void;
}

/** What the connection holds before its feed's first publication: an empty table, nothing proven. */
const NOT_STARTED: LiveView = {
  table: initialTable(),
  status: { phase: 'idle' },
  coverage: null,
  update: { type: 'status', status: { phase: 'idle' } },
};

/** GET /key: which venue the key opens and its kid (null where the answer does not say). */
async function readKeyIdentity(client: VenueClient, signal?: AbortSignal): Promise<KeyIdentity> {
  const info = await client.keyInfo(signal);
  return { venue: info.venue ?? null, kid: info.kid ?? null };
}

/** How long opening waits for GET /key to name the venue before falling back (venue-folder.ts). */
const IDENTIFY_MS = 5_000;
const CONFIRM_RETRY_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

/** Asks GET /key until it confirms the venue (resolves true) or names another (false); `signal` ends it (false). */
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

export class VenueConnection {
  readonly client: VenueClient;
  /** The origins the key is bound to (key-origin.ts). */
  readonly origin: string;
  /** The venue's folder (journal, live cache, history): keyed on its venue_id (venue-folder.ts). */
  readonly dir: string;
  /** The venue that folder is filed under (GET /key's `venue`, or remembered for the address); null: not known. */
  readonly venueId: string | null;
  /** Unfinished movements of other venues' journals in this data folder, in words (found at open). */
  readonly elsewhere: readonly string[];
  private identity: KeyIdentity | null;
  private check: VenueCheck | null = null;
  private feed: LiveFeed | null = null;
  private latest: LiveView = NOT_STARTED;
  private probe: VenueHostProbe | null = null;
  private readonly listeners = new Set<(update: VenueUpdate) => void>();
  private readonly stops: Array<() => void> = [];
  private readonly confirmAbort = new AbortController();
  private confirming: Promise<void> | null = null;

  private constructor(
    private readonly options: VenueConnectionOptions,
    client: VenueClient,
    identity: KeyIdentity | null,
    place: VenuePlace,
    elsewhere: readonly string[],
  ) {
    this.client = client;
    this.identity = identity;
    this.origin = keyOrigin(options.baseUrl, options.wsUrl);
    this.dir = place.dir;
    this.venueId = place.venueId;
    this.elsewhere = elsewhere;
  }

  /** Finds the venue's folder (GET /key once, unless the entered key's answer is given); the live feed waits. */
  static async open(options: VenueConnectionOptions): Promise<VenueConnection> {
    const client = options.client ?? new VenueClient({ baseUrl: options.baseUrl, key: options.key });
    const { checked } = options;
    let answered: KeyIdentity | null = checked === undefined ? null : { venue: checked.venue, kid: checked.kid };
    const identify = async (signal?: AbortSignal): Promise<string | null> => {
      answered = await readKeyIdentity(client, signal);
      return answered.venue;
    };
    // The journal belongs to the venue the key opens, not to the address text.
    const place = await placeVenue(
      options.dataDir,
      options.baseUrl,
      options.demo,
      async () => (answered !== null ? answered.venue : identify(AbortSignal.timeout(IDENTIFY_MS))),
      options.books,
    );
    const connection = new VenueConnection(
      options,
      client,
      answered,
      place,
      await unfinishedElsewhere(options.dataDir, place.dir),
    );
    connection.holdUnlessConfirmed(place);
    return connection;
  }

  /**
   * A folder taken from memory (GET /key failed) may not be the key's venue: nothing is sent, no new movement is
   * taken and no table is read as evidence until GET /key confirms it; another venue's name holds it for good.
   */
  private holdUnlessConfirmed(place: VenuePlace): void {
    if (place.confirmed || place.venueId === null) return;
    this.check = createVenueCheck(
      place.venueId,
      (signal) => this.askIdentity(signal),
      () => this.options.onChange(),
    );
  }

  private async askIdentity(signal?: AbortSignal): Promise<string | null> {
    this.identity = await readKeyIdentity(this.client, signal);
    return this.identity.venue;
  }

  /**
   * The key's GET /key answer: the one it was opened with, else asked now (only until one has come: an entered key
   * is checked once).
   */
  async keyIdentity(): Promise<KeyIdentity> {
    if (this.identity === null) await this.askIdentity();
    return this.identity ?? { venue: null, kid: null };
  }

  /** Subscribes to the connection's one stream; returns the unsubscribe. */
  subscribe(listener: (update: VenueUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(update: VenueUpdate): void {
    for (const listener of [...this.listeners]) listener(update);
  }

  /**
   * Opens the live feed (once every subscriber is in: none misses the first connection's verdict) and starts
   * confirming a held venue. Each publication is held first, then handed down once: a subscriber and a later reader
   * see the same, latest value.
   */
  async startLive(): Promise<void> {
    const feed = await this.options.openLive({
      wsUrl: this.options.wsUrl,
      key: this.options.key,
      dataDir: join(this.dir, 'live'),
      client: this.client,
    });
    this.feed = feed;
    this.stops.push(
      feed.subscribe((live) => {
        this.latest = live;
        this.emit({ type: 'live', live });
      }),
      this.client.onAccessChange((access) => this.emit({ type: 'access', access })),
    );
    this.probe = new VenueHostProbe(
      this.client,
      () => this.latest.table,
      () => this.latest.status.phase === 'open',
      this.options.onChange,
      this.options.hostProbeMs,
    );
    await feed.start();
    const check = this.check;
    if (check !== null) this.confirming = this.confirmLater(check);
  }

  private async confirmLater(check: VenueCheck): Promise<void> {
    const signal = this.confirmAbort.signal;
    const confirmed = await confirmVenue(check, signal).catch(() => false);
    if (confirmed && !signal.aborted) this.emit({ type: 'confirmed', at: systemClock.now() });
  }

  /** The latest publication of the live plane, held here; before the feed's first one, an empty table. */
  get live(): LiveView {
    return this.latest;
  }

  /** "Reconnect now" through the live feed (one attempt however often asked); a feed that cannot hurry is trying. */
  reconnectNow(): ReconnectNow {
    return this.feed?.reconnectNow?.() ?? 'already-trying';
  }

  access(): KeyAccess {
    return this.client.access;
  }

  /** Non-null while the venue says its host is offline (learned by probing a quiet socket). */
  hostOffline(): HostOffline | null {
    return this.probe?.offline() ?? null;
  }

  /** Whether money movements are held: the folder's venue is not confirmed by GET /key (yet, or ever). */
  held(): boolean {
    return this.check !== null && !this.check.confirmed();
  }

  /** Why the connection holds every movement, or null. */
  holdReason(): string | null {
    return this.check?.problem() ?? null;
  }

  /** POST /transactions, sent only once the venue is confirmed; before that the attempt is "not sent" (same key). */
  postTransaction(
    action: TransactionAction,
    request: TransactionRequest,
    signal?: AbortSignal,
  ): Promise<TransactionAttempt> {
    const post = (a: TransactionAction, r: TransactionRequest, s?: AbortSignal) => this.client.postTransaction(a, r, s);
    return confirmedTransport(this.check, post)(action, request, signal);
  }

  /** Throws while the venue is not confirmed (a held table is not evidence); resolves once it is. */
  async requireConfirmed(signal: AbortSignal): Promise<void> {
    const problem = this.check === null ? null : await this.check.confirm(signal);
    if (problem !== null) throw new Error(problem);
  }

  async close(): Promise<void> {
    this.confirmAbort.abort();
    await this.confirming;
    this.probe?.close();
    for (const stop of this.stops.splice(0)) stop();
    this.listeners.clear();
    await this.feed?.close();
  }
}
